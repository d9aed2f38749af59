import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { getAccessTokenOwner, type TokenOwner } from "@/lib/server/oauth/get-access-token-owner";

export type Scope = "read" | "write";

/** A token owner whose user exists (what every handler gets). */
export type AuthenticatedOwner = TokenOwner & { user: NonNullable<TokenOwner["user"]> };

/**
 * Spec 5.3: `Authorization: Bearer <token>`, the `access_token` query
 * parameter, or the body field. Also `Authorization: Basic <base64(token)>`,
 * the form the real service documents for private tokens (and
 * `base64(token:)`, what HTTP libraries send for a user name with an empty
 * password); it works for OAuth access tokens too.
 */
export function extractAccessToken(req: Request, body: unknown): string | undefined {
  const header = req.headers.get("authorization");
  if (header) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (bearer) return bearer[1];
    const basic = /^Basic\s+([A-Za-z0-9+/_-]+={0,2})\s*$/i.exec(header);
    const fromBasic = basic ? tokenFromBasic(basic[1]!) : undefined;
    if (fromBasic) return fromBasic;
  }
  const fromQuery = new URL(req.url).searchParams.get("access_token");
  if (fromQuery) return fromQuery;
  if (body && typeof body === "object" && "access_token" in body) {
    const value = (body as { access_token?: unknown }).access_token;
    if (typeof value === "string" && value) return value;
  }
  return undefined;
}

/**
 * `token` or `token:` base64-encoded. A user name with a password is client
 * credentials (the OAuth endpoints' form), not a token: ignored here.
 */
function tokenFromBasic(encoded: string): string | undefined {
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const token = decoded.endsWith(":") ? decoded.slice(0, -1) : decoded;
  return /^[\x21-\x39\x3b-\x7e]+$/.test(token) ? token : undefined;
}

/** Who the token acts for: 401 when there is none, it is not live, or its user is gone. */
export async function identifyOrThrow(db: Db, token: string | undefined): Promise<AuthenticatedOwner> {
  if (!token) throw new ApiError("mustBeAuthenticated");
  const owner = await getAccessTokenOwner(db, token);
  if (!owner) throw new ApiError("invalidToken");
  if (!owner.user) throw new ApiError("resourceOwnerNotFound");
  return owner as AuthenticatedOwner;
}

/** Whether this token may make this call: the /ext lane (403), then the scope (400). */
export function authorizeOrThrow(owner: TokenOwner, scope: Scope, opts: { firstPartyOnly?: boolean } = {}) {
  // Before the scope: a third-party token is refused here whatever it may read or write elsewhere.
  if (opts.firstPartyOnly && !owner.firstParty) throw new ApiError("dashboardOnly");
  if (!owner.scopes.includes(scope)) throw new ApiError("invalidScope");
}

export async function authenticateOrThrow(
  db: Db,
  token: string | undefined,
  scope: Scope,
  opts: { firstPartyOnly?: boolean } = {},
): Promise<AuthenticatedOwner> {
  const owner = await identifyOrThrow(db, token);
  authorizeOrThrow(owner, scope, opts);
  return owner;
}
