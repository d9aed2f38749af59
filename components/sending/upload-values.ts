import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver } from "react-hook-form";
import { fieldForApiError, humanIssue } from "./api-error-field";
import { emailRowsToList, tagRowsToObject, type EmailRow, type TagRow } from "./row-values";

export type UploadRoleRow = {
  name: string;
  signer_name: string;
  signer_email: string;
  sequence: string;
  message: string;
  is_sender: boolean;
};

/** The one-off wizard's inputs (spec 4.6). Strings throughout so empty inputs stay empty. */
export type UploadValues = {
  file: File | null;
  name: string;
  signer_sequencing: boolean;
  identity_method: "email" | "none";
  expires_in: string;
  pin: string;
  callback_url: string;
  request_callback_url: string;
  api_embedded: boolean;
  api_embed_width: string;
  api_embed_height: string;
  kba: boolean;
  roles: UploadRoleRow[];
  tags: TagRow[];
  shared_with: EmailRow[];
};

export type UploadBody = Record<string, unknown>;

export const newUploadRole = (index: number): UploadRoleRow => ({
  name: `Signer ${index + 1}`,
  signer_name: "",
  signer_email: "",
  sequence: String(index),
  message: "",
  is_sender: false,
});

export const defaultUploadValues = (): UploadValues => ({
  file: null,
  name: "",
  signer_sequencing: false,
  identity_method: "email",
  expires_in: "30",
  pin: "",
  callback_url: "",
  request_callback_url: "",
  api_embedded: false,
  api_embed_width: "706",
  api_embed_height: "700",
  kba: false,
  roles: [newUploadRole(0)],
  tags: [],
  shared_with: [],
});

/** Form values → the body of POST /sending_requests. */
export function toUploadBody(v: UploadValues, kbaAllowed: boolean): UploadBody {
  const opt = (s: string) => (s.trim() === "" ? undefined : s.trim());
  const document = {
    name: v.name,
    signer_sequencing: v.signer_sequencing,
    // Per-role messages are used when the sender wrote any.
    personalized_messages: v.roles.some((r) => r.message.trim()) || undefined,
    identity_method: v.identity_method,
    expires_in: v.expires_in.trim(),
    pin: opt(v.pin),
    callback_url: opt(v.callback_url),
    api_embedded: v.api_embedded || undefined,
    api_embed_width: v.api_embedded ? v.api_embed_width.trim() : undefined,
    api_embed_height: v.api_embedded ? v.api_embed_height.trim() : undefined,
    kba: kbaAllowed ? v.kba : undefined,
    roles: v.roles.map((r) => ({
      name: r.name,
      signer_name: r.signer_name,
      signer_email: r.signer_email,
      // Without sequencing the list order is the order (docs/api-decisions.md), so no sequence is sent.
      sequence: v.signer_sequencing ? r.sequence.trim() : undefined,
      message: opt(r.message),
      is_sender: r.is_sender || undefined,
    })),
    tags: tagRowsToObject(v.tags),
    shared_with: v.shared_with.some((e) => e.email.trim()) ? emailRowsToList(v.shared_with) : undefined,
  };
  const body = {
    file: { name: v.file?.name ?? "", source: "upload" },
    document,
    callback_url: opt(v.request_callback_url),
    sending_request: {},
  };
  return JSON.parse(JSON.stringify(body)) as UploadBody;
}

function formPath(path: PropertyKey[], message: string): string {
  const p = path.map(String);
  if (p[0] === "file") return "file";
  if (p[0] === "callback_url") return "request_callback_url";
  if (p[0] !== "document") return "root.form";
  const [, key, index, field] = p;
  if (!key) return fieldForApiError(message) ?? "root.form";
  if (key === "roles") return index !== undefined && field ? `roles.${index}.${field}` : "roles";
  return key;
}

/**
 * The wizard's resolver: the API's own schema for POST /sending_requests
 * (createSendingRequestBody of lib/api/sending.ts) run on the body the form
 * will send, each issue shown at its control; plus "a file is chosen".
 */
export function uploadResolver(kbaAllowed: boolean): Resolver<UploadValues, unknown, UploadBody> {
  return async (values, _context, options) => {
    const body = toUploadBody(values, kbaAllowed);
    // The API's schema (zod) loads at the first check, not with the page.
    const { createSendingRequestBody } = await import("@/lib/api/sending");
    const parsed = createSendingRequestBody.safeParse(body);
    const flat: Record<string, FieldError> = {};
    if (!values.file) flat.file = { type: "required", message: "Choose a PDF, PNG or JPEG file to send." };
    if (!parsed.success) {
      // The schema's words are the API's ("is required."): shown as the dashboard's sentence about the control.
      for (const issue of parsed.error.issues) flat[formPath(issue.path, issue.message)] ??= { type: issue.code, message: humanIssue(issue.path, issue.message) };
    }
    if (Object.keys(flat).length === 0) return { values: body, errors: {} };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
