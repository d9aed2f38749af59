// Issue 10, point 5 "Bounded resources" (docs/security.md): attacks that try
// to make the server read, decode or hold without bound.
//
// 1. A 200 MB body, unauthenticated, streamed chunked and with a declared
//    Content-Length, to a token-protected API route, a sign-in form, the
//    OAuth token endpoint and a signer call: refused with 413 after a few MB at most,
//    within 100 ms (best of up to six attempts; a connection reset
//    mid-upload is retried)
//    (the limit is enforced while streaming, before authentication).
// 2. Decompression and image bombs uploaded as one-off files (made here, see
//    support/bombs.ts): each sending request ends `errored` with a message a
//    person can act on, the server's process tree grows by less than 300 MB
//    (RSS from /proc), and GET /public/v2/me keeps answering meanwhile. These
//    run on a server of their own so that its memory can be measured alone,
//    with a processing budget (PROCESSING_MEMORY_MB) of 160 MB: a bomb that
//    gets past the checks is stopped by the memory watch, which samples every
//    20 ms and on a loaded 2-core machine runs late (a 256 MB budget was seen
//    reaching +279 MB with three busy processes beside it).
//    The 300 MB bound is the budget plus that slack. (An upload's job also
//    gets 64 MB for each worker it uses that has not finished a job yet —
//    their own working size, worker-pool.ts' FRESH_WORKER_MB — which the bombs
//    refused by the checks in the first worker stay well within; /verify's
//    jobs get none.)
// 3. A signer's signature image over 2000 × 1000 pixels is refused with a
//    422 naming the field; an ordinary one is stored as the server's own PNG.
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL } from "../api/helpers";
import { REDIRECT_URI_FOR_OWN_SERVER } from "../api/support/own-database";
import { callAt, prepareOwnServer, tokenAt, type OwnServer, type OwnServerSetup } from "../api/support/own-server";
import { encodePng } from "../api/support/png";
import { expectHumanMessage, makePdf, sendingRequestBody } from "../api/support/sending";
import { aliceToken, fieldId, getDocument, recipient, sendFromTemplate, signaturePng, submitAs } from "../api/support/signing-calls";
import { bigPng, flateBombPdf, imageBombPdf, objectStreamBombPdf } from "./support/bombs";

const MB = 1024 * 1024;
/** The processing budget of this file's server (see the head comment). */
const PROCESSING_BUDGET_MB = 160;
/** What the client may have written before the 413: the 1 MB limit plus socket buffers on both sides. */
const MAX_TAKEN = 48 * MB;

// ---------------------------------------------------------------- 1. bodies

type Refusal = { status: number; ms: number; body: string; sentBytes: number };

/**
 * POSTs a 200 MB body of `a`s as fast as the socket takes it and answers how
 * long the first byte of the response took. `declared`: with Content-Length
 * (else chunked). The upload stops once an answer has come.
 */
function postHuge(url: string, opts: { contentType: string; declared: boolean; total?: number }): Promise<Refusal> {
  const total = opts.total ?? 200 * MB;
  const chunk = Buffer.alloc(MB, "a");
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { "Content-Type": opts.contentType, Accept: "application/json" };
    if (opts.declared) headers["Content-Length"] = String(total);
    const req = http.request(url, { method: "POST", headers, agent: false });
    req.on("response", (res) => {
      answered = true;
      const ms = performance.now() - started;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, ms, body, sentBytes: sent });
      });
      res.on("error", () => resolve({ status: res.statusCode ?? 0, ms, body, sentBytes: sent }));
    });
    // Once answered, the server may close the connection while we still write. It may also
    // close it just before the answer is read here (EPIPE/ECONNRESET on our write): the answer
    // is usually still in the socket, so give it a moment before calling the request failed.
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (answered) return;
      if (e.code === "EPIPE" || e.code === "ECONNRESET") setTimeout(() => answered || reject(e), 1000);
      else reject(e);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** One small request first, so the measured one does not pay for loading the route. */
