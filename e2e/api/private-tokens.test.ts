// Private API tokens (issue 11 point 1, docs/api-decisions.md "Private API
// tokens"): made through the dashboard's /ext/api_tokens with its own
// (first-party) token, shown once, listed with created and last-used times,
// accepted wherever an OAuth access token is — HTTP Basic with the token
// base64-encoded alone or as `token:`, Bearer, the access_token query
// parameter and body field — on every endpoint family, within their scopes,
// refused by /ext, and refused everywhere once revoked. The CLI's
// token:create is exercised on a server of its own in rate-limits.test.ts.
// sam (account "Sending") sends, so alice's lists stay as other tests count them.
import { beforeAll, describe, expect, it } from "vitest";
import { api, BASE_URL, dashboardTokenFor, fixtures, http, type HttpResult } from "./helpers";
import { expectError } from "./support/checks";
import { sendBody, sendingRequestBody, templateOf, tokensFor, userOf } from "./support/sending";

const DASHBOARD_ONLY = "This endpoint is reserved for the service's own dashboard.";
const tag = `${Date.now().toString(36)}`;
const samTemplate = templateOf("sam");

type Form = "basic" | "basic-colon" | "bearer" | "query" | "body";
const FORMS: Form[] = ["basic", "basic-colon", "bearer", "query", "body"];

