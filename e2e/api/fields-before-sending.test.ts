// Issue 13, points 4 and 5, on the server (docs/api-decisions.md, "Fields
// before sending, and messages"): a prepared upload gets no automatic boxes;
// a draft with a signer without fields is refused at send naming the role;
// the builder's saves refuse boxes below the readable minimum; the public
// API still sends a template with a field-less role; a merge value too long
// for its box is refused at send time; the message for all signers reaches
// every signer with the role's message added. Real server over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { openSignPage, submitAs } from "./support/signing-calls";
import { waitForMail } from "./support/mail-sink";
import { expectBadInput } from "./support/checks";
import { componentId, makePdf, mergeComponents, putFile, sendBody, submitFile, templateCall, templateOf, tokensFor, waitForFinal } from "./support/sending";

const samTemplate = templateOf("sam");
let t: Record<"sam" | "sec", string>;
let dash: Record<"sam", string>;

beforeAll(async () => {
  t = await tokensFor(["sam", "sec"]);
  dash = await tokensFor(["sam"], { dashboard: true });
});

const draftOf = (id: string) => api(`/ext/documents/${id}/draft`, { token: dash.sam });
const saveDraft = (id: string, body: unknown) => api(`/ext/documents/${id}/draft`, { token: dash.sam, method: "PUT", body });
const sendDraft = (id: string) => api(`/ext/documents/${id}/send`, { token: dash.sam, method: "POST", body: {} });

/** A prepared one-off upload (prepare_document=true) of `pdf`, processed: answers the draft's id. */
async function preparedDraft(pdf: Uint8Array, name: string) {
  const { id } = await submitFile("v2", t.sam, pdf, { document: { name } }, { prepare_document: true });
  const done = await waitForFinal("v2", t.sam, id);
  expect(done.status, JSON.stringify(done)).toBe("completed");
  return done.document_template_id as string;
}

describe("a prepared upload and its draft", () => {
  it("without tags: no automatic boxes; sending is refused naming the role until every signer has a field", { timeout: 120_000 }, async () => {
    const id = await preparedDraft(await makePdf({ title: "No tags here" }), "Prepared without tags");
    const draft = (await draftOf(id)).body.document;
    expect(draft.fields).toEqual([]);

    const refused = await sendDraft(id);
    expectBadInput(refused, "fields");
    expect(refused.body.error).toContain("“Client” has no field");
    expect((await api(`/public/v2/documents/${id}`, { token: t.sam })).body.document.state).toBe("draft");

    const recipients = draft.recipients.map((r: { id: string; name: string; email: string | null }) => ({ id: r.id, name: r.name, email: r.email ?? "" }));
    const field = (role: string, name: string, box: { x: number; y: number; width: number; height: number }) => ({ type: "signature", role, name, page: 1, required: true, ...box });

    // A box below the readable minimum (a signature needs 48 × 16 pt; 0.02 × 792 pt is about 16, 0.05 × 612 about 31 wide).
    const tiny = await saveDraft(id, { name: draft.name, recipients, fields: [field("Client", "client_sig", { x: 0.1, y: 0.8, width: 0.05, height: 0.03 })] });
    expectBadInput(tiny, "definition[fields][0]");
    expect(tiny.body.error).toContain("too small");

    // Only the Client has a field: the Manager is named now.
    const one = await saveDraft(id, { name: draft.name, recipients, fields: [field("Client", "client_sig", { x: 0.1, y: 0.8, width: 0.3, height: 0.05 })] });
    expect(one.status, one.text).toBe(200);
    const second = await sendDraft(id);
    expectBadInput(second, "fields");
    expect(second.body.error).toContain("“Manager” has no field");

    const both = await saveDraft(id, {
      name: draft.name,
      recipients,
      fields: [field("Client", "client_sig", { x: 0.1, y: 0.8, width: 0.3, height: 0.05 }), field("Manager", "manager_sig", { x: 0.55, y: 0.8, width: 0.3, height: 0.05 })],
    });
    expect(both.status, both.text).toBe(200);
    const sent = await sendDraft(id);
    expect(sent.status, sent.text).toBe(200);
    expect((await api(`/public/v2/documents/${id}`, { token: t.sam })).body.document.state).toBe("pending");
  });

  it("with a tag for one role: only the tag's field (the other role gets no box); not prepared, the untagged role still gets one", { timeout: 120_000 }, async () => {
    const tagged = await makePdf({ lines: [{ page: 1, text: "[[signature|Client|name=client_tag]]" }] });
    const id = await preparedDraft(tagged, "Prepared with one tag");
    const draft = (await draftOf(id)).body.document;
    expect(draft.fields.map((f: { name: string; role: string }) => `${f.role}:${f.name}`)).toEqual(["Client:client_tag"]);

    const direct = await submitFile("v2", t.sam, tagged, { document: { name: "Sent with one tag" } });
    const done = await waitForFinal("v2", t.sam, direct.id);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const doc = (await api(`/public/v2/documents/${done.document_template_id}`, { token: t.sam })).body.document;
    const names = new Set(doc.form_fields.map((f: { name: string }) => f.name));
    expect(names.has("client_tag")).toBe(true);
    expect(doc.form_fields.length).toBe(2); // the Manager's automatic signature box
  });
});