async function warmUp(url: string, contentType: string) {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": contentType }, body: contentType.includes("json") ? "{}" : "a=b" });
  await res.arrayBuffer();
}

const BODY_TARGETS = [
  { what: "a token-protected API route (POST /public/v2/sending_requests)", path: "/public/v2/sending_requests", type: "application/json", error: /^Request body too large\. At most 1 MB\.$/ },
  { what: "the sign-in form (POST /login/submit)", path: "/login/submit", type: "application/x-www-form-urlencoded", error: /too large/ },
  { what: "the OAuth token endpoint (POST /oauth/token)", path: "/oauth/token", type: "application/x-www-form-urlencoded", error: /^invalid_request$/ },
  { what: "a signer call (POST /sign/<id>/submit)", path: "/sign/not-a-signer/submit", type: "application/json", error: /too large/ },
] as const;

describe("an unauthenticated 200 MB body is refused while it streams", () => {
  for (const target of BODY_TARGETS) {
    for (const declared of [true, false]) {
      it(`${target.what}, ${declared ? "with Content-Length" : "chunked"}: 413 within 100 ms`, async () => {
        const url = `${BASE_URL}${target.path}`;
        await warmUp(url, target.type);
        // Every attempt is refused while it streams: far less than the 200 MB was taken (the old
        // code read all of it). The 100 ms target is the best of up to six attempts, so that one
        // scheduler stall of a busy 2-core CI machine (other suites run beside this one) does not
        // count as reading the body.
        // An attempt may also end in EPIPE/ECONNRESET: the server answered and closed the connection
        // while this client was still writing, and Node's client dropped the answer with the socket.
        // That too is a refusal without reading, but proves nothing about the answer: try again.
        const times: number[] = [];
        const resets: string[] = [];
        for (let attempt = 0; attempt < 6 && !(times.length && Math.min(...times) < 100); attempt++) {
          let res: Refusal;
          try {
            res = await postHuge(url, { contentType: target.type, declared });
          } catch (e) {
            const code = (e as NodeJS.ErrnoException).code ?? "";
            if (code !== "EPIPE" && code !== "ECONNRESET") throw e;
            resets.push(code);
            continue;
          }
          expect(res.status, res.body.slice(0, 300)).toBe(413);
          expect(res.sentBytes, `${(res.sentBytes / MB).toFixed(0)} MB written before the answer`).toBeLessThan(MAX_TAKEN);
          expect(JSON.parse(res.body).error).toMatch(target.error);
          times.push(res.ms);
        }
        expect(times.length, `no attempt got an answer (${resets.join(", ")})`).toBeGreaterThan(0);
        expect(Math.min(...times), `answered after ${times.map((t) => t.toFixed(0)).join(", ")} ms`).toBeLessThan(100);
        // The server is still there and answers normally.
        const me = await fetch(`${BASE_URL}/public/v2/me`);
        expect(me.status).toBe(401);
      });
    }
  }
});

// ---------------------------------------------------------------- 2. bombs

const USER = { email: "bombs@bounded.example", password: "bounded-Pa55word-e2e", name: "Bo Bounded" };
let server: OwnServer | undefined;
let setup: OwnServerSetup;
let token = "";

/** RSS (bytes) of the server's whole process group: `next start` and any process it started. */
function treeRss(groupLeader: number): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised name: state ppid pgrp …
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== groupLeader) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${entry}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

const call = (path: string, init: { method?: string; body?: unknown } = {}) => callAt(server!.baseUrl, token, path, init);

/**
 * Uploads `bytes` as a sending request's file and waits for the outcome,
 * sampling the server's RSS and the latency of GET /me every 50 ms meanwhile.
 */
