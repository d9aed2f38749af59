import "server-only";
import { log } from "@/lib/server/observability/logger";

/**
 * Errors of the signer page's calls, rendered as `{ error, field? }`. The
 * texts are written for the signer, who is not a developer.
 */
export class SigningError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  static invalidLink() {
    return new SigningError(404, "This signing link is not valid. Use the link from your e-mail.");
  }

  static closed(state: string) {
    const why: Record<string, string> = {
      voided: "The sender voided this document.",
      expired: "This document expired before it was signed.",
      executed: "Everyone has signed this document.",
      declined: "A signer declined this document.",
      draft: "This document has not been sent yet.",
    };
    return new SigningError(409, `${why[state] ?? "This document is closed."} It can no longer be signed here.`);
  }
}

export function signingErrorResponse(err: unknown): Response {
  if (err instanceof SigningError) {
    return Response.json({ error: err.message, ...(err.field ? { field: err.field } : {}) }, { status: err.status, headers: { "Cache-Control": "no-store" } });
  }
  log("signing").error({ err }, "unexpected error");
  return Response.json({ error: "Something went wrong on our side. Please try again." }, { status: 500 });
}
