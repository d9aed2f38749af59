// A crash during processing (spec 3.2, docs/api-decisions.md "Sending
// requests"): ten sending requests with a 30-page PDF are uploaded, the server
// is killed with SIGKILL while it is processing them, and started again on the
// same data. Every request must still reach `completed` with exactly one
// document. This needs its own server (e2e/api/support/own-server.ts): the
// shared test server is never stopped. On PostgreSQL runs it uses a database
// of its own, created next to TEST_DATABASE_URL's and dropped afterwards; when
// that cannot be created, the test is skipped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { prepareOwnServer, tokenAt, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { jsonCall } from "./support/json-call";
import { makePdf, sendingRequestBody } from "./support/sending";

const REQUESTS = 10;
const PAGES = 30;
const FINAL = ["completed", "errored"];
const USER = { email: "crash@restart.example", password: "crash-Pa55word-e2e", name: "Casey Crash" };

let server: OwnServer | undefined;
let setup: OwnServerSetup;
let token = "";

/** A resource call to this test's server; a lost connection is retried once for GET, and a dead server is reported as such. */
const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const send = () => jsonCall(server!.baseUrl, token, path, { ...init, method });
  try {
    return await send();
  } catch (e) {
    const died = server!.exited();
    if (died) throw new Error(`${method} ${path}: the server process exited (${died}) while it was not being killed\n${server!.logTail()}`);
    if (method !== "GET") throw e;
    await new Promise((r) => setTimeout(r, 500));
    return await send();
  }
};

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "fault-restart", fromPort: 3400 });
  server = setup.server;
  if (!server) return;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Restart Ltd", "--account", "Restart");
  const app = await server.cli("app:create", "--owner", USER.email, "--name", "Restart Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  await server.start();
  token = await tokenAt(server.baseUrl, USER, app);
}, 300_000);

afterAll(() => setup?.teardown(), 60_000);

describe("kill -9 while sending requests are processing", () => {
  it("after a restart on the same data every request completes, with exactly one document each", { timeout: 600_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const pdf = await makePdf({
      pages: PAGES,
      title: "Crash-test contract",
      lines: [
        { page: 1, text: "[[signature|Client]]" },
        { page: PAGES, text: "[[signature|Manager]]" },
      ],
    });

    const ids: string[] = [];
    for (let i = 1; i <= REQUESTS; i++) {
      const created = await call("/public/v2/sending_requests", {
        body: sendingRequestBody({ document: { name: `Crash test ${i}` }, file: { name: `crash-${i}.pdf` } }),
      });
      expect(created.status, created.text).toBe(200);
      const sr = created.body.sending_request;
      const put = await fetch(sr.upload_url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: pdf as Uint8Array<ArrayBuffer> });
      expect(put.status).toBe(200);
      ids.push(sr.id);
    }
    for (const id of ids) {
      const up = await call(`/public/v2/sending_requests/${id}/uploaded`, { method: "POST", body: {} });
      expect(up.status, up.text).toBe(200);
      expect(up.body.status).toBe("processing");
    }

    // Once the worker has finished one request it is in the middle of the
    // next ones (it runs two at a time): kill the server outright then.
    let bodies: any[] = [];
    const busyUntil = Date.now() + 120_000;
    while (Date.now() < busyUntil) {
      bodies = (await Promise.all(ids.map((id) => call(`/public/v2/sending_requests/${id}`)))).map((r) => r.body);
      if (bodies.some((b) => FINAL.includes(b.status))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await server!.kill9();
    const before = bodies.map((b) => b.status as string);
    const finishedBefore = before.filter((s) => FINAL.includes(s)).length;
    expect(finishedBefore, `statuses at the kill: ${before.join(", ")}`).toBeGreaterThan(0);
    expect(finishedBefore, `statuses at the kill: ${before.join(", ")}`).toBeLessThan(REQUESTS - 1);

    await server!.start();
    const deadline = Date.now() + 480_000;
    let statuses: any[] = [];
    while (Date.now() < deadline) {
      statuses = (await Promise.all(ids.map((id) => call(`/public/v2/sending_requests/${id}`)))).map((r) => r.body);
      if (statuses.every((s) => FINAL.includes(s.status))) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(statuses.map((s) => `${s.id}: ${s.status} ${s.status_message ?? ""}`)).toEqual(ids.map((id) => `${id}: completed `));

    // exactly one document per request: the account's documents are these ten, one of each name
    const docIds = statuses.map((s) => s.document_template_id);
    // requests finished before the crash kept their document
    for (const [i, b] of bodies.entries()) if (b.status === "completed") expect(docIds[i]).toBe(b.document_template_id);
    expect(new Set(docIds).size).toBe(REQUESTS);
    const list = await call("/public/v2/documents?per_page=100");
    expect(list.status, list.text).toBe(200);
    const docs = list.body.documents as any[];
    expect(docs.map((d) => d.id).sort()).toEqual([...docIds].sort());
    expect(docs.map((d) => d.name).sort()).toEqual(Array.from({ length: REQUESTS }, (_, i) => `Crash test ${i + 1}`).sort());

    // each is whole: every page rendered, the fields of the tags, pending
    for (const [i, id] of docIds.entries()) {
      const res = await call(`/public/v2/documents/${id}`);
      expect(res.status, res.text).toBe(200);
      const doc = res.body.document;
      expect(doc.name).toBe(`Crash test ${i + 1}`);
      expect(doc.state).toBe("pending");
      expect(doc.page_image_urls).toHaveLength(PAGES);
      expect(doc.form_fields.map((f: any) => [f.role, f.page]).sort()).toEqual([
        ["Client", 1],
        ["Manager", PAGES],
      ]);
      expect(doc.recipients).toHaveLength(2);
    }
    // the stored page images are served (the last page is the last one rendered)
    for (const id of docIds) {
      const doc = (await call(`/public/v2/documents/${id}`)).body.document;
      const image = await fetch(doc.page_image_urls.at(-1));
      expect(image.status).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });
});