async function uploadAndWatch(bytes: Uint8Array, name: string, timeoutMs = 60_000) {
  const created = await call("/public/v2/sending_requests", { body: sendingRequestBody({ file: { name } }) });
  expect(created.status, created.text).toBe(200);
  const { id, upload_url: uploadUrl } = created.body.sending_request;
  const put = await fetch(uploadUrl, { method: "PUT", headers: { "Content-Type": "application/octet-stream" }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status, await put.text()).toBe(200);

  const watched = await whileWatching(async (growthMb) => {
    const up = await call(`/public/v2/sending_requests/${id}/uploaded`, { method: "POST" });
    expect(up.status, up.text).toBe(200);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = await call(`/public/v2/sending_requests/${id}`);
      const request = got.body.sending_request ?? got.body;
      if (["completed", "errored"].includes(request.status)) return request;
      if (server!.exited()) throw new Error(`the server died while processing ${name}: ${server!.exited()}\n${server!.logTail()}`);
      if (Date.now() > deadline) throw new Error(`${name} was still ${request.status} after ${timeoutMs} ms; RSS grew by ${growthMb().toFixed(0)} MB`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  return { request: watched.result, growthMb: watched.growthMb, latencies: watched.latencies, failures: watched.failures };
}

/**
 * Runs `work` while sampling the server's RSS (its whole process group) and
 * the latency of GET /me every 50 ms; answers its result, the RSS growth over
 * the start and what /me did meanwhile.
 */
async function whileWatching<T>(work: (growthMb: () => number) => Promise<T>) {
  const leader = server!.current!.child.pid!;
  const baseline = treeRss(leader);
  let peak = baseline;
  const growthMb = () => (peak - baseline) / MB;
  let done = false;
  const latencies: number[] = [];
  const failures: string[] = [];
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, treeRss(leader));
      const t = performance.now();
      try {
        const me = await call("/public/v2/me");
        if (me.status !== 200) failures.push(`/me answered ${me.status}`);
      } catch (e) {
        failures.push(`/me failed: ${(e as Error).message}`);
      }
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    const result = await work(growthMb);
    return { result, growthMb: growthMb(), latencies, failures };
  } finally {
    done = true;
    await sampler;
  }
}

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "bounded-resources", fromPort: 3500 });
  server = setup.server;
  if (!server) return;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Bounded Ltd", "--account", "Bounded");
  const app = await server.cli("app:create", "--owner", USER.email, "--name", "Bounded Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  server.env.PROCESSING_MEMORY_MB = String(PROCESSING_BUDGET_MB);
  await server.start();
  token = await tokenAt(server.baseUrl, USER, app);
  // One ordinary upload first: the measured ones start from a server that has processed a file before.
  const warm = await uploadAndWatch(await makePdf({ title: "Warm-up", lines: [{ page: 1, text: "[[signature|Client]]" }] }), "warm-up.pdf");
  expect(warm.request.status, warm.request.status_message).toBe("completed");
}, 300_000);

afterAll(() => setup?.teardown(), 60_000);

const BOMBS = [
  { what: "a 4 MB PDF whose page content inflates to 4 GiB", make: () => flateBombPdf(), message: /expands to more than/ },
  { what: "an ~875 KB PDF holding a 30000 × 30000 image", make: () => imageBombPdf(), message: /30000 × 30000 pixels/ },
  { what: "a 36-megapixel PNG", make: async () => new Uint8Array(bigPng(6000, 6000)), message: /6000 × 6000 pixels/ },
] as const;

describe("decompression and image bombs end errored within the memory bound", () => {
  for (const bomb of BOMBS) {
    it(`${bomb.what}: errored with a clear status_message, RSS +< 300 MB, /me keeps answering`, { timeout: 90_000 }, async (ctx) => {
      if (setup.skipReason) ctx.skip(setup.skipReason);
      const bytes = await bomb.make();
      const out = await uploadAndWatch(bytes, "bomb.pdf");
      expect(out.request.status, JSON.stringify(out.request)).toBe("errored");
      expectHumanMessage(out.request.status_message);
      expect(out.request.status_message).toMatch(bomb.message);
      expect(out.growthMb, `the server's RSS grew by ${out.growthMb.toFixed(0)} MB`).toBeLessThan(300);
      expect(out.failures).toEqual([]);
      expect(out.latencies.length).toBeGreaterThan(0);
      expect(Math.max(...out.latencies), `GET /me latencies: ${out.latencies.map((l) => l.toFixed(0)).join(", ")} ms`).toBeLessThan(2000);
    });
  }
});

