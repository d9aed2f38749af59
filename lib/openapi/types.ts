import type { z } from "zod";
import type { ApiErrorCode } from "@/lib/api/errors";

export type ApiVersion = "v1" | "v2";
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** One success answer of an operation. */
export type SuccessAnswer = {
  status: "200" | "204" | "3XX";
  description: string;
  /** The zod schema the body follows (output side); none for 204 and redirects. */
  schema?: z.ZodType;
  /** A name for the reference's models list (components.schemas); unnamed schemas get `<operationId>Response`. */
  name?: string;
};

/** One operation of the API as the reference describes it; built into OpenAPI by build-openapi-document.ts. */
export type OperationSpec = {
  operationId: string;
  method: HttpMethod;
  /** Full path with OpenAPI templates, e.g. `/public/v2/documents/{id}` (the builder puts the version in). */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * Who may call it: `resource` = an OAuth access token or private token with `scope`;
   * `dashboard` = /ext, the service's own dashboard client only; `oauth-client` = the
   * token and revoke endpoints (client credentials); `browser` = the authorize redirect.
   */
  auth: "resource" | "dashboard" | "oauth-client" | "browser";
  scope?: "read" | "write";
  /** Query parameters (input side of a zod object). */
  query?: z.ZodObject;
  /** Request body (input side). */
  body?: z.ZodType;
  bodyName?: string;
  /** The body may also be form-encoded with Rails-style nesting (docs/api-decisions.md). */
  form?: boolean;
  /** The body is form-encoded first (OAuth), JSON also accepted. */
  formFirst?: boolean;
  /** Form-encoded only (the consent page's own form). */
  formOnly?: boolean;
  success: SuccessAnswer[];
  /** Catalog errors this operation answers besides the common ones of its kind. */
  errors?: ApiErrorCode[];
  /** Extra documented error answers outside the catalog (OAuth's RFC 6749 shape). */
  oauthErrors?: { status: string; description: string }[];
  /** The lower send limits (rate-limits/rules.ts). */
  rateLimit?: "send";
  /** Only in these versions (spec 9). */
  versions?: ApiVersion[];
  /** Outside the spec (docs/api-decisions.md): marked `x-extension` in the document. */
  extension?: boolean;
};
