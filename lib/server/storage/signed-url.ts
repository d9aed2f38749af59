import "server-only";
import { env } from "@/lib/env";
import { hmac, safeEqual } from "@/lib/server/crypto";
import { deriveSecret } from "@/lib/server/secrets";
import { assertValidKey } from "./storage";

const DEFAULT_TTL_SECONDS = 60 * 60;
// Expiries are rounded up to this step so that the same file asked for twice
// within a few minutes gets the very same URL, which browsers can cache.
const EXPIRY_STEP_SECONDS = 10 * 60;

// The message is JSON so no choice of key/filename can make two different
// (key, expires, filename) triples sign the same bytes.
const signatureOf = (key: string, expires: number, filename: string | null) =>
  hmac(deriveSecret("file-urls"), JSON.stringify([key, expires, filename]));

/** `/files/a/b c.pdf` with each segment escaped; the route decodes them back to the key. */
export const filePath = (key: string) => `/files/${key.split("/").map(encodeURIComponent).join("/")}`;

/**
 * An absolute, time-limited address of a stored file:
 * `${APP_URL}/files/<key>?expires=<unix seconds>&signature=<hmac>` (+ `filename`
 * when given, which makes the browser download it under that name).
 */
export function signedFileUrl(
  key: string,
  opts: { filename?: string; ttlSeconds?: number; now?: Date } = {},
): string {
  assertValidKey(key);
  const nowSeconds = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  const ttl = opts.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  const expires = Math.ceil((nowSeconds + ttl) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const filename = opts.filename ?? null;
  const params = new URLSearchParams({ expires: String(expires) });
  if (filename !== null) params.set("filename", filename);
  params.set("signature", signatureOf(key, expires, filename));
  return `${env().APP_URL}${filePath(key)}?${params}`;
}

/** True when the signature matches this key (and filename) and has not expired. */
export function verifyFileSignature(key: string, searchParams: URLSearchParams, now: Date = new Date()): boolean {
  const expiresRaw = searchParams.get("expires");
  const signature = searchParams.get("signature");
  if (!expiresRaw || !signature || !/^\d{1,12}$/.test(expiresRaw)) return false;
  const expires = Number(expiresRaw);
  if (expires <= Math.floor(now.getTime() / 1000)) return false;
  return safeEqual(signature, signatureOf(key, expires, searchParams.get("filename")));
}
