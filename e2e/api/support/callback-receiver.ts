// A local HTTP endpoint for callback tests: records every request (headers and
// raw body), answers as scripted, and verifies Standard Webhooks signatures
// with its own implementation, written from the spec
// (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md)
// rather than shared with the service, so a signing bug cannot hide itself.
// Listens on 127.0.0.1 on a port in 8000-8099, one of the ports spec 6.3 allows.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = {
  /** 0-based position among all requests received. */
  index: number;
  method: string;
  /** Path and query, e.g. "/hooks/abc?x=1". */
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** rawBody parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  receivedAt: Date;
};

export type Reply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };
export type Responder = Reply | ((req: ReceivedRequest) => Reply);

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export type CallbackReceiver = {
  port: number;
  /** Absolute URL on this receiver, e.g. url("/doc-1") → http://127.0.0.1:8042/doc-1. */
  url(path?: string): string;
  /** Everything received so far, oldest first. */
  readonly requests: ReceivedRequest[];
  /** Answers for the next calls, one each, in order; then the default answer. */
  respondWith(...replies: Responder[]): void;
  /** The first n calls answer `status` (500 by default). */
  failFirst(n: number, status?: number): void;
  /** Answer once the script is used up (200 "ok" unless changed). */
  setDefault(reply: Responder): void;
  /** Resolves with the first request (already received or arriving) matching predicate. */
  waitFor(predicate?: (req: ReceivedRequest) => boolean, timeoutMs?: number): Promise<ReceivedRequest>;
  /** Standard Webhooks verification of a request (default: the latest) with a `whsec_…` secret. */
  verify(secret: string, req?: ReceivedRequest, toleranceSeconds?: number): VerifyResult;
  /** Forgets requests and the script. */
  reset(): void;
  close(): Promise<void>;
};

export async function startCallbackReceiver(options: { port?: number; host?: string } = {}): Promise<CallbackReceiver> {
  const host = options.host ?? "127.0.0.1";
  const requests: ReceivedRequest[] = [];
  let script: Responder[] = [];
  let fallback: Responder = { status: 200, body: "ok" };
  const waiters = new Set<() => void>();
  const delayed = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const received: ReceivedRequest = {
        index: requests.length,
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        rawBody,
        json: parseJson(rawBody),
        receivedAt: new Date(),
      };
      requests.push(received);
      const responder = script.shift() ?? fallback;
      const reply = typeof responder === "function" ? responder(received) : responder;
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
        res.end(reply.body ?? "");
      };
      if (!reply.delayMs) send();
      else {
        const timer = setTimeout(() => {
          delayed.delete(timer);
          send();
        }, reply.delayMs);
        delayed.add(timer);
      }
      for (const wake of [...waiters]) wake();
    });
  });
  // Keep-alive sockets would hold close() open.
  server.keepAliveTimeout = 100;
  const port = await listen(server, host, options.port);
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    port,
    url: (path = "/") => `${origin}${path.startsWith("/") ? path : `/${path}`}`,
    requests,
    respondWith: (...replies) => void script.push(...replies),
    failFirst: (n, status = 500) => void script.push(...Array.from({ length: n }, () => ({ status, body: `failing on purpose (${status})` }))),
    setDefault: (reply) => void (fallback = reply),
    waitFor: (predicate = () => true, timeoutMs = 15_000) =>
      new Promise<ReceivedRequest>((resolve, reject) => {
        const check = () => {
          const hit = requests.find(predicate);
          if (!hit) return false;
          cleanup();
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No matching callback within ${timeoutMs} ms (${requests.length} received).`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        if (!check()) waiters.add(check);
      }),
    verify: (secret, req = requests.at(-1), toleranceSeconds = 300) =>
      req ? verifyStandardWebhook(secret, req.headers, req.rawBody, toleranceSeconds) : { ok: false, reason: "no request received" },
    reset: () => {
      requests.length = 0;
      script = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delayed) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Standard Webhooks verification, independent of the service's signing code. */
export function verifyStandardWebhook(
  secret: string,
  headers: http.IncomingHttpHeaders,
  rawBody: string,
  toleranceSeconds = 300,
): VerifyResult {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (typeof id !== "string" || typeof timestamp !== "string" || typeof signatures !== "string") {
    return { ok: false, reason: "missing webhook-id, webhook-timestamp or webhook-signature header" };
  }
  if (!/^\d+$/.test(timestamp)) return { ok: false, reason: `webhook-timestamp is not an integer: ${timestamp}` };
  const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (skew > toleranceSeconds) return { ok: false, reason: `webhook-timestamp is ${Math.round(skew)} s away from now` };
  if (!secret.startsWith("whsec_")) return { ok: false, reason: "secret does not start with whsec_" };
  // Strict, like the reference libraries: Node's decoder would also take the URL-safe alphabet.
  const encoded = secret.slice("whsec_".length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return { ok: false, reason: "secret is not standard base64 after whsec_" };
  const key = Buffer.from(encoded, "base64");
  const expected = crypto.createHmac("sha256", key).update(`${id}.${timestamp}.${rawBody}`).digest();
  // The header is a space-separated list of "<version>,<base64>"; any v1 match passes.
  for (const entry of signatures.split(" ")) {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) continue;
    const given = Buffer.from(value, "base64");
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return { ok: true };
  }
  return { ok: false, reason: "no v1 signature matches" };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Listens on `port`, or on the first free port of 8000-8099 starting at a random one. */
async function listen(server: http.Server, host: string, port?: number): Promise<number> {
  const tryPort = (p: number) =>
    new Promise<boolean>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => {
        server.off("listening", onListening);
        if (err.code === "EADDRINUSE" && port === undefined) resolve(false);
        else reject(err);
      };
      const onListening = () => {
        server.off("error", onError);
        resolve(true);
      };
      server.once("error", onError);
      server.once("listening", onListening);
      server.listen(p, host);
    });
  if (port !== undefined) {
    await tryPort(port);
    return (server.address() as AddressInfo).port;
  }
  const start = crypto.randomInt(100);
  for (let i = 0; i < 100; i++) {
    if (await tryPort(8000 + ((start + i) % 100))) return (server.address() as AddressInfo).port;
  }
  throw new Error("No free port in 8000-8099 for the callback receiver.");
}
