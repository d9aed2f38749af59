// Issue 10 point 4: the completion job can never be lost between the
// committed last signature and the queue. The window is made real: the last
// signature commits on a server whose worker is off, the server is killed
// with SIGKILL, and the job the request queued after its commit is removed
// from pg-boss's table, which is exactly the state a kill -9 between the
// commit and `enqueue` leaves. After a restart the start-up sweep must queue
// the completion, and the document must get its signed PDF, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/helpers";
import { REDIRECT_URI_FOR_OWN_SERVER } from "../api/support/own-database";
import { importTemplateAt, prepareOwnServer, signEveryRecipientAt, tokenAt, TWO_SIGNER_TEMPLATE, type OwnServer, type OwnServerSetup } from "../api/support/own-server";

const USER = { email: "crash.window@security.example", password: "crash-Window-Pa55", name: "Wendy Window" };

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let token = "";
let templateId = "";

/** A resource call to this test's server with its token. */
const call = (p: string, o: { method?: string; body?: unknown } = {}) => api(`${server!.baseUrl}${p}`, { token, ...o });

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "crash-window", fromPort: 3450 });
  server = setup.server;
  if (!server) return;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Window Ltd", "--account", "Window");
  const app = await server.cli("app:create", "--owner", USER.email, "--name", "Window Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  templateId = await importTemplateAt(server, USER.email, { name: "Crash window", ...TWO_SIGNER_TEMPLATE });
  // No worker: the completion job the last signature queues is never taken.
  server.env.RUN_WORKER = "false";
  await server.start();
  token = await tokenAt(server.baseUrl, USER, { ...app, redirect_uri: REDIRECT_URI_FOR_OWN_SERVER });
}, 300_000);

afterAll(() => setup?.teardown(), 60_000);

describe("kill -9 between the last signature's commit and the completion job", () => {
  it("after a restart the document completes, once", { timeout: 300_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const sent = await call(`/public/v2/reusable_templates/${templateId}/send_document`, {
      body: { name: "Crash window document", expires_in: 30, roles: [{ name: "First", signer_name: "Fay First", signer_email: "fay@first.example" }, { name: "Second", signer_name: "Sid Second", signer_email: "sid@second.example" }] },
    });
    expect(sent.status, sent.text).toBe(200);
    const doc = sent.body.document;
    await signEveryRecipientAt(server!.baseUrl, doc);
    const executed = (await call(`/public/v2/documents/${doc.id}`)).body.document;
    expect(executed.state).toBe("executed");
    expect(executed.signed_pdf_url).toBeNull();

    await server!.kill9();
    const [removed] = await setup.sql(["delete from pgboss.job where name = 'complete-document'"]);
    expect(removed!.affected, "the queued completion job was there to lose").toBe(1);

    server!.env.RUN_WORKER = "true";
    await server!.start();
    const deadline = Date.now() + 120_000;
    let now = executed;
    while (!now.signed_pdf_url && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      now = (await call(`/public/v2/documents/${doc.id}`)).body.document;
    }
    expect(now.signed_pdf_url, server!.logTail()).toBeTruthy();
    const kw = now.audits.map((a: { metadata: { keyword: string } }) => a.metadata.keyword);
    expect(kw.filter((k: string) => k === "executed")).toHaveLength(1);
    expect(kw.filter((k: string) => k === "completed")).toHaveLength(1);
  });
});
