import "server-only";
import { env } from "@/lib/env";
import { hmac, safeEqual } from "@/lib/server/crypto";
import { deriveSecret } from "@/lib/server/secrets";

/** Spec 2.4: the upload address is valid 3600 seconds from creation. */
export const UPLOAD_URL_TTL_SECONDS = 3600;

const signatureOf = (id: string, expires: number) => hmac(deriveSecret("upload-urls"), `${id}.${expires}`);

export function uploadUrl(id: string, expiresAt: Date) {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${env().APP_URL}/uploads/sending_requests/${id}?expires=${expires}&signature=${signatureOf(id, expires)}`;
}

export type UploadUrlProblem = "invalid" | "expired";

export function checkUploadUrl(id: string, params: URLSearchParams, now = new Date()): UploadUrlProblem | null {
  const expires = Number(params.get("expires"));
  const signature = params.get("signature");
  if (!Number.isInteger(expires) || !signature || !safeEqual(signatureOf(id, expires), signature)) return "invalid";
  if (expires * 1000 < now.getTime()) return "expired";
  return null;
}
