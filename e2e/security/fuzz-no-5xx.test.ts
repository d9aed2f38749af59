// Issue 10 point 9: bad input is a 422 (or another 4xx), never a 500. NUL
// bytes, lone surrogates, odd types and shapes in every path segment, query
// parameter and body field of every public, /ext, OAuth, signer, file and
// upload endpoint; fast-check generates them. The endpoints are read from the
// route files, so a new route is fuzzed without touching this test. It runs
// on a server of its own: the requests it makes (failed sign-ins, rotated
// secrets, created applications) must not disturb the shared test server.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeEndpoints } from "./support/route-files";
import { prepareOwnServer, tokenAt, type OwnServer, type OwnServerSetup } from "../api/support/own-server";

const USER = { email: "fuzz@security.example", password: "fuzz-Pa55word-e2e", name: "Fuzzy Tester" };
const DASHBOARD_SECRET = "fuzz-dashboard-client-secret-0123456789abcdef";
const RUNS = Number(process.env.FUZZ_RUNS || 20);

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let token = "";

type Endpoint = { method: string; template: string; kind: "api" | "form" | "raw" };

/** Every route file under app/ except next-auth's own handler and the dashboard's status poll. */
const endpoints = (): Endpoint[] =>
  routeEndpoints()
    .filter((e) => !e.template.startsWith("/api/auth") && !e.template.startsWith("/send/status"))
    .map((e) => ({ ...e, kind: /^\/(oauth|login|signup|logout)\b/.test(e.template) ? "form" : /^\/(uploads|verify)\b/.test(e.template) ? "raw" : "api" }));

// Strings that have broken services: NUL, lone surrogates, huge, RTL marks, SQL and path tricks.
const nasty = fc.oneof(
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "x\udfffy", "%00", "../../etc/passwd", "' or 1=1 --", "\u202e", "𝕏".repeat(50), "", " ", "null", "-1", "1e309", "0x10"),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);
const scalar = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(nasty, tie("v"), { maxKeys: 3 })),
})).v;
const NAMED_KEYS = [
  "name", "roles", "merge_field_values", "tags", "shared_with", "pin", "tag", "tag_name", "value", "page", "per_page", "search", "state",
  "file", "callback_url", "expires_in", "definition", "fields", "recipients", "values", "reason", "access_token", "upload_id", "file_name",
  "grant_type", "code", "client_id", "client_secret", "refresh_token", "redirect_uri", "token", "scope", "document", "reusable_template", "email", "password", "next", "code_challenge", "code_challenge_method", "response_type",
];
const knownKeys = fc.constantFrom(...NAMED_KEYS);
const bodyArb = fc.dictionary(fc.oneof(knownKeys, nasty), value, { maxKeys: 6 });
const queryArb = fc.dictionary(fc.oneof(knownKeys, nasty), nasty, { maxKeys: 4 });

/**
 * Percent-encoding that also sends a lone surrogate, as the bytes a careless
 * client would (CESU-8: `%ED%A0%80`), which are not UTF-8. Next.js answers
 * such a dynamic path segment with a bare 500 before any code of ours runs
 * (vercel/next.js#92527); lib/server/http/refuse-undecodable-paths.ts turns
 * it away first.
 */
function encodeSegment(s: string) {
  return [...s]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
      }
      return encodeURIComponent(ch);
    })
    .join("");
}

function fill(template: string, segment: string) {
  const encoded = encodeSegment(segment);
  return template
    .replace("[version]", "v2")
    .replace(/\[\.\.\.[^\]]+\]/g, () => encoded)
    .replace(/\[[^\]]+\]/g, () => encoded);
}

