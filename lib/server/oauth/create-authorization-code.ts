import "server-only";
import type { Db } from "@/lib/server/db/client";
import { oauthCodes } from "@/lib/server/db/schema";
import { newId, randomToken, sha256 } from "@/lib/server/crypto";
import { AUTHORIZATION_CODE_TTL_SECONDS } from "./constants";
import type { AuthorizeRequest } from "./validate-authorize-request";

/** Issues a single-use code and answers the address to send the user agent to. */
export async function createAuthorizationCode(db: Db, request: AuthorizeRequest, userId: string): Promise<string> {
  const code = randomToken();
  await db.insert(oauthCodes).values({
    id: newId(),
    codeHash: sha256(code),
    clientId: request.client.id,
    userId,
    redirectUri: request.redirectUri,
    scope: request.scope,
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: request.codeChallengeMethod,
    familyId: newId(),
    expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
  });
  return redirectWith(request.redirectUri, { code, state: request.state });
}

export function redirectWith(redirectUri: string, params: Record<string, string | null>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v != null) url.searchParams.set(k, v);
  return url.toString();
}
