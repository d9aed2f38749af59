// The first uploads on a freshly started server complete (issue 14's
// processing memory, found while measuring it): each processing worker grows
// the process by ~100 MB on its first job, whatever the file (its heap and the
// canvas's native memory reaching their working size), and that growth was
// counted against the file's budget (PROCESSING_MEMORY_MB). An ordinary
// 200-page upload on a fresh 2-core server then failed as "needs more memory"
// one time in three; and since a failed job's workers are replaced by fresh
// ones, the next upload failed the same way. Here the budget (64 MB, the
// smallest allowed) is below that growth, so before the fix the upload failed
// every time (the limit is now 64 + 64 per worker used on its first job: 192
// MB on this 2-core machine, against 93–121 MB measured for this file); the
// file's own budget still applies (bounded-resources). (Only
// the first upload is checked: with a budget this small, a later 30-page job's
// own growth, 15–70 MB, may exceed it — as it should.)
import { afterAll, beforeAll, expect, it } from "vitest";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { callAt, prepareOwnServer, tokenAt, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { makePdf, sendingRequestBody } from "./support/sending";

const USER = { email: "first@uploads.example", password: "first-Pa55word-e2e", name: "Fay First" };
let setup: OwnServerSetup;
let server: OwnServer | undefined;
let token = "";

const call = (path: string, init: { method?: string; body?: unknown } = {}) => callAt(server!.baseUrl, token, path, init);

/** Uploads `bytes` as a sending request's file and answers the request once it is completed or errored. */
async function upload(bytes: Uint8Array, name: string) {
  const created = await call("/public/v2/sending_requests", { body: sendingRequestBody({ file: { name } }) });
  expect(created.status, created.text).toBe(200);
  const { id, upload_url: uploadUrl } = created.body.sending_request;
  const put = await fetch(uploadUrl, { method: "PUT", headers: { "Content-Type": "application/octet-stream" }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status, await put.text()).toBe(200);
  const up = await call(`/public/v2/sending_requests/${id}/uploaded`, { method: "POST" });
  expect(up.status, up.text).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const got = await call(`/public/v2/sending_requests/${id}`);
    const request = got.body.sending_request ?? got.body;
    if (["completed", "errored"].includes(request.status)) return request;
    if (Date.now() > deadline) throw new Error(`${name} was still ${request.status} after 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "processing-first-upload", fromPort: 4400 });
  server = setup.server;
  if (!server) return;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "First Ltd", "--account", "First");
  const app = await server.cli("app:create", "--owner", USER.email, "--name", "First Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  server.env.PROCESSING_MEMORY_MB = "64";
  // The workers' own growth on their first job is what this checks: with pdftoppm drawing the pages (the default
  // where poppler is installed) the workers only read the text and grow less: the test could pass without it.
  server.env.PROCESSING_RENDERER = "pdfjs";
  await server.start();
  token = await tokenAt(server.baseUrl, USER, app);
}, 300_000);

afterAll(() => setup?.teardown(), 60_000);

it("an ordinary 30-page PDF, as the first upload of a fresh server, is processed", { timeout: 150_000 }, async (ctx) => {
  if (setup.skipReason) ctx.skip(setup.skipReason);
  const pdf = await makePdf({ pages: 30, title: "First upload", lines: [{ page: 1, text: "[[signature|Client]]" }] });
  const request = await upload(pdf, "first.pdf");
  expect(request.status, String(request.status_message)).toBe("completed");
});