async function send(e: Endpoint, segment: string, query: Record<string, string>, body: Record<string, unknown>) {
  const url = new URL(fill(e.template, segment), server!.baseUrl);
  for (const [k, v] of Object.entries(query)) url.searchParams.append(k, v);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json", Origin: server!.baseUrl };
  let payload: string | undefined;
  if (e.method !== "GET") {
    if (e.kind === "form") {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v) ?? ""])).toString();
    } else {
      headers["Content-Type"] = "application/json";
      payload = JSON.stringify(body);
    }
  }
  const res = await fetch(url, { method: e.method, headers, body: payload, redirect: "manual" });
  const text = await res.text();
  return { status: res.status, text, url: url.pathname + url.search };
}

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "fuzz", fromPort: 3500 });
  server = setup.server;
  if (!server) return;
  server.env.DASHBOARD_CLIENT_SECRET = DASHBOARD_SECRET;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Fuzz Ltd", "--account", "Fuzz");
  await server.start();
  // The dashboard's own client: its token passes every /ext gate, so the fuzz reaches the handlers.
  token = await tokenAt(server.baseUrl, USER, { client_id: "dashboard", client_secret: DASHBOARD_SECRET, redirect_uri: `${server.baseUrl}/api/auth/callback/signing-service` });
}, 300_000);

afterAll(() => setup?.teardown(), 60_000);

describe("fuzzing every endpoint", () => {
  it("finds the endpoints", () => {
    const all = endpoints();
    expect(all.length).toBeGreaterThan(40);
    expect(all).toContainEqual({ method: "GET", template: "/public/[version]/documents/[id]", kind: "api" });
  });

  it("NUL and lone surrogates in any place are a 4xx; the API's is the documented 422", { timeout: 300_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    for (const e of endpoints()) {
      for (const [segment, query, body] of [
        ["abc\u0000def", {}, {}],
        ["0123456789abcdef0123456789abcdef", { search: "a\u0000" }, {}],
        ["0123456789abcdef0123456789abcdef", {}, { name: "x\u0000y", tags: { "k\u0000": "v" }, shared_with: ["a\u0000@b.example"], pin: "\ud800" }],
        // Every key the endpoints read by name, in the query and in the body (a CI run's random input found client_id).
        ["0123456789abcdef0123456789abcdef", Object.fromEntries(NAMED_KEYS.map((k) => [k, "a\u0000"])), Object.fromEntries(NAMED_KEYS.map((k) => [k, "x\ud800"]))],
        ["0123456789abcdef0123456789abcdef", Object.fromEntries(NAMED_KEYS.map((k) => [k, "x\ud800"])), Object.fromEntries(NAMED_KEYS.map((k) => [k, "a\u0000"]))],
      ] as const) {
        const res = await send(e, segment, query, body as Record<string, unknown>);
        expect(res.status, `${e.method} ${res.url}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      }
      if (e.template.startsWith("/public") && e.method !== "GET") {
        const res = await send(e, "0123456789abcdef0123456789abcdef", {}, { name: "x\u0000y" });
        if (res.status === 422) expect(JSON.parse(res.text).error).toMatch(/^Bad input parameter\. /);
      }
    }
    // A path segment that is not UTF-8 at all (Next.js itself would answer 500): a JSON 400.
    for (const raw of ["/sign/%ED%A0%80", "/public/v2/documents/%FF", "/ext/applications/%C3", "/public/v2/me/%E9"]) {
      const res = await fetch(new URL(raw, server!.baseUrl), { headers: { Authorization: `Bearer ${token}` } });
      expect({ raw, status: res.status, body: await res.json().catch(() => null) }).toEqual({ raw, status: 400, body: { error: expect.stringMatching(/not UTF-8/) } });
    }
    // The documented answer on an endpoint that stores what it is given.
    const res = await send({ method: "POST", template: "/public/[version]/sending_requests", kind: "api" }, "", {}, { file: { name: "a\u0000.pdf", source: "upload" }, document: { name: "x" } });
    expect(res.status, res.text).toBe(422);
    expect(JSON.parse(res.text).error).toMatch(/^Bad input parameter\. /);
  });

  it(`random input (${RUNS} runs per endpoint) never gets a 5xx`, { timeout: 900_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    for (const e of endpoints()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(nasty, fc.constant("0123456789abcdef0123456789abcdef")), queryArb, bodyArb, async (segment, query, body) => {
          const res = await send(e, segment, query, body);
          if (res.status >= 500) throw new Error(`${e.method} ${res.url} with ${JSON.stringify(body)} → ${res.status} ${res.text.slice(0, 300)}`);
        }),
        { numRuns: RUNS },
      );
    }
    expect(server!.exited(), server!.logTail()).toBe("");
  });
});