describe("a PDF sent to POST /verify is read within the same bounds", () => {
  it("an object stream inflating to 4 GiB: 422 naming the bound, RSS +< 300 MB, /me keeps answering", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const bytes = await objectStreamBombPdf();
    const out = await whileWatching(async () => {
      const res = await fetch(new URL("/verify", server!.baseUrl), { method: "POST", headers: { "Content-Type": "application/pdf" }, body: bytes as Uint8Array<ArrayBuffer> });
      return { status: res.status, text: await res.text() };
    });
    expect(out.result.status, out.result.text).toBe(422);
    expect(JSON.parse(out.result.text).error).toMatch(/^The file could not be checked: .*(memory|seconds)/);
    expect(out.growthMb, `the server's RSS grew by ${out.growthMb.toFixed(0)} MB`).toBeLessThan(300);
    expect(out.failures).toEqual([]);
    expect(Math.max(...out.latencies), `GET /me latencies: ${out.latencies.map((l) => l.toFixed(0)).join(", ")} ms`).toBeLessThan(2000);
    // and the next, ordinary check is answered
    const ok = await fetch(new URL("/verify", server!.baseUrl), { method: "POST", headers: { "Content-Type": "application/pdf" }, body: (await makePdf({ title: "Plain" })) as Uint8Array<ArrayBuffer> });
    expect(ok.status).toBe(200);
    expect((await ok.json()).verdict).toBe("unsigned");
  });
});

// ---------------------------------------------------------------- 3. signature images

/** A grey + alpha PNG data URL of width × height (a wide, mostly transparent stroke). */
function pngDataUrl(width: number, height: number) {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 2, 0);
    if (y === Math.floor(height / 2)) for (let x = 0; x < width; x++) row[2 + x * 2] = 255;
    rows.push(row);
  }
  return `data:image/png;base64,${encodePng(width, height, 4, rows).toString("base64")}`;
}

function pngHeader(bytes: Uint8Array) {
  const b = Buffer.from(bytes);
  expect(b.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), colourType: b[25] };
}

describe("signature images are bounded and re-encoded", () => {
  it("a 2500 × 500 signature → 422 naming the field; a 240 × 60 one is stored as the server's own PNG", async () => {
    const token = await aliceToken();
    const doc = await sendFromTemplate(token);
    const client = recipient(doc, "Client");
    const values = {
      [fieldId(doc, "client_title")]: "Head of Testing",
      [fieldId(doc, "client_date")]: "2026-03-14",
    };
    const big = await submitAs(client, { ...values, [fieldId(doc, "client_signature")]: pngDataUrl(2500, 500) });
    expect(big.status, big.text).toBe(422);
    expect(big.body.field).toBe(fieldId(doc, "client_signature"));
    expect(big.body.error).toMatch(/2500 × 500 pixels; at most 2000 × 1000/);

    const sent = signaturePng("client"); // 240 × 60, grey + alpha (colour type 4)
    const ok = await submitAs(client, { ...values, [fieldId(doc, "client_signature")]: sent });
    expect(ok.status, ok.text).toBe(200);
    const after = await getDocument(token, doc.id);
    const url = after.form_fields.find((f) => f.name === "client_signature")?.value as string;
    expect(url).toMatch(/^https?:\/\//);
    const stored = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const original = Buffer.from(sent.slice(sent.indexOf(",") + 1), "base64");
    expect(Buffer.from(stored).equals(original), "the stored image is not the uploaded bytes").toBe(false);
    // Same picture, our encoder's format (RGBA, colour type 6).
    expect(pngHeader(stored)).toEqual({ width: 240, height: 60, colourType: 6 });
  });
});
