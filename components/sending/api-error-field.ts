// The dashboard's one mapping of API errors: which control an error belongs
// to, and the sentence a person reads instead of the API's. The dashboard is
// an API client and only has the error text, so it reads the spec's fixed
// messages and the parameter named by "Bad input parameter. <param>: …"
// (docs/api-decisions.md). Pure, so server actions and forms share it.

/** The spec's fixed messages: the parameter each concerns, and what a person is told instead. */
const FIXED: { pattern: RegExp; param: string | null; human: (m: RegExpExecArray) => string }[] = [
  { pattern: /^The role name supplied \((.*)\) does not match the role name expected\.?$/, param: "roles", human: (m) => `This template has no role called “${m[1]}”.` },
  { pattern: /^Signer Name is required/, param: "roles", human: () => "Enter the name of every signer." },
  { pattern: /^Merge field ids\/names do not match/, param: "merge_field_values", human: () => "One of the merge values is for a field this template does not have. Reload the page and try again." },
  { pattern: /^Embed width should be/, param: "api_embed_width", human: () => "The iframe must be at least 706 pixels wide." },
  { pattern: /^Embed height should be/, param: "api_embed_height", human: () => "The iframe must be at least 500 pixels high." },
  { pattern: /^shared_with contains invalid email address/, param: "shared_with", human: () => "One of the addresses is not an e-mail address. Use the form name@example.com." },
  { pattern: /^Hash contains empty keys/, param: "tags", human: () => "Every tag needs a name." },
  { pattern: /^User account is not enabled/, param: null, human: () => "Your account is not enabled for sending documents. Ask your administrator to enable it." },
  { pattern: /^User has reached document limit/, param: null, human: () => "Your account has reached its document limit, so no new document can be made." },
  { pattern: /^Can't find document|^No ACLs tying user to document/, param: null, human: () => "This document does not exist, or you do not have access to it." },
  { pattern: /^Can't find Reusable Template|^Unauthorized account for Reusable Template/, param: null, human: () => "This template does not exist, or it belongs to another account." },
  { pattern: /^Can't find archived document|^No ACLs tying user to archived document/, param: null, human: () => "This archived document does not exist, or you do not have access to it." },
  { pattern: /^User is not the document sender/, param: null, human: () => "Only the sender of this document can do that." },
  { pattern: /^Document needs to be pending/, param: null, human: () => "That is only possible while the document is waiting for signatures." },
  { pattern: /^Cannot void a document/, param: null, human: () => "Only a document that is waiting for signatures, or a draft, can be voided." },
  { pattern: /^Exceeded send reminder threshold/, param: null, human: () => "This document has had 30 reminders already; no more can be sent." },
  { pattern: /^Sending Request already processed/, param: null, human: () => "This file was already processed. Start again with the file to send it once more." },
  { pattern: /^Sending Request .*not found/, param: null, human: () => "This upload no longer exists. Start again with the file." },
  { pattern: /^Rate limit exceeded\..*retry in (\d+) seconds/, param: null, human: (m) => `Too many requests just now. Try again in ${m[1]} seconds.` },
  { pattern: /^Request body too large/, param: null, human: () => "That is too much to send at once." },
  { pattern: /^(invalid_token|Must be authenticated|Could not find resource owner)/, param: null, human: () => "Your session has ended. Sign in again to continue." },
  { pattern: /^invalid_scope/, param: null, human: () => "Your session is not allowed to do that. Sign out and in again." },
  { pattern: /^Not found\.?$/, param: null, human: () => "That item no longer exists." },
];

const BAD_INPUT = /^Bad input parameter\.\s*(?:([^\s:]+):\s*)?([\s\S]*)$/;

/** What a parameter is called on the dashboard's forms, for messages that name it. */
function labelOf(param: string): string {
  const keys = [...param.matchAll(/[a-z_]+|\d+/g)].map((m) => m[0]).filter((k) => k !== "document" && k !== "definition");
  const [head, index, leaf] = keys;
  const n = index !== undefined && /^\d+$/.test(index) ? Number(index) + 1 : undefined;
  const leafLabel: Record<string, string> = {
    signer_email: "e-mail address",
    signer_name: "name",
    name: "role name",
    sequence: "sequence number",
    message: "message",
    value: "value",
  };
  if (head === "roles" && n !== undefined && leaf) return `Signer ${n}’s ${leafLabel[leaf] ?? leaf.replace(/_/g, " ")}`;
  if (head === "merge_field_values" && n !== undefined) return `Merge value ${n}`;
  if (head === "fields" && n !== undefined) return `Field ${n}`;
  if (head === "merge_fields" && n !== undefined) return `Merge field ${n}`;
  const labels: Record<string, string> = {
    name: "The name",
    expires_in: "The number of days before it expires",
    pin: "The PIN",
    tags: "Tags",
    shared_with: "Shared with",
    callback_url: "The callback address",
    redirect_url: "The redirect address",
    roles: "Signers",
    merge_field_values: "Merge values",
    api_embed_width: "The iframe width",
    api_embed_height: "The iframe height",
    kba: "Knowledge-based authentication",
    file: "The file",
    fields: "Fields",
    recipients: "Signers",
    base_version: "This template",
    id: "This document",
    redirect_uri: "The redirect address",
    scope: "The scope",
  };
  return labels[head ?? ""] ?? "This value";
}

/** Snake-case words of the API's explanations in the words of the dashboard. */
const humanWords = (s: string) =>
  s
    .replace(/\b(?:an? )?signer_email\b/g, "an e-mail address")
    .replace(/\b(?:an? )?signer_name\b/g, "a name")
    .replace(/\bsigner_sequencing\b/g, "signing in sequence")
    .replace(/\bsigner_omitted\b/g, "omitting a signer")
    .replace(/\bexpires_in\b/g, "the days before it expires")
    .replace(/\bupload_url\b/g, "the upload address")
    .replace(/\b([a-z]+)_([a-z_]+)\b/g, (w) => w.replace(/_/g, " "));

const sentence = (s: string) => {
  const t = s.trim();
  if (!t) return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?…”"]$/.test(first) ? first : `${first}.`;
};

/** A "why" of "Bad input parameter. <param>: <why>" as a sentence about the control it names. */
export function humanInputError(param: string, why: string): string {
  const w = why.trim().replace(/\.$/, "");
  const label = labelOf(param);
  let m: RegExpExecArray | null;
  if (/^is required$/.test(w) || /^must not be empty$/.test(w)) return `${label} is required.`;
  if ((m = /^must be an integer between (\d+) and (\d+)$/.exec(w))) return `${label} must be a whole number from ${m[1]} to ${m[2]}.`;
  if (/^must be an e-mail address$/.test(w)) return `${label}: enter a valid address, like name@example.com.`;
  if ((m = /^(must|should|cannot|can only|is|are|has|needs) (.*)$/.exec(w))) return `${label} ${m[1]} ${humanWords(m[2]!)}.`;
  // An explanation that is a sentence of its own ("the role "Client" needs …", "“Client” has no field …").
  if (/^(the |“|")/i.test(w)) return sentence(humanWords(w));
  return `${label}: ${humanWords(w)}.`;
}

/** The message a person reads for an API error (its text as the API answered). Unknown texts are passed through. */
export function humanApiMessage(message: string): string {
  for (const f of FIXED) {
    const m = f.pattern.exec(message);
    if (m) return f.human(m);
  }
  const bad = BAD_INPUT.exec(message);
  if (bad) return bad[1] ? humanInputError(bad[1], bad[2] ?? "") : sentence(bad[2] || "Some details are not valid.");
  return message;
}

/** A schema issue of the API's contract (path and words, as a form's resolver sees it) in the dashboard's words. */
export function humanIssue(path: readonly PropertyKey[], message: string): string {
  const fixed = humanApiMessage(message);
  if (fixed !== message || path.length === 0) return sentence(fixed);
  const param = path.map((k, i) => (i === 0 ? String(k) : `[${String(k)}]`)).join("");
  return humanInputError(param, message);
}

/** The parameter an API error concerns, as the API wrote it ("document[roles][0][signer_email]", "tags"), or null. */
export function apiErrorParam(message: string): string | null {
  for (const f of FIXED) if (f.pattern.test(message)) return f.param;
  return BAD_INPUT.exec(message)?.[1] ?? null;
}

const PARAMS: Record<string, string> = {
  roles: "roles",
  merge_field_values: "merge",
  merge_field_identifier: "merge",
  tags: "tags",
  shared_with: "shared_with",
  kba: "kba",
  pin: "pin",
  expires_in: "expires_in",
  name: "name",
  message: "message",
  callback_url: "callback_url",
  in_person: "in_person",
  api_embed_width: "api_embed_width",
  api_embed_height: "api_embed_height",
  signer_sequencing: "signer_sequencing",
  identity_method: "identity_method",
  file: "file",
};

const ROLE_LEAVES = new Set(["name", "signer_name", "signer_email", "sequence", "message", "is_sender", "signer_omitted"]);

/**
 * Which control of the sending forms an API error belongs to: a form path
 * ("roles.0.signer_email", "tags"), or null for errors shown at the top of
 * the form. Takes the API's message or the parameter (ActionResult.field).
 */
export function fieldForApiError(messageOrParam: string, topLevel: Record<string, string> = {}): string | null {
  const param = apiErrorParam(messageOrParam) ?? (/^[a-z_]+(\[[^\]]*\])*$/.test(messageOrParam) ? messageOrParam : null);
  if (!param) return null;
  // One-off requests nest most parameters under document[…]; `topLevel` renames
  // the few top-level ones that mean something else there (its callback_url).
  const nested = /^document\[([a-z_]+)\](.*)$/.exec(param);
  const root = nested ? nested[1]! : (/^([a-z_]+)/.exec(param)?.[1] ?? "");
  const rest = nested ? nested[2]! : param.slice(root.length);
  if (!nested && topLevel[root]) return topLevel[root]!;
  if (root === "roles") {
    const m = /^\[(\d+)\]\[([a-z_]+)\]/.exec(rest);
    if (m && ROLE_LEAVES.has(m[2]!)) return `roles.${m[1]}.${m[2]}`;
  }
  return PARAMS[root] ?? null;
}

/** The DOM id of the control at a form path (the forms use "roles-0-signer_email" for "roles.0.signer_email"). */
export const controlIdOf = (path: string) => path.replace(/\./g, "-");
