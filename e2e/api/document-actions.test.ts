// Acting on a document (issue 13 point 3; docs/api-decisions.md, "Acting on
// a document"): the /ext overview (decline reasons, signed pages, the
// sender's sign-now link), editing a pending recipient (audited, the old
// link revoked, a new invitation), correct and resend, deleting a draft. Each
// endpoint refuses other accounts and users the document is shared with.
// sam (account "Sending") sends, so alice's lists stay as the other tests expect.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures } from "./helpers";
import { expectBadInput, expectError, unknownId } from "./support/checks";
import { mailCount, waitForMail } from "./support/mail-sink";
import { prepareBody, sendDocument, templateCall, templateOf, tokensFor, userOf } from "./support/sending";
import {
  clientValues,
  declineAs,
  getDocument,
  managerValues,
  openSignPage,
  recipient,
  submitAs,
  waitForDocument,
  type Doc,
} from "./support/signing-calls";

const template = templateOf("sam");
const sam = userOf("sam");
const bob = userOf("bob");
const NOT_SENDER = "User is not the document sender.";
const NOT_FOUND = "Can't find document.";
const NOT_PENDING = "Document needs to be pending.";

// /ext answers the dashboard's own client only: these tokens are issued to it.
let ext: Record<"sam" | "bob" | "alice", string>;
// An ordinary application's token (a third party): /ext refuses it.
let appToken: string;
beforeAll(async () => {
  ext = await tokensFor(["sam", "bob", "alice"], { dashboard: true });
  appToken = (await tokensFor(["sam"])).sam;
});

const tag = () => crypto.randomBytes(3).toString("hex");
const overview = (id: string, token = ext.sam) => api(`/ext/documents/${id}/overview`, { token });
const edit = (id: string, recipientId: string, body: unknown, token = ext.sam) =>
  api(`/ext/documents/${id}/recipients/${recipientId}`, { token, method: "PUT", body });
const correct = (id: string, token = ext.sam) => api(`/ext/documents/${id}/correct`, { token, method: "POST", body: {} });
const remove = (id: string, token = ext.sam) => api(`/ext/documents/${id}`, { token, method: "DELETE" });

/** A pending document of sam (sequencing: the Client first, then Morgan Manager), shared with bob. */
async function fresh(client = { signer_name: "Cleo Client", signer_email: `cleo.${tag()}@client.example` }): Promise<Doc> {
  const sent = await sendDocument("v2", ext.sam, template.id, {
    name: `Document actions ${tag()}`,
    roles: [{ name: "Client", ...client }],
    shared_with: [bob.email],
  });
  return getDocument(ext.sam, sent.id);
}

describe("GET /ext/documents/:id/overview", () => {
  it("answers the sender without sign_now when the sender is no signer, a shared-with user without it; others are refused", async () => {
    const doc = await fresh();
    const mine = await overview(doc.id);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.document).toMatchObject({ id: doc.id, state: "pending", corrected_from_id: null, signed_page_image_urls: [], sign_now: null });
    expect(mine.body.document.recipients.map((r: any) => r.id).sort()).toEqual(doc.recipients.map((r) => r.id).sort());
    expect(mine.body.document.recipients.every((r: any) => r.decline_reason === null && r.is_sender === false)).toBe(true);

    const shared = await overview(doc.id, ext.bob);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.document.sign_now).toBeNull();
    expectError(await overview(doc.id, ext.alice), 401, "No ACLs tying user to document.");
    expectError(await overview(unknownId()), 401, NOT_FOUND);
    // A third party's token stays within the spec's API.
    expect((await overview(doc.id, appToken)).status).toBe(403);
  });

  it("sign_now: the sender's own recipient whose turn it is gets the working sign_url; none once signed or not their turn", async () => {
    const doc = await fresh({ signer_name: sam.name, signer_email: sam.email.toUpperCase() });
    const client = recipient(doc, "Client");
    const mine = (await overview(doc.id)).body.document;
    expect(mine.sign_now).toEqual({ recipient_id: client.id, sign_url: client.sign_url });
    expect((await openSignPage({ ...client, sign_url: mine.sign_now.sign_url })).status).toBe(200);
    // The shared-with user never gets the credential.
    expect((await overview(doc.id, ext.bob)).body.document.sign_now).toBeNull();

    expect((await submitAs(client, clientValues(doc))).status).toBe(200);
    // Now it is Morgan Manager's turn, not the sender's.
    expect((await overview(doc.id)).body.document.sign_now).toBeNull();
  });

  it("shows the decline reason next to the recipient who declined", async () => {
    const doc = await fresh();
    const client = recipient(doc, "Client");
    expect((await declineAs(client, "The fee in clause 4 is wrong.")).status).toBe(200);
    const o = (await overview(doc.id, ext.bob)).body.document;
    expect(o.state).toBe("declined");
    const row = o.recipients.find((r: any) => r.id === client.id);
    expect(row.decline_reason).toBe("The fee in clause 4 is wrong.");
    expect(Date.parse(row.declined_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(o.recipients.find((r: any) => r.id !== client.id).decline_reason).toBeNull();
  });
});

