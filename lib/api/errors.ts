// The one catalog of API errors (spec section 7). Each entry is thrown as an
// ApiError and rendered as `{ "error": message }` in one place
// (lib/server/http/respond.ts). Code never branches on message text; it
// compares `code`.

export const apiErrors = {
  invalidScope: { status: 400, message: "invalid_scope" },
  unauthorizedClient: { status: 400, message: "unauthorized_client" },
  resourceOwnerNotFound: { status: 401, message: "Could not find resource owner" },
  resourceOwnerNotEntitled: { status: 401, message: "Resource owner is not entitled" },
  invalidToken: { status: 401, message: "invalid_token" },
  mustBeAuthenticated: { status: 401, message: "Must be authenticated." },
  unauthorizedApplication: { status: 401, message: "Unauthorized application." },
  documentNotFound: { status: 401, message: "Can't find document." },
  userNotFound: { status: 401, message: "Can't find user." },
  noDocumentAcl: { status: 401, message: "No ACLs tying user to document." },
  cannotVoid: { status: 401, message: "Cannot void a document that is not pending or draft." },
  archivedDocumentNotFound: { status: 401, message: "Can't find archived document." },
  noArchivedDocumentAcl: { status: 401, message: "No ACLs tying user to archived document." },
  templateNotFound: { status: 401, message: "Can't find Reusable Template." },
  templateWrongAccount: { status: 401, message: "Unauthorized account for Reusable Template." },
  userBlank: { status: 401, message: "User is blank." },
  notDocumentSender: { status: 401, message: "User is not the document sender." },
  documentNotPending: { status: 401, message: "Document needs to be pending." },
  reminderThreshold: { status: 401, message: "Exceeded send reminder threshold. (30 per document)." },
  sendingRequestNotFound: { status: 404, message: "Sending Request not found." },
  sendingRequestIdNotFound: { status: 404, message: "Sending Request '<ID>' not found." },
  sendingRequestProcessed: { status: 404, message: "Sending Request already processed." },
  accountNotEnabled: { status: 404, message: "User account is not enabled." },
  documentLimitReached: { status: 404, message: "User has reached document limit." },
  badInput: { status: 422, message: "Bad input parameter." },
  roleNameMismatch: { status: 422, message: "The role name supplied (<NAME>) does not match the role name expected." },
  mergeFieldMismatch: { status: 422, message: "Merge field ids/names do not match the reusable template's merge fields." },
  embedHeight: { status: 422, message: "Embed height should be 500 or greater" },
  embedWidth: { status: 422, message: "Embed width should be 706 or greater" },
  signerNameRequired: { status: 422, message: "Signer Name is required" },
  hashEmptyKeys: { status: 422, message: "Hash contains empty keys" },
  sharedWithInvalidEmail: { status: 422, message: "shared_with contains invalid email address" },
  notFound: { status: 404, message: "Not found." },
  // Not in the spec: a method the path does not have (answered with an Allow header).
  methodNotAllowed: { status: 405, message: "Method not allowed." },
  payloadTooLarge: { status: 413, message: "Request body too large." },
  // Not in the spec (8 says "not shown"): the API rate limits of docs/api-decisions.md.
  rateLimited: { status: 429, message: "Rate limit exceeded." },
  // Not in the spec: /ext administration is reserved for the service's own dashboard client.
  dashboardOnly: { status: 403, message: "This endpoint is reserved for the service's own dashboard." },
  // Not in the spec: the password hashing queue is full (/ext/profile/password); try again shortly.
  serverBusy: { status: 503, message: "The server is busy. Try again in a moment." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof apiErrors;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;

  constructor(code: ApiErrorCode, message: string = apiErrors[code].message) {
    super(message);
    this.code = code;
    this.status = apiErrors[code].status;
  }

  /** 422 naming the parameter and why: "Bad input parameter. per_page: must be at most 100." */
  static badInput(param: string, why: string) {
    return new ApiError("badInput", `${apiErrors.badInput.message} ${param}: ${why}`);
  }

  /** 413 naming the route's limit: "Request body too large. At most 1 MB." */
  static payloadTooLarge(limit: string) {
    return new ApiError("payloadTooLarge", `${apiErrors.payloadTooLarge.message} At most ${limit}.`);
  }

  /** 429 naming the limit and when to retry: "Rate limit exceeded. At most 60 send operations per minute; retry in 42 seconds." */
  static rateLimited(what: string, retryAfterSeconds: number) {
    return new ApiError("rateLimited", `${apiErrors.rateLimited.message} At most ${what}; retry in ${retryAfterSeconds} seconds.`);
  }

  static roleNameMismatch(name: string) {
    return new ApiError("roleNameMismatch", apiErrors.roleNameMismatch.message.replace("<NAME>", name));
  }

  static sendingRequestIdNotFound(id: string) {
    return new ApiError("sendingRequestIdNotFound", apiErrors.sendingRequestIdNotFound.message.replace("<ID>", id));
  }
}

/** The body every resource error has. */
export type ApiErrorBody = { error: string };
