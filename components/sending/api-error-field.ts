/**
 * Which control an API error belongs to. The dashboard is an API client and
 * only has the error text, so it reads the spec's fixed messages and the
 * parameter named by "Bad input parameter. <param>: …" (docs/api-decisions.md).
 * Returns a form path, or null for errors shown at the top of the form.
 */
const FIXED: [RegExp, string][] = [
  [/^The role name supplied/, "roles"],
  [/^Signer Name is required/, "roles"],
  [/^Merge field ids\/names do not match/, "merge"],
  [/^Embed width should be/, "api_embed_width"],
  [/^Embed height should be/, "api_embed_height"],
  [/^shared_with contains invalid email address/, "shared_with"],
  [/^Hash contains empty keys/, "tags"],
];

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

export function fieldForApiError(message: string, topLevel: Record<string, string> = {}): string | null {
  for (const [pattern, field] of FIXED) if (pattern.test(message)) return field;
  const param = /^Bad input parameter\. ([^:\s]+):/.exec(message)?.[1];
  if (!param) return null;
  // One-off requests nest most parameters under document[…]; `topLevel` renames
  // the few top-level ones that mean something else there (its callback_url).
  const nested = /^document\[([a-z_]+)\]/.exec(param)?.[1];
  if (nested) return PARAMS[nested] ?? null;
  const root = /^([a-z_]+)/.exec(param)?.[1] ?? "";
  return topLevel[root] ?? PARAMS[root] ?? null;
}