describe("PUT /ext/documents/:id/recipients/:recipientId", () => {
  it("changes name and e-mail: audited, the old link no longer works (page, submit, decline), the new one does, a new invitation went out", async () => {
    const doc = await fresh();
    const before = recipient(doc, "Client");
    expect((await openSignPage(before)).status).toBe(200);
    const address = `new.client.${tag()}@client.example`;
    const seen = mailCount(address);

    const res = await edit(doc.id, before.id, { name: "Nora New", email: ` ${address.toUpperCase()} ` });
    expect(res.status, res.text).toBe(200);
    expect(res.body.recipient).toEqual({ id: before.id, name: "Nora New", email: address, changed: true, invited: true });

    const after = await getDocument(ext.sam, doc.id);
    const now = recipient(after, "Client");
    expect(now).toMatchObject({ id: before.id, name: "Nora New", email: address, status: "pending" });
    expect(now.sign_url).not.toBe(before.sign_url);
    const audit = after.audits.find((a) => a.metadata.keyword === "recipient_edited");
    expect(audit?.payload).toContain("Cleo Client");
    expect(audit?.payload).toContain(address);

    // The old link: the "link does not work" page (404), and the signer's calls are refused.
    const old = await openSignPage(before);
    expect(old.status).toBe(404);
    expect(old.text).toContain("This signing link is not valid");
    expect((await submitAs(before, clientValues(after))).status).toBe(404);
    expect((await declineAs(before, "not me")).status).toBe(404);

    const mail = await waitForMail(address, { after: seen, subject: /to sign/ });
    expect(mail.text).toContain(now.sign_url);
    expect(mail.text).toContain("Nora New");
    expect((await openSignPage(now)).status).toBe(200);
    expect((await submitAs(now, clientValues(after))).status).toBe(200);
  });

  it("a signer whose turn has not come is changed without an e-mail now; unchanged values keep the link", async () => {
    const doc = await fresh();
    const manager = recipient(doc, "Manager");
    const res = await edit(doc.id, manager.id, { name: "Max Manager", email: `max.${tag()}@manager.example` });
    expect(res.status, res.text).toBe(200);
    expect(res.body.recipient).toMatchObject({ changed: true, invited: false });

    const client = recipient(doc, "Client");
    const same = await edit(doc.id, client.id, { name: client.name, email: client.email });
    expect(same.body.recipient).toMatchObject({ changed: false, invited: false });
    expect(recipient(await getDocument(ext.sam, doc.id), "Client").sign_url).toBe(client.sign_url);
  });

  it("refuses other accounts, shared-with users, signed recipients, closed documents and bad input", async () => {
    const doc = await fresh();
    const client = recipient(doc, "Client");
    const body = { name: "Someone Else", email: "someone@else.example" };
    expectError(await edit(doc.id, client.id, body, ext.alice), 401, NOT_SENDER);
    expectError(await edit(doc.id, client.id, body, ext.bob), 401, NOT_SENDER);
    expectError(await edit(unknownId(), client.id, body), 401, NOT_FOUND);
    expect((await edit(doc.id, client.id, body, appToken)).status).toBe(403);
    expectBadInput(await edit(doc.id, client.id, { name: "", email: "x@y.example" }), "name");
    expectBadInput(await edit(doc.id, client.id, { name: "Ok", email: "not an address" }), "email");
    expectBadInput(await edit(doc.id, unknownId(), body), "recipient_id");
    // Nothing changed by the refusals: the link still works.
    expect((await openSignPage(client)).status).toBe(200);

    expect((await submitAs(client, clientValues(doc))).status).toBe(200);
    expectBadInput(await edit(doc.id, client.id, body), "recipient_id");
    expect((await api(`/public/v2/documents/${doc.id}/void`, { token: ext.sam, method: "POST" })).status).toBe(200);
    expectError(await edit(doc.id, recipient(doc, "Manager").id, body), 401, NOT_PENDING);
  });
});

