import "server-only";
import crypto from "node:crypto";
import { scryptInBackground } from "./password/scrypt-in-background";


/**
 * Too many password hashes at once: the caller answers 503 with Retry-After
 * rather than queue without bound.
 */
export class HashingBusyError extends Error {
  constructor() {
    super("Too many sign-in attempts are being checked right now.");
    this.name = "HashingBusyError";
  }
}

/**
 * Hashes run off the event loop on one thread of lowest priority
 * (password/scrypt-in-background.ts): every hash takes 32 MiB and a core, and
 * a flood of wrong passwords must not take the CPU from the requests that
 * matter. One runs at a time, at most HASH_QUEUE wait, and anything beyond
 * is refused at once.
 */
const HASH_SLOTS = 1;
const HASH_QUEUE = 32;
const hashing = { running: 0, waiting: [] as (() => void)[] };

async function scrypt(password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions): Promise<Buffer> {
  if (hashing.running >= HASH_SLOTS) {
    if (hashing.waiting.length >= HASH_QUEUE) throw new HashingBusyError();
    // The releasing hash hands its slot over directly (running stays counted).
    await new Promise<void>((resolve) => hashing.waiting.push(resolve));
  } else {
    hashing.running++;
  }
  try {
    return await scryptInBackground(password, salt, keylen, options);
  } finally {
    const next = hashing.waiting.shift();
    if (next) next();
    else hashing.running--;
  }
}

/**
 * Identifiers of rows and resources: random UUIDs (version 4), the form the
 * real service's ids have and its client libraries check. Ids issued before
 * were 32 hex characters and stay valid (lib/api/ids.ts).
 */
export const newId = () => crypto.randomUUID();

/** High-entropy bearer secrets (tokens, codes, client secrets). */
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString("base64url");

/**
 * Fast hash for high-entropy secrets: a 256-bit random token cannot be
 * brute-forced, so a slow KDF would only cost latency on every request.
 */
export const sha256 = (value: string | Buffer) => crypto.createHash("sha256").update(value).digest("hex");

// scrypt, memory-hard: N=2^15, r=8 uses 32 MiB per hash.
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** For low-entropy secrets people choose (passwords, PINs). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split("$");
  if (alg !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

export const hmac = (key: string, value: string) => crypto.createHmac("sha256", key).update(value).digest("base64url");

export function safeEqual(a: string, b: string) {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}

/** AES-256-GCM for secrets that must be read back (the dashboard's stored OAuth tokens). */
export function encryptString(key: string, plain: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", crypto.createHash("sha256").update(key).digest(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function decryptString(key: string, sealed: string) {
  const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", crypto.createHash("sha256").update(key).digest(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}
