import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { getAccessTokenOwner, type TokenOwner } from "@/lib/server/oauth/get-access-token-owner";

export type Scope = "read" | "write";

/** Spec 5.3: the header, the `access_token` query parameter, or a JSON body field. */
export function extractAccessToken(req: Request, body: unknown): string | undefined {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  const fromQuery = new URL(req.url).searchParams.get("access_token");
  if (fromQuery) return fromQuery;
  if (body && typeof body === "object" && "access_token" in body) {
    const value = (body as { access_token?: unknown }).access_token;
    if (typeof value === "string" && value) return value;
  }
  return undefined;
}

export async function authenticateOrThrow(
  db: Db,
  token: string | undefined,
  scope: Scope,
  opts: { firstPartyOnly?: boolean } = {},
): Promise<TokenOwner> {
  if (!token) throw new ApiError("mustBeAuthenticated");
  const owner = await getAccessTokenOwner(db, token);
  if (!owner) throw new ApiError("invalidToken");
  if (!owner.user) throw new ApiError("resourceOwnerNotFound");
  // Before the scope: a third-party token is refused here whatever it may read or write elsewhere.
  if (opts.firstPartyOnly && !owner.firstParty) throw new ApiError("dashboardOnly");
  if (!owner.scopes.includes(scope)) throw new ApiError("invalidScope");
  return owner;
}
