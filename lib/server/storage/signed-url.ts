import "server-only";
import { env } from "@/lib/env";
import { hmac, safeEqual } from "@/lib/server/crypto";
import { deriveSecret, getAppSecret } from "@/lib/server/secrets";
import { assertValidKey } from "./storage";

const DEFAULT_TTL_SECONDS = 60 * 60;
// Expiries are rounded up to this step so that the same file asked for twice
// within a few minutes gets the very same URL, which browsers can cache.
const EXPIRY_STEP_SECONDS = 10 * 60;

// Derived once per app secret, not per address: a page of 100 documents signs
// several hundred addresses, and deriving the key again doubled each one's HMACs.
const derived = new Map<string, { secret: string; key: string }>();
function keyFor(purpose: string) {
  const secret = getAppSecret();
  const hit = derived.get(purpose);
  if (hit?.secret === secret) return hit.key;
  const key = deriveSecret(purpose);
  derived.set(purpose, { secret, key });
  return key;
}

// The message is JSON so no choice of key/filename can make two different
// (key, expires, filename) triples sign the same bytes.
const signatureOf = (key: string, expires: number, filename: string | null) =>
  hmac(keyFor("file-urls"), JSON.stringify([key, expires, filename]));

/** `/files/a/b c.pdf` with each segment escaped; the route decodes them back to the key. */
export const filePath = (key: string) => `/files/${key.split("/").map(encodeURIComponent).join("/")}`;

/**
 * An absolute, time-limited address of a stored file:
 * `${APP_URL}/files/<key>?expires=<unix seconds>&signature=<hmac>` (+ `filename`
 * when given, which makes the browser download it under that name).
 */
export function signedFileUrl(key: string, opts: SignOpts = {}): string {
  assertValidKey(key);
  return `${env().APP_URL}${filePath(key)}?${signedQuery(signatureOf, key, opts)}`;
}

/** True when the signature matches this key (and filename) and has not expired. */
export function verifyFileSignature(key: string, searchParams: URLSearchParams, now: Date = new Date()): boolean {
  return verifySignedQuery(signatureOf, key, searchParams, now);
}

// Addresses of routes that make their answer on request (a certificate as it
// stands), signed the same way with a key of their own: a route address and a
// file key can never share a signature.
const routeSignatureOf = (path: string, expires: number, filename: string | null) =>
  hmac(keyFor("route-urls"), JSON.stringify([path, expires, filename]));

/** `${APP_URL}<path>?expires=…&signature=…`: a time-limited address of a route (`path` starts with "/"). */
export function signedRouteUrl(path: string, opts: SignOpts = {}): string {
  return `${env().APP_URL}${path}?${signedQuery(routeSignatureOf, path, opts)}`;
}

/** True when the address of this route path is signed and unexpired. */
export function verifyRouteSignature(path: string, searchParams: URLSearchParams, now: Date = new Date()): boolean {
  return verifySignedQuery(routeSignatureOf, path, searchParams, now);
}

type SignOpts = { filename?: string; ttlSeconds?: number; now?: Date };
type Signer = (subject: string, expires: number, filename: string | null) => string;

const expiryOf = (now: Date, ttlSeconds: number) =>
  Math.ceil((Math.floor(now.getTime() / 1000) + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;

/**
 * The `expires` of every address signed at `now` with the default lifetime: all addresses of an
 * answer made within one step are the same, so a cached answer is served only within its step
 * (lib/server/answer-cache).
 */
export const defaultAddressExpiry = (now: Date = new Date()) => expiryOf(now, DEFAULT_TTL_SECONDS);

function signedQuery(sign: Signer, subject: string, opts: SignOpts) {
  const expires = expiryOf(opts.now ?? new Date(), opts.ttlSeconds ?? DEFAULT_TTL_SECONDS);
  const filename = opts.filename ?? null;
  const params = new URLSearchParams({ expires: String(expires) });
  if (filename !== null) params.set("filename", filename);
  params.set("signature", sign(subject, expires, filename));
  return params;
}

function verifySignedQuery(sign: Signer, subject: string, searchParams: URLSearchParams, now: Date) {
  const expiresRaw = searchParams.get("expires");
  const signature = searchParams.get("signature");
  if (!expiresRaw || !signature || !/^\d{1,12}$/.test(expiresRaw)) return false;
  const expires = Number(expiresRaw);
  if (expires <= Math.floor(now.getTime() / 1000)) return false;
  return safeEqual(signature, sign(subject, expires, searchParams.get("filename")));
}
