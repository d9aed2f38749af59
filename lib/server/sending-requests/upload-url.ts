import "server-only";
import { env } from "@/lib/env";
import { hmac, safeEqual } from "@/lib/server/crypto";
import { deriveSecret } from "@/lib/server/secrets";

/** Spec 2.4: the upload address is valid 3600 seconds from creation. */
export const UPLOAD_URL_TTL_SECONDS = 3600;

/** What an upload address is for; each kind has its own path and its own signatures. */
export type UploadKind = "sending_requests" | "template_uploads";

// Sending-request signatures cover `<id>.<expires>` (kept as first issued); other kinds add their name.
const signatureOf = (kind: UploadKind, id: string, expires: number) =>
  hmac(deriveSecret("upload-urls"), kind === "sending_requests" ? `${id}.${expires}` : `${kind}/${id}.${expires}`);

export function uploadUrl(id: string, expiresAt: Date, kind: UploadKind = "sending_requests") {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${env().APP_URL}/uploads/${kind}/${id}?expires=${expires}&signature=${signatureOf(kind, id, expires)}`;
}

export type UploadUrlProblem = "invalid" | "expired";

export function checkUploadUrl(id: string, params: URLSearchParams, kind: UploadKind = "sending_requests", now = new Date()): UploadUrlProblem | null {
  const expires = Number(params.get("expires"));
  const signature = params.get("signature");
  if (!Number.isInteger(expires) || !signature || !safeEqual(signatureOf(kind, id, expires), signature)) return "invalid";
  if (expires * 1000 < now.getTime()) return "expired";
  return null;
}
