import "server-only";
import { decryptString, encryptString } from "@/lib/server/crypto";
import { deriveSecret } from "@/lib/server/secrets";

// Callback URLs may carry HTTP basic-auth credentials (spec 6.3:
// https://user:pass@host/hook). They are stored sealed, in the same text
// column as the URL (no schema change):
//
//   sealed-credentials:v1:<AES-256-GCM of the whole URL>:<the URL without credentials>
//
// The readable tail is what logs and the dashboard may show; the sealed part
// is the exact URL the client gave (so the credentials stay bound to their
// URL) and is opened only at delivery time. A URL without credentials is
// stored as it is. Values written before sealing existed (plain credentials)
// are still delivered, and are sealed at start-up (reseal-callback-credentials.ts)
// and whenever they are copied (sealCallbackUrl is idempotent).

const PREFIX = "sealed-credentials:v1:";
const PURPOSE = "callback-url-credentials";

const key = () => deriveSecret(PURPOSE);

/** The stored value cannot be opened (APP_SECRET changed, or the value was damaged). */
export class CallbackCredentialsUnreadableError extends Error {
  constructor() {
    super("the callback URL's stored credentials cannot be decrypted (was APP_SECRET changed?)");
    this.name = "CallbackCredentialsUnreadableError";
  }
}

export const isSealedCallbackUrl = (stored: string) => stored.startsWith(PREFIX);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A plain (unsealed) URL that carries a user name or password. */
export function hasPlainCredentials(stored: string): boolean {
  if (isSealedCallbackUrl(stored)) return false;
  const u = parse(stored);
  return !!u && (u.username !== "" || u.password !== "");
}

/** The URL with any user name and password removed (never throws; unparsable input loses everything before an "@"). */
export function withoutCredentials(url: string): string {
  const u = parse(url);
  if (!u) return url.replace(/^([^:/?#]*:\/\/)[^/?#]*@/, "$1");
  u.username = "";
  u.password = "";
  return u.toString();
}

/** The value to store for a callback URL the client gave (already validated). Idempotent. */
export function sealCallbackUrl(url: string): string;
export function sealCallbackUrl(url: string | null | undefined): string | null;
export function sealCallbackUrl(url: string | null | undefined): string | null {
  if (!url) return url ?? null;
  if (!hasPlainCredentials(url)) return url;
  return `${PREFIX}${encryptString(key(), url)}:${withoutCredentials(url)}`;
}

/** The exact URL to POST to, credentials included: for the delivery only. */
export function openCallbackUrl(stored: string): string {
  if (!isSealedCallbackUrl(stored)) return stored; // no credentials, or written before sealing
  const rest = stored.slice(PREFIX.length);
  const sealed = rest.slice(0, rest.indexOf(":"));
  try {
    return decryptString(key(), sealed);
  } catch {
    throw new CallbackCredentialsUnreadableError();
  }
}

/** What logs, API answers and pages may show: the URL without credentials, not even a hint of them. */
export function displayCallbackUrl(stored: string): string {
  if (isSealedCallbackUrl(stored)) {
    const rest = stored.slice(PREFIX.length);
    return rest.slice(rest.indexOf(":") + 1);
  }
  return withoutCredentials(stored);
}

/**
 * Removes the credentials of `url` from text that may be shown (an error
 * message, an excerpt of the receiver's answer that echoes them): the
 * user name and password as written and decoded, and the Basic token.
 */
export function redactCredentials(text: string | null, url: string): string | null {
  if (text === null) return null;
  const u = parse(url);
  if (!u || (!u.username && !u.password)) return text;
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const user = decode(u.username);
  const pass = decode(u.password);
  // (Strings under 3 characters would turn every such letter of the text into
  // "[redacted]" and identify nothing.)
  const secrets = new Set(
    [u.username, u.password, user, pass, Buffer.from(`${user}:${pass}`).toString("base64")].filter((s) => s.length >= 3),
  );
  let out = text;
  // Longest first, so a password containing the user name is removed whole.
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join("[redacted]");
  return out;
}
