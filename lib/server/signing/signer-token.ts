import "server-only";
import { hmac, safeEqual } from "@/lib/server/crypto";
import { deriveSecret } from "@/lib/server/secrets";
import { env } from "@/lib/env";

/**
 * A signer's credential is derived from the recipient id rather than stored,
 * so the sign_url can be answered on every read without keeping a usable
 * secret in the database. Whether it still works is decided by the document's
 * state (voided, expired, executed, declined).
 */
export const signerToken = (recipientId: string) => hmac(deriveSecret("signer-token"), recipientId);

export const verifySignerToken = (recipientId: string, token: string | null) =>
  !!token && safeEqual(signerToken(recipientId), token);

export const signUrl = (recipientId: string) =>
  `${env().APP_URL}/sign/${recipientId}?access_token=${signerToken(recipientId)}`;

/** The signer page's address without the credential: what people other than the sender see. */
export const bareSignUrl = (recipientId: string) => `${env().APP_URL}/sign/${recipientId}`;
