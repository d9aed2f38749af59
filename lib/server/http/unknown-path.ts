import "server-only";
import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "./respond";

/** A path under /public or /ext that is no endpoint: 404 `{ "error": "Not found." }`. */
export const apiNotFound = async () => errorResponse(new ApiError("notFound"));

/** A path under /oauth that is no endpoint, in RFC 6749's error shape. */
export const oauthNotFound = async (req: Request) =>
  Response.json(
    {
      error: "invalid_request",
      error_description: `There is no OAuth endpoint at ${new URL(req.url).pathname}; the endpoints are /oauth/authorize, /oauth/token and /oauth/revoke.`,
    },
    { status: 404, headers: { "Cache-Control": "no-store", Pragma: "no-cache" } },
  );
