import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { forbiddenAddressReason } from "./address-policy";
import { withoutCredentials } from "./callback-credentials";

// One HTTP POST of a callback, with the network rules of a webhook sender:
// no redirects (http.request never follows them), a hard total deadline, and
// (unless private networks are allowed) no connection to a non-public address.
// The address check happens inside `lookup`, on the very addresses the socket
// then connects to, so a DNS answer that changes between a check and the
// connection (DNS rebinding) cannot slip through. IP literals skip `lookup`
// in node:net, so they are checked before connecting.

export type PostOutcome = {
  statusCode: number | null;
  /** Why the attempt failed; null for any complete HTTP exchange that is not a redirect. */
  error: string | null;
  responseExcerpt: string | null;
  durationMs: number;
  /** Retrying cannot help (the destination is forbidden). */
  permanent: boolean;
};

export type PostOptions = { allowPrivateNetworks: boolean; timeoutMs: number };

const EXCERPT_BYTES = 1024;

class RefusedError extends Error {}

export async function postCallback(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const finish = (o: Partial<PostOutcome>): PostOutcome => ({
    statusCode: null,
    error: null,
    responseExcerpt: null,
    permanent: false,
    ...o,
    durationMs: Math.round(performance.now() - started),
  });

  const url = new URL(target);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const isHttps = url.protocol === "https:";
  const guard = !options.allowPrivateNetworks;
  if (guard && net.isIP(host)) {
    const reason = forbiddenAddressReason(host);
    if (reason) return finish({ error: `refused: ${reason}`, permanent: true });
  }
  // Credentials in the URL become Basic auth (spec 6.3) and never reach the request line.
  const auth =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`
      : null;

  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    const done = (o: Partial<PostOutcome>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(finish({ statusCode, responseExcerpt: excerpt(chunks), ...o }));
    };
    const req = (isHttps ? https : http).request({
      method: "POST",
      hostname: host,
      port: Number(url.port) || (isHttps ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)), ...(auth ? { authorization: auth } : {}) },
      agent: false, // a fresh connection: a pooled socket would bypass `lookup`
      lookup: guard ? guardedLookup : undefined,
    });
    // One deadline for everything (DNS, connect, TLS, response), unlike the socket idle timeout.
    const timer = setTimeout(() => done({ error: `timed out after ${options.timeoutMs / 1000} s` }), options.timeoutMs);
    if (guard) {
      // Belt and braces: the address actually connected to.
      req.on("socket", (socket) =>
        socket.once("connect", () => {
          const reason = socket.remoteAddress ? forbiddenAddressReason(socket.remoteAddress) : null;
          if (reason) done({ error: `refused: ${reason}`, permanent: true });
        }),
      );
    }
    req.on("response", (res) => {
      statusCode = res.statusCode ?? null;
      const complete = () => done({ error: statusError(res) });
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) complete(); // the rest of the body is of no interest
      });
      res.on("end", complete);
      res.on("error", (err) => done(describeError(err, host)));
    });
    req.on("error", (err) => done(describeError(err, host)));
    req.end(body);
  });
}

/** dns.lookup that refuses the whole name if any of its addresses is forbidden. */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    for (const a of addresses) {
      const reason = forbiddenAddressReason(a.address);
      if (reason) return callback(new RefusedError(`refused: ${reason} (${hostname})`), "");
    }
    const first = addresses[0];
    if (options.all) return callback(null, addresses);
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
    callback(null, first.address, first.family);
  });
};

function statusError(res: http.IncomingMessage): string | null {
  const code = res.statusCode ?? 0;
  if (code >= 300 && code < 400) {
    const location = res.headers.location;
    // (A Location may carry credentials of its own: they are not repeated in the log.)
    return `redirect${location ? ` to ${withoutCredentials(location).slice(0, 200)}` : ""} not followed`;
  }
  return null;
}

function describeError(err: unknown, host: string): Partial<PostOutcome> {
  if (err instanceof RefusedError) return { error: err.message, permanent: true };
  // With several addresses (autoSelectFamily), node reports an AggregateError; the first says enough.
  const e = (err instanceof AggregateError && err.errors[0] ? err.errors[0] : err) as NodeJS.ErrnoException & {
    address?: string;
    port?: number;
  };
  switch (e.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return { error: `could not resolve ${host}` };
    case "ECONNREFUSED":
      return { error: `connection refused${e.address ? ` by ${e.address}:${e.port}` : ""}` };
    case "ECONNRESET":
      return { error: "connection reset by the server" };
    case "ETIMEDOUT":
      return { error: `connection timed out${e.address ? ` (${e.address}:${e.port})` : ""}` };
    default:
      return { error: clean(e.message || String(err)) || "request failed" };
  }
}

function excerpt(chunks: Buffer[]): string | null {
  const text = clean(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"));
  return text === "" ? null : text;
}

/** PostgreSQL text cannot hold NUL characters. */
const clean = (s: string) => s.replace(/\u0000/g, "");
