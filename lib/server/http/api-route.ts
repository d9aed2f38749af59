import "server-only";
import { ApiError } from "@/lib/api/errors";
import { getDb, type Db } from "@/lib/server/db/client";
import { authorizeOrThrow, extractAccessToken, identifyOrThrow, type Scope } from "./authenticate";
import { countRequest, rateLimitedError, type RateLimitState } from "@/lib/server/rate-limits/count-request";
import { withRateLimitHeaders } from "@/lib/server/rate-limits/rate-limit-headers";
import { rateSubject } from "@/lib/server/rate-limits/rate-subject";
import { rateClassOf, rateRules } from "@/lib/server/rate-limits/rules";
import { errorResponse, json } from "./respond";
import { readApiBody } from "./read-api-body";
import { findUnstorableText, UNSTORABLE_TEXT } from "./invalid-text";
import type { TokenOwner } from "@/lib/server/oauth/get-access-token-owner";

export type ApiVersion = "v1" | "v2";

export type ApiContext = {
  req: Request;
  db: Db;
  auth: TokenOwner & { user: NonNullable<TokenOwner["user"]> };
  version: ApiVersion;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The body, JSON or form-encoded (an object; `{}` when absent), with the mirror wrapper folded in. */
  body: Record<string, unknown>;
};

export type RouteOptions = {
  scope: Scope;
  /** Wrapper object a client may send next to the top-level parameters (spec conventions). */
  mirror?: "document" | "reusable_template";
  /** Versions that have this operation (spec 9); others answer 404. */
  versions?: ApiVersion[];
  /** For routes outside /public/<version> (the /ext extensions): the version their answers follow. */
  fixedVersion?: ApiVersion;
  /** Only tokens of the service's own dashboard client (the /ext administration; see ext-route.ts). */
  firstPartyOnly?: boolean;
  /** The send operations' own, lower rate limits (rate-limits/rules.ts); other routes count as reads or writes by method. */
  rateLimit?: "send";
  handler: (ctx: ApiContext) => Promise<unknown>;
};

type NextRouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

/**
 * A resource-API route: version check, body parsing, authentication and
 * scope, then the handler; whatever it throws is rendered by errorResponse.
 * A handler returns a body to serialise with 200, or a Response.
 */
export function apiRoute(options: RouteOptions) {
  return async (req: Request, context: NextRouteContext): Promise<Response> => {
    let rate: RateLimitState | undefined;
    try {
      // Routes without dynamic segments get no params at all.
      const raw = (await context.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : (v ?? "")]),
      );
      const version = options.fixedVersion ?? params.version;
      if (version !== "v1" && version !== "v2") throw new ApiError("notFound");
      if (options.versions && !options.versions.includes(version)) throw new ApiError("notFound");

      // JSON, or form-encoded on the spec's API (/ext takes JSON only: the dashboard is its one client).
      const { body, invalid } = await readApiBody(req, options.mirror, { forms: !options.fixedVersion });
      const db = await getDb();
      const token = extractAccessToken(req, body);
      const auth: ApiContext["auth"] = await identifyOrThrow(db, token);
      // Counted as soon as the caller is known (usually without the database: quota-ledger.ts), so every answer from here on carries the rate-limit headers.
      rate = await countRequest(db, rateSubject(auth), rateRules(rateClassOf(req.method, options.rateLimit)));
      if (rate.exceeded) throw rateLimitedError(rate);
      authorizeOrThrow(auth, options.scope, { firstPartyOnly: options.firstPartyOnly });
      // A malformed body is reported only to an authenticated caller, after the 401s.
      if (invalid) throw invalid;
      const query = new URL(req.url).searchParams;
      // Every path, query and body string must be text the database can store (NUL bytes, lone surrogates).
      const unstorable =
        findUnstorableText(params) ?? [...query].map(([k, v]) => findUnstorableText({ [k]: v })).find(Boolean) ?? findUnstorableText(body);
      if (unstorable) throw ApiError.badInput(unstorable, UNSTORABLE_TEXT);
      // (The services that change what a cached token owner carries drop it themselves: lib/server/auth-cache.)
      const result = await options.handler({ req, db, auth, version, params, query, body });
      return withRateLimitHeaders(result instanceof Response ? result : json(result), rate);
    } catch (err) {
      return withRateLimitHeaders(errorResponse(err), rate);
    }
  };
}