describe("POST /ext/documents/:id/correct", () => {
  it("a declined document becomes a new draft with the same file, fields, recipients and options; asking again answers the same draft", async () => {
    const doc = await fresh();
    expect((await declineAs(recipient(doc, "Client"), "Wrong address")).status).toBe(200);
    const res = await correct(doc.id);
    expect(res.status, res.text).toBe(200);
    const { id, state, corrected_from_id } = res.body.document;
    expect({ state, corrected_from_id }).toEqual({ state: "draft", corrected_from_id: doc.id });
    expect(id).not.toBe(doc.id);
    expect((await correct(doc.id)).body.document.id).toBe(id);

    const copy = await getDocument(ext.sam, id);
    expect(copy).toMatchObject({ state: "draft", name: doc.name, filename: doc.filename, tags: doc.tags, shared_with: doc.shared_with });
    expect(copy.recipients.map((r) => [r.role_name, r.name, r.email, r.status, r.sequence])).toEqual(
      [...doc.recipients].sort((a, b) => a.sequence - b.sequence).map((r) => [r.role_name, r.name, r.email, "pending", r.sequence]),
    );
    expect(copy.recipients.every((r) => !doc.recipients.some((o) => o.id === r.id))).toBe(true);
    const [draftOld, draftNew] = await Promise.all(
      [doc.id, id].map(async (d) => (await api(`/ext/documents/${d}/draft`, { token: ext.sam })).body.document),
    );
    expect(draftNew.fields).toEqual(draftOld.fields);
    expect(draftNew.pages.length).toBe(draftOld.pages.length);
    expect((await overview(id)).body.document.corrected_from_id).toBe(doc.id);
    expect((await getDocument(ext.sam, doc.id)).audits.map((a) => a.metadata.keyword)).toContain("corrected");

    // It sends like any draft, and its links work.
    const sent = await api(`/ext/documents/${id}/send`, { token: ext.sam, method: "POST", body: {} });
    expect(sent.status, sent.text).toBe(200);
    const pending = await getDocument(ext.sam, id);
    expect(pending.state).toBe("pending");
    expect((await openSignPage(recipient(pending, "Client"))).status).toBe(200);
  });

  it("an expired document can be corrected too (then the draft is deleted again)", async () => {
    const expired = fixtures.documents.alice.expired;
    const res = await correct(expired, ext.alice);
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.corrected_from_id).toBe(expired);
    expect((await remove(res.body.document.id, ext.alice)).status).toBe(204);
  });

  it("refuses pending documents, other accounts and shared-with users", async () => {
    const doc = await fresh();
    expectBadInput(await correct(doc.id), "id");
    expect((await declineAs(recipient(doc, "Client"), "No")).status).toBe(200);
    expectError(await correct(doc.id, ext.alice), 401, NOT_SENDER);
    expectError(await correct(doc.id, ext.bob), 401, NOT_SENDER);
    expectError(await correct(unknownId()), 401, NOT_FOUND);
    expect((await correct(doc.id, appToken)).status).toBe(403);
  });
});

describe("DELETE /ext/documents/:id", () => {
  async function draft() {
    const res = await templateCall("v2", "prepare_document", template.id, ext.sam, prepareBody({ name: `Draft to delete ${tag()}`, shared_with: [bob.email] }));
    expect(res.status, res.text).toBe(200);
    return new URL(res.body.url).pathname.split("/")[2]!;
  }

  it("deletes a draft (204): gone from the document and the list; the template's file stays", async () => {
    const id = await draft();
    expectError(await remove(id, ext.alice), 401, NOT_SENDER);
    expectError(await remove(id, ext.bob), 401, NOT_SENDER);
    expect((await remove(id, appToken)).status).toBe(403);
    const original = (await getDocument(ext.sam, id)).original_file_url;

    const res = await remove(id);
    expect(res.status, res.text).toBe(204);
    expectError(await api(`/public/v2/documents/${id}`, { token: ext.sam }), 401, NOT_FOUND);
    const list = await api(`/public/v2/documents`, { token: ext.sam, query: { state: "draft", per_page: 100 } });
    expect(list.body.documents.map((d: any) => d.id)).not.toContain(id);
    expectError(await remove(id), 401, NOT_FOUND);
    // A template's draft shares the template's file: it is not removed with the draft.
    expect((await fetch(original)).status).toBe(200);
  });

  it("refuses sent documents", async () => {
    const doc = await fresh();
    expectBadInput(await remove(doc.id), "id");
    expect((await getDocument(ext.sam, doc.id)).state).toBe("pending");
  });
});

describe("signed pages", () => {
  it("once executed, the overview answers the signed PDF's pages, which differ from the original's", async () => {
    const doc = await fresh();
    expect((await overview(doc.id)).body.document.signed_page_image_urls).toEqual([]);
    expect((await submitAs(recipient(doc, "Client"), clientValues(doc))).status).toBe(200);
    expect((await submitAs(recipient(doc, "Manager"), managerValues(doc))).status).toBe(200);
    const done = await waitForDocument(ext.sam, doc.id, (d) => !!d.signed_pdf_url, "signed_pdf_url", 120_000);
    // The signed pages' images are made just after the signed PDF is recorded (so signed_pdf_url never waits for them).
    await expect
      .poll(async () => (await overview(doc.id, ext.bob)).body.document.signed_page_image_urls.length, { timeout: 60_000, interval: 250 })
      .toBe((done.page_image_urls as string[]).length);

    const o = (await overview(doc.id, ext.bob)).body.document;
    expect(o.signed_page_image_urls).toHaveLength((done.page_image_urls as string[]).length);
    const [signed, original] = await Promise.all(
      [o.signed_page_image_urls[0], (done.page_image_urls as string[])[0]].map(async (u: string) => {
        const r = await fetch(u);
        expect(r.status).toBe(200);
        expect(r.headers.get("content-type")).toContain("image/jpeg");
        return Buffer.from(await r.arrayBuffer());
      }),
    );
    expect(signed!.equals(original!)).toBe(false);
  }, 180_000);
});