/** A resource call carrying `token` the way `form` says; JSON in and out. */
function call(form: Form, token: string, path: string, opts: { method?: string; body?: Record<string, unknown> } = {}): Promise<HttpResult> {
  const method = opts.method ?? (opts.body ? "POST" : "GET");
  const url = new URL(path, BASE_URL + "/");
  const headers: Record<string, string> = { Accept: "application/json" };
  let body = opts.body;
  if (form === "basic") headers.Authorization = `Basic ${Buffer.from(token).toString("base64")}`;
  if (form === "basic-colon") headers.Authorization = `Basic ${Buffer.from(`${token}:`).toString("base64")}`;
  if (form === "bearer") headers.Authorization = `Bearer ${token}`;
  if (form === "query") url.searchParams.set("access_token", token);
  if (form === "body") {
    if (method === "GET") throw new Error("a GET has no body to carry the token");
    body = { ...body, access_token: token };
  }
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return http(url.toString(), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

let dashSam: string;
let dashAlice: string;
/** sam's tokens by scope, and alice's read token (archived documents are alice's). */
let rw: { id: string; token: string };
let readOnly: { id: string; token: string };
let writeOnly: { id: string; token: string };
let aliceRead: { id: string; token: string };

async function createToken(dashboardToken: string, name: string, scope?: string) {
  const res = await api("/ext/api_tokens", { token: dashboardToken, method: "POST", body: { name, ...(scope === undefined ? {} : { scope }) } });
  expect(res.status, res.text).toBe(200);
  return res.body.api_token as { id: string; token: string; name: string; scope: string; hint: string; created_at: string; last_used_at: null };
}

beforeAll(async () => {
  dashSam = (await dashboardTokenFor("sam")).access_token;
  dashAlice = (await dashboardTokenFor("alice")).access_token;
  rw = await createToken(dashSam, `E2E rw ${tag}`);
  readOnly = await createToken(dashSam, `E2E read ${tag}`, "read");
  writeOnly = await createToken(dashSam, `E2E write ${tag}`, "write");
  aliceRead = await createToken(dashAlice, `E2E alice read ${tag}`, "read");
});

describe("creating and listing (/ext/api_tokens, the dashboard's own client)", () => {
  it("POST answers the token once, with its name, scope, hint and times; the list never shows it again", async () => {
    const created = await createToken(dashSam, `E2E shown once ${tag}`, "write read");
    expect(created).toEqual({
      id: expect.any(String),
      name: `E2E shown once ${tag}`,
      scope: "read write",
      hint: created.token.slice(0, 8) + "…",
      token: expect.stringMatching(/^pat_[A-Za-z0-9_-]{43}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/),
      last_used_at: null,
    });
    const list = await api("/ext/api_tokens", { token: dashSam });
    expect(list.status).toBe(200);
    const listed = list.body.api_tokens.find((t: { id: string }) => t.id === created.id);
    const { token, ...withoutToken } = created;
    expect(listed).toEqual(withoutToken);
    expect(list.text).not.toContain(token);
    // newest first
    expect(list.body.api_tokens[0].id).toBe(created.id);
  });

  it("the scope defaults to read write; a bad name or scope is a 422 naming it", async () => {
    expect(rw).toMatchObject({ scope: "read write" });
    const bad = async (body: unknown, param: string) => {
      const res = await api("/ext/api_tokens", { token: dashSam, method: "POST", body });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatch(new RegExp(`^Bad input parameter\\. ${param}: `));
    };
    await bad({ name: "  " }, "name");
    await bad({}, "name");
    await bad({ name: "x".repeat(201) }, "name");
    await bad({ name: "ok", scope: "admin" }, "scope");
    await bad({ name: "ok", scope: "read delete" }, "scope");
  });

  it("lists only the caller's own tokens", async () => {
    const sams = (await api("/ext/api_tokens", { token: dashSam })).body.api_tokens.map((t: { id: string }) => t.id);
    const alices = (await api("/ext/api_tokens", { token: dashAlice })).body.api_tokens.map((t: { id: string }) => t.id);
    expect(sams).toContain(rw.id);
    expect(sams).not.toContain(aliceRead.id);
    expect(alices).toContain(aliceRead.id);
    expect(alices).not.toContain(rw.id);
  });

  it("a use shows as last_used_at", async () => {
    const fresh = await createToken(dashSam, `E2E last used ${tag}`, "read");
    const before = Date.now();
    expect((await call("bearer", fresh.token, "/public/v2/me")).status).toBe(200);
    const listed = (await api("/ext/api_tokens", { token: dashSam })).body.api_tokens.find((t: { id: string }) => t.id === fresh.id);
    expect(listed.last_used_at).not.toBeNull();
    expect(Date.parse(listed.last_used_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(listed.last_used_at)).toBeGreaterThanOrEqual(Date.parse(listed.created_at));
  });
});

describe("accepted wherever an OAuth access token is", () => {
  // One call (or two) per endpoint family, each a 200 that proves the token acted for sam (or alice).
  const families: { family: string; run: (form: Form) => Promise<void>; getOnly?: boolean }[] = [
    {
      family: "me",
      getOnly: true,
      run: async (form) => {
        const res = await call(form, rw.token, "/public/v2/me");
        expect(res.status, res.text).toBe(200);
        expect(res.body.user.email).toBe(userOf("sam").email);
      },
    },
    {
      family: "templates",
      run: async (form) => {
        if (form !== "body") {
          const res = await call(form, rw.token, `/public/v2/reusable_templates/${samTemplate.id}`);
          expect(res.status, res.text).toBe(200);
          expect(res.body.reusable_template.id).toBe(samTemplate.id);
          expect((await call(form, rw.token, "/public/v1/reusable_templates")).status).toBe(200);
        }
        const sent = await call(form, rw.token, `/public/v2/reusable_templates/${samTemplate.id}/send_document`, {
          body: sendBody({ name: `E2E private token ${form} ${tag}` }),
        });
        expect(sent.status, sent.text).toBe(200);
        documents[form] = sent.body.document;
      },
    },
    {
      family: "documents",
      run: async (form) => {
        const doc = documents[form]!;
        if (form !== "body") {
          const got = await call(form, rw.token, `/public/v2/documents/${doc.id}`);
          expect(got.status, got.text).toBe(200);
          expect(got.body.document.id).toBe(doc.id);
          const list = await call(form, rw.token, "/public/v1/documents?per_page=1");
          expect(list.status, list.text).toBe(200);
        }
        const tagged = await call(form, rw.token, `/public/v2/documents/${doc.id}/update_tags`, { body: { tags: { via: form } } });
        expect(tagged.status, tagged.text).toBe(200);
      },
    },
    {
      family: "reminders",
      run: async (form) => {
        const doc = documents[form]!;
        const signer = doc.recipients.find((r: { id: string }) => r.id === doc.current_signer_id) ?? doc.recipients[0];
        const res = await call(form, rw.token, `/public/v2/signers/${signer.id}/reminders`, { method: "POST", body: {} });
        expect(res.status, res.text).toBe(200);
        expect(res.body).toEqual({ reminder: { status: "sent" } });
      },
    },
    {
      family: "sending requests",
      run: async (form) => {
        const created = await call(form, rw.token, "/public/v2/sending_requests", {
          body: sendingRequestBody({ document: { name: `E2E private token ${form} ${tag}` } }),
        });
        expect(created.status, created.text).toBe(200);
        if (form !== "body") {
          const got = await call(form, rw.token, `/public/v1/sending_requests/${created.body.sending_request.id}`);
          expect(got.status, got.text).toBe(200);
        }
      },
    },
    {
      family: "archived documents",
      getOnly: true,
      run: async (form) => {
        const res = await call(form, aliceRead.token, `/public/v2/archived_documents_by_original_guid/${fixtures.archived.alice.original_guid}`);
        expect(res.status, res.text).toBe(200);
        expect(JSON.stringify(res.body)).toContain(fixtures.archived.alice.original_guid);
      },
    },
  ];
  const documents: Partial<Record<Form, any>> = {};

  for (const form of FORMS) {
    it(`${form === "basic" ? "Authorization: Basic base64(token)" : form === "basic-colon" ? "Authorization: Basic base64(token:)" : form === "bearer" ? "Authorization: Bearer" : form === "query" ? "the access_token query parameter" : "the access_token body field"} on every endpoint family`, async () => {
      for (const f of families) {
        // GET-only families have no body to carry a token: their calls take the header or the query.
        if (form === "body" && f.getOnly) continue;
        try {
          await f.run(form);
        } catch (e) {
          throw new Error(`${f.family} (${form}): ${(e as Error).message}`);
        }
      }
    });
  }

  it("Basic works for OAuth access tokens too; a Basic user:password pair is not a token", async () => {
    const oauth = (await tokensFor(["samRead"])).samRead;
    expect((await call("basic", oauth, "/public/v2/me")).status).toBe(200);
    const pair = await http("/public/v2/me", { headers: { Authorization: `Basic ${Buffer.from(`${rw.token}:secret`).toString("base64")}` } });
    expectError(pair, 401, "Must be authenticated.");
  });
});

describe("scopes, /ext and revocation", () => {
  it("a read-only token reads and gets 400 invalid_scope on every write; a write-only token the reverse", async () => {
    expect((await call("basic", readOnly.token, "/public/v2/me")).status).toBe(200);
    expect((await call("basic", readOnly.token, `/public/v2/reusable_templates/${samTemplate.id}`)).status).toBe(200);
    const doc = await freshDocument();
    const writes: [string, Record<string, unknown>][] = [
      [`/public/v2/reusable_templates/${samTemplate.id}/send_document`, sendBody()],
      ["/public/v2/sending_requests", sendingRequestBody()],
      [`/public/v2/documents/${doc.id}/update_tags`, { tags: { a: "b" } }],
      [`/public/v2/documents/${doc.id}/void`, {}],
      [`/public/v2/signers/${doc.recipients[0].id}/reminders`, {}],
    ];
    for (const [path, body] of writes) expectError(await call("bearer", readOnly.token, path, { body }), 400, "invalid_scope");
    expectError(await call("bearer", writeOnly.token, "/public/v2/me"), 400, "invalid_scope");
    expect((await call("bearer", writeOnly.token, `/public/v2/documents/${doc.id}/update_tags`, { body: { tags: { w: "1" } } })).status).toBe(200);
  });

  it("/ext refuses a private token (403), whatever its scope, before doing anything", async () => {
    for (const t of [rw, readOnly, writeOnly]) {
      expectError(await call("bearer", t.token, "/ext/api_tokens"), 403, DASHBOARD_ONLY);
      expectError(await call("basic", t.token, "/ext/api_tokens", { body: { name: "sneaky" } }), 403, DASHBOARD_ONLY);
      expectError(await call("bearer", t.token, `/ext/api_tokens/${rw.id}`, { method: "DELETE" }), 403, DASHBOARD_ONLY);
      expectError(await call("query", t.token, "/ext/callback_secret"), 403, DASHBOARD_ONLY);
    }
    const names = (await api("/ext/api_tokens", { token: dashSam })).body.api_tokens.map((t: { name: string }) => t.name);
    expect(names).not.toContain("sneaky");
  });

  it("revoked: 204, gone from the list, and every form of it answers 401 invalid_token", async () => {
    const victim = await createToken(dashSam, `E2E revoked ${tag}`);
    expect((await call("basic", victim.token, "/public/v2/me")).status).toBe(200);
    // another user cannot revoke it
    expectError(await api(`/ext/api_tokens/${victim.id}`, { token: dashAlice, method: "DELETE" }), 404, "Not found.");
    expect((await call("basic", victim.token, "/public/v2/me")).status).toBe(200);

    const del = await api(`/ext/api_tokens/${victim.id}`, { token: dashSam, method: "DELETE" });
    expect(del.status, del.text).toBe(204);
    const ids = (await api("/ext/api_tokens", { token: dashSam })).body.api_tokens.map((t: { id: string }) => t.id);
    expect(ids).not.toContain(victim.id);
    for (const form of ["basic", "basic-colon", "bearer", "query"] as const) {
      expectError(await call(form, victim.token, "/public/v2/me"), 401, "invalid_token");
      expectError(await call(form, victim.token, "/public/v2/documents"), 401, "invalid_token");
    }
    expectError(await call("body", victim.token, "/public/v2/sending_requests", { body: sendingRequestBody() }), 401, "invalid_token");
    // revoking again: nothing left to revoke
    expectError(await api(`/ext/api_tokens/${victim.id}`, { token: dashSam, method: "DELETE" }), 404, "Not found.");
    // the other tokens are untouched
    expect((await call("bearer", rw.token, "/public/v2/me")).status).toBe(200);
  });

  it("an unknown token with the private prefix is 401 invalid_token", async () => {
    expectError(await call("bearer", `pat_${"A".repeat(43)}`, "/public/v2/me"), 401, "invalid_token");
    expectError(await call("basic", `pat_${"A".repeat(43)}`, "/public/v2/me"), 401, "invalid_token");
  });
});

/** A fresh pending document of sam, sent with the rw token. */
async function freshDocument() {
  const res = await call("bearer", rw.token, `/public/v2/reusable_templates/${samTemplate.id}/send_document`, { body: sendBody({ name: `E2E scopes ${tag}` }) });
  expect(res.status, res.text).toBe(200);
  return res.body.document;
}