describe("the public API and templates with a field-less role", () => {
  it("send_document still sends a template whose role has no field (spec-compatible)", { timeout: 120_000 }, async () => {
    // A template made in the builder with a Witness role that has no field.
    const upload = await api("/ext/template_uploads", { token: dash.sam, method: "POST", body: { file_name: "witness.pdf" } });
    expect(upload.status, upload.text).toBe(200);
    const put = await putFile(upload.body.template_upload.upload_url, await makePdf({ title: "Witness template" }));
    expect(put.status, put.text).toBe(200);
    expect((await api(`/ext/template_uploads/${upload.body.template_upload.id}/uploaded`, { token: dash.sam, method: "POST", body: {} })).status).toBe(200);
    const deadline = Date.now() + 90_000;
    let status = "processing";
    while (status !== "completed" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      status = (await api(`/ext/template_uploads/${upload.body.template_upload.id}`, { token: dash.sam })).body.template_upload.status;
      expect(status).not.toBe("errored");
    }
    const created = await api("/ext/templates", {
      token: dash.sam,
      method: "POST",
      body: {
        upload_id: upload.body.template_upload.id,
        definition: {
          name: "Witness template",
          roles: [{ name: "Client" }, { name: "Witness" }],
          fields: [{ type: "signature", role: "Client", name: "client_sig", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }],
        },
      },
    });
    expect(created.status, created.text).toBe(200);
    const res = await templateCall("v2", "send_document", created.body.template.id, t.sam, {
      name: "Witness sent by API",
      expires_in: 30,
      roles: [
        { name: "Client", signer_name: "Cleo Client", signer_email: "cleo.witness@client.example" },
        { name: "Witness", signer_name: "Will Witness", signer_email: "will@witness.example" },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.state).toBe("pending");
    // The Witness has nothing to fill in and still finishes.
    const witness = res.body.document.recipients.find((r: { role_name: string }) => r.role_name === "Witness");
    const signed = await submitAs(witness, {});
    expect(signed.status, signed.text).toBe(200);
  });
});

describe("merge values that do not fit their box", () => {
  it("are refused at send time naming the merge field; a value that fits (shrunk) is sent", async () => {
    const components = await mergeComponents(t.sam, samTemplate.id);
    const nameId = componentId(components, "Customer Name");
    const long = "Very Long Customer Name Incorporated ".repeat(30).trim();
    const refused = await templateCall("v2", "send_document", samTemplate.id, t.sam, sendBody({ merge_field_values: [{ id: nameId, value: long }] }));
    expectBadInput(refused, "merge_field_values[0][value]");
    expect(refused.body.error).toContain("“Customer Name” is too long for its box");
    const prepared = await templateCall("v2", "prepare_document", samTemplate.id, t.sam, sendBody({ merge_field_values: [{ id: nameId, value: long }] }));
    expectBadInput(prepared, "merge_field_values[0][value]");

    const fits = await templateCall("v2", "send_document", samTemplate.id, t.sam, sendBody({ merge_field_values: [{ id: nameId, value: "Very Long Customer Name Incorporated of Greater Springfield" }] }));
    expect(fits.status, fits.text).toBe(200);
  });
});

describe("the message for all signers", () => {
  it("reaches every signer, with the role's own message added (not replaced)", { timeout: 60_000 }, async () => {
    // sec's template signs without sequencing: both signers are e-mailed at once.
    const sec = templateOf("sec" as "sam");
    const stamp = Date.now();
    const client = `cleo.${stamp}@message.example`;
    const manager = `mona.${stamp}@message.example`;
    const res = await templateCall("v2", "send_document", sec.id, t.sec, {
      name: "Message for everyone",
      expires_in: 30,
      message: "Hello both: this is the message for all signers.",
      roles: [
        { name: "Client", signer_name: "Cleo Client", signer_email: client, message: "Cleo, only page 2 concerns you." },
        { name: "Manager", signer_name: "Mona Manager", signer_email: manager },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const toClient = await waitForMail(client, { after: 0 });
    expect(toClient.text).toContain("Hello both: this is the message for all signers.");
    expect(toClient.text).toContain("Cleo, only page 2 concerns you.");
    const toManager = await waitForMail(manager, { after: 0 });
    expect(toManager.text).toContain("Hello both: this is the message for all signers.");
    // The template's own message for the Manager's role is added too.
    expect(toManager.text).toContain("Please countersign.");

    // The signer page shows the same words.
    const doc = res.body.document;
    const clientRow = doc.recipients.find((r: { role_name: string }) => r.role_name === "Client");
    const page = await openSignPage(clientRow);
    expect(page.text).toContain("Hello both: this is the message for all signers.");
    expect(page.text).toContain("Cleo, only page 2 concerns you.");
  });
});
