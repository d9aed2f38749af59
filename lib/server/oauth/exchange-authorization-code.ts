import "server-only";
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthCodes, type oauthClients } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";
import { issueToken, type TokenResponse } from "./issue-token";
import { OAuthError } from "./oauth-error";
import { revokeTokenFamily } from "./revoke-token-family";

type Client = typeof oauthClients.$inferSelect;

const invalidGrant = () =>
  new OAuthError(
    "invalid_grant",
    "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
  );

export async function exchangeAuthorizationCode(
  db: Db,
  client: Client,
  input: { code: string | null; redirectUri: string | null; codeVerifier: string | null },
): Promise<TokenResponse> {
  if (!input.code) throw new OAuthError("invalid_request", "code is required.");
  if (!input.redirectUri) throw new OAuthError("invalid_request", "redirect_uri is required.");
  const codeHash = sha256(input.code);

  // Claiming the code and using it happen in one statement, so two concurrent
  // exchanges cannot both succeed.
  const [claimed] = await db
    .update(oauthCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
    .returning();

  if (!claimed) {
    const [replayed] = await db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).limit(1);
    // RFC 6749 §4.1.2: a code used twice revokes what it already issued.
    if (replayed) await revokeTokenFamily(db, replayed.familyId);
    throw invalidGrant();
  }
  if (claimed.clientId !== client.id || claimed.redirectUri !== input.redirectUri) throw invalidGrant();
  if (claimed.expiresAt.getTime() < Date.now()) throw invalidGrant();
  if (claimed.codeChallenge) {
    if (!input.codeVerifier) throw new OAuthError("invalid_request", "code_verifier is required.");
    const computed = crypto.createHash("sha256").update(input.codeVerifier).digest("base64url");
    if (computed !== claimed.codeChallenge) throw invalidGrant();
  }

  return issueToken(db, {
    clientId: client.id,
    userId: claimed.userId,
    scope: claimed.scope,
    familyId: claimed.familyId,
  });
}
