import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, Resolver } from "react-hook-form";
import type { ZodType } from "zod";
import type { ReusableTemplateResource } from "@/lib/api/templates";
import { humanIssue } from "./api-error-field";
import { emailRowsToList, tagRowsToObject, type EmailRow, type TagRow } from "./row-values";

export type TemplateFormMode = "send" | "embed";

export type RoleRow = {
  name: string;
  signer_name: string;
  signer_email: string;
  message: string;
  is_sender: boolean;
  signer_omitted: boolean;
};
export type MergeRow = { name: string; type: "text" | "date"; value: string };

/** What the inputs hold. Strings throughout, so an empty input stays empty instead of becoming 0. */
export type TemplateSendValues = {
  name: string;
  message: string;
  expires_in: string;
  pin: string;
  callback_url: string;
  in_person: boolean;
  kba: boolean;
  roles: RoleRow[];
  merge: MergeRow[];
  tags: TagRow[];
  shared_with: EmailRow[];
  api_embed_width: string;
  api_embed_height: string;
};

/** The request body as the API reads it (what `onSubmit` receives once the API's schema accepts it). */
export type TemplateSendBody = Record<string, unknown>;

/** One row per template role and one input per merge field name (values are sent by name, so one name = one value). */
export function defaultTemplateSendValues(t: ReusableTemplateResource): TemplateSendValues {
  const merge = new Map<string, MergeRow>();
  for (const c of t.merge_field_components) {
    const seen = merge.get(c.name);
    // A name used by a date component is a date: a text value would be refused for it.
    if (!seen || c.type === "date") merge.set(c.name, { name: c.name, type: c.type, value: "" });
  }
  return {
    name: t.name,
    message: "",
    expires_in: String(t.expires_in),
    pin: "",
    callback_url: "",
    in_person: false,
    kba: t.kba,
    roles: [...t.roles]
      .sort((a, b) => a.sequence - b.sequence)
      .map((r) => ({ name: r.name, signer_name: r.signer_name, signer_email: r.signer_email, message: r.message, is_sender: false, signer_omitted: false })),
    merge: [...merge.values()],
    // What the form shows is what the document gets: the template's tags, editable.
    tags: Object.entries(t.tags).map(([key, value]) => ({ key, value: value ?? "" })),
    // Not the template's list: the API does not copy it to documents, and sharing is the sender's choice per document.
    shared_with: [],
    api_embed_width: "706",
    api_embed_height: "700",
  };
}

type BodyOptions = { mode: TemplateFormMode; kbaAllowed: boolean; sequencing: boolean };

/** Form values → API body; `mergeRows[i]` is the form row of `merge_field_values[i]` (empty values are not sent). */
export function toTemplateSendBody(v: TemplateSendValues, o: BodyOptions) {
  const opt = (s: string) => (s.trim() === "" ? undefined : s.trim());
  const mergeRows: number[] = [];
  const mergeValues: { name: string; value: string }[] = [];
  v.merge.forEach((m, i) => {
    if (m.value.trim() === "") return;
    mergeRows.push(i);
    mergeValues.push({ name: m.name, value: m.value.trim() });
  });
  const body: TemplateSendBody = {
    name: v.name,
    message: opt(v.message),
    expires_in: v.expires_in.trim(),
    pin: opt(v.pin),
    callback_url: opt(v.callback_url),
    roles: v.roles.map((r) => ({
      name: r.name,
      signer_name: opt(r.signer_name),
      signer_email: opt(r.signer_email),
      message: opt(r.message),
      is_sender: r.is_sender || undefined,
      signer_omitted: o.sequencing && r.signer_omitted ? true : undefined,
    })),
    merge_field_identifier: mergeValues.length ? "name" : undefined,
    merge_field_values: mergeValues.length ? mergeValues : undefined,
    tags: tagRowsToObject(v.tags),
    shared_with: v.shared_with.some((e) => e.email.trim()) ? emailRowsToList(v.shared_with) : undefined,
    kba: o.kbaAllowed ? v.kba : undefined,
  };
  if (o.mode === "send") body.in_person = v.in_person;
  if (o.mode === "embed") {
    body.api_embed_width = v.api_embed_width.trim();
    body.api_embed_height = v.api_embed_height.trim();
  }
  return { body: JSON.parse(JSON.stringify(body)) as TemplateSendBody, mergeRows };
}

/** Where an issue of the API schema is shown in this form. */
function formPath(path: PropertyKey[], mergeRows: number[]): string {
  const [head, index, field] = path.map(String);
  if (head === "roles") return index !== undefined && field ? `roles.${index}.${field}` : "roles";
  if (head === "merge_field_values") {
    const row = index !== undefined ? mergeRows[Number(index)] : undefined;
    return row !== undefined && field === "value" ? `merge.${row}.value` : "merge";
  }
  if (head === "merge_field_identifier") return "merge";
  return head ?? "root.form";
}

/**
 * The form's resolver: the very schema the API parses the request with
 * (sendDocumentBody / embedDocumentBody of lib/api/sending.ts), applied to the
 * body the form will send, with each issue shown at its control.
 */
export function templateSendResolver(o: BodyOptions): Resolver<TemplateSendValues, unknown, TemplateSendBody> {
  // The API's schema (zod) loads at the first check, not with the page.
  let schema: Promise<ZodType> | undefined;
  return async (values, _context, options) => {
    schema ??= import("@/lib/api/sending").then((m) => (o.mode === "embed" ? m.embedDocumentBody("v2") : m.sendDocumentBody("v2")));
    const { body, mergeRows } = toTemplateSendBody(values, o);
    const parsed = (await schema).safeParse(body);
    if (parsed.success) return { values: body, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const path = formPath(issue.path, mergeRows);
      flat[path] ??= { type: issue.code, message: humanIssue(issue.path, issue.message) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
