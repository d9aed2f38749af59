import "server-only";
import { hmac, safeEqual } from "@/lib/server/crypto";
import { deriveSecret, getAppSecret } from "@/lib/server/secrets";
import { env } from "@/lib/env";

/** What a signing link is derived from: the recipient and how many times the sender re-issued their link. */
export type SignerLink = { id: string; linkVersion: number };

/**
 * A signer's credential is derived from the recipient id rather than stored,
 * so the sign_url can be answered on every read without keeping a usable
 * secret in the database. Whether it still works is decided by the document's
 * state (voided, expired, executed, declined).
 *
 * Editing a pending recipient's name or e-mail bumps `link_version`: the token
 * is then an HMAC over (id, version), so every earlier link stops working at
 * once. Version 0 keeps the original derivation (the id alone), so links sent
 * before versions existed keep working. Ids are UUIDs (no ":"), so a versioned
 * input can never equal another recipient's unversioned one.
 */
export const signerToken = (r: SignerLink) => hmac(signerTokenKey(), r.linkVersion > 0 ? `${r.id}:v${r.linkVersion}` : r.id);

// Derived once per app secret, not per link: a list page answers a sign_url for each of hundreds of recipients.
let derived: { secret: string; key: string } | undefined;
function signerTokenKey() {
  const secret = getAppSecret();
  if (derived?.secret !== secret) derived = { secret, key: deriveSecret("signer-token") };
  return derived.key;
}

export const verifySignerToken = (r: SignerLink, token: string | null) => !!token && safeEqual(signerToken(r), token);

export const signUrl = (r: SignerLink) => `${env().APP_URL}/sign/${r.id}?access_token=${signerToken(r)}`;

/** The signer page's address without the credential: what people other than the sender see. */
export const bareSignUrl = (r: SignerLink | string) => `${env().APP_URL}/sign/${typeof r === "string" ? r : r.id}`;
