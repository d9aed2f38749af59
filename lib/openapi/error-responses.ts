import { apiErrors, type ApiErrorCode } from "@/lib/api/errors";

// Error answers of an operation, from the one error catalog
// (lib/api/errors.ts): grouped by status, each message an example, so the
// reference lists every message the service can answer with its exact text.

/** Spec 7: what every resource endpoint may answer, whatever it does. */
export const RESOURCE_ERRORS: ApiErrorCode[] = [
  "invalidScope",
  "unauthorizedClient",
  "resourceOwnerNotFound",
  "resourceOwnerNotEntitled",
  "invalidToken",
  "mustBeAuthenticated",
  "unauthorizedApplication",
  "badInput",
  "rateLimited",
];

/** Examples of the messages that carry a detail after the catalog's text. */
const EXAMPLE_MESSAGE: Partial<Record<ApiErrorCode, string>> = {
  badInput: "Bad input parameter. per_page: must be an integer between 1 and 100.",
  rateLimited: "Rate limit exceeded. At most 60 send operations per minute; retry in 42 seconds.",
  payloadTooLarge: "Request body too large. At most 1 MB.",
  methodNotAllowed: "Method not allowed. DELETE is not one of this path's methods (GET).",
  roleNameMismatch: "The role name supplied (Client) does not match the role name expected.",
  sendingRequestIdNotFound: "Sending Request '3f2b8c1e-5d0a-4c7e-9a51-0e6f2d7b9c44' not found.",
};

export const exampleMessage = (code: ApiErrorCode) => EXAMPLE_MESSAGE[code] ?? apiErrors[code].message;

/** Status → the catalog codes answered with it, in catalog order. */
export function errorsByStatus(codes: ApiErrorCode[]): Map<number, ApiErrorCode[]> {
  const unique = (Object.keys(apiErrors) as ApiErrorCode[]).filter((c) => codes.includes(c));
  const out = new Map<number, ApiErrorCode[]>();
  for (const code of unique) {
    const status = apiErrors[code].status;
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return out;
}

/** One OpenAPI response object for a status and its messages. */
export function errorResponse(codes: ApiErrorCode[], headers: Record<string, unknown>) {
  const lines = codes.map((c) => `- \`${apiErrors[c].message}\``);
  return {
    description: `\`{ "error": <message> }\` with one of:\n${lines.join("\n")}`,
    headers,
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/Error" },
        examples: Object.fromEntries(codes.map((c) => [c, { summary: apiErrors[c].message, value: { error: exampleMessage(c) } }])),
      },
    },
  };
}
