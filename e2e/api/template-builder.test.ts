// The builder's template endpoints (docs/api-decisions.md "Template builder"):
// a file uploaded to /ext/template_uploads goes through the processing
// pipeline (text tags become fields and roles), becomes a template once, and
// later saves make new versions that keep field and merge-field ids. Access
// is limited to the caller's account. Real server over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { api, http } from "./helpers";
import { expectBadInput, expectError } from "./support/checks";
import { makePdf, putFile, tokensFor } from "./support/sending";

let t: Record<"sam" | "samRead" | "bob", string>;

beforeAll(async () => {
  t = await tokensFor(["sam", "samRead", "bob"], { dashboard: true });
});

async function processedUpload(bytes: Uint8Array, token = t.sam) {
  const created = await api("/ext/template_uploads", { token, method: "POST", body: { file_name: "contract.pdf" } });
  expect(created.status, created.text).toBe(200);
  const upload = created.body.template_upload;
  expect(upload.status).toBe("waiting_for_file");
  expect((await putFile(upload.upload_url, bytes)).status).toBe(200);
  const started = await api(`/ext/template_uploads/${upload.id}/uploaded`, { token, method: "POST", body: {} });
  expect(started.status, started.text).toBe(200);
  expect(started.body.template_upload.upload_url).toBeNull();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = (await api(`/ext/template_uploads/${upload.id}`, { token })).body.template_upload;
    if (now.status === "completed" || now.status === "errored" || Date.now() > deadline) return now;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const definition = (extra: Record<string, unknown> = {}) => ({
  name: "Builder API template",
  roles: [{ name: "Buyer" }, { name: "Seller" }],
  fields: [
    { type: "signature", role: "Buyer", name: "buyer_signature", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05 },
    { type: "signature", role: "Seller", name: "seller_signature", page: 1, x: 0.55, y: 0.8, width: 0.3, height: 0.05 },
  ],
  merge_fields: [{ name: "price", type: "text", page: 1, x: 0.1, y: 0.3, width: 0.3, height: 0.03 }],
  ...extra,
});

describe("template uploads", () => {
  it("text tags become fields and roles; the upload becomes a template once", async () => {
    const pdf = await makePdf({ lines: [{ page: 1, text: "[[signature|Landlord]]" }, { page: 1, text: "[[text|Tenant]]" }] });
    const upload = await processedUpload(pdf);
    expect(upload.status, upload.status_message).toBe("completed");
    expect(upload.pages).toHaveLength(1);
    expect(upload.roles.sort()).toEqual(["Landlord", "Tenant"]);
    expect(upload.fields.map((f: { type: string }) => f.type).sort()).toEqual(["signature", "text"]);

    const fields = upload.fields.map((f: Record<string, unknown>) => ({ ...f }));
    const created = await api("/ext/templates", { token: t.sam, method: "POST", body: { upload_id: upload.id, definition: { name: "Lease", roles: [{ name: "Landlord" }, { name: "Tenant" }], fields } } });
    expect(created.status, created.text).toBe(200);
    // The tag fields keep the ids the upload gave them.
    expect(created.body.template.definition.fields.map((f: { id: string }) => f.id).sort()).toEqual(fields.map((f: { id: string }) => f.id).sort());
    expect((await api(`/ext/template_uploads/${upload.id}`, { token: t.sam })).body.template_upload.template_id).toBe(created.body.template.id);
    expectBadInput(await api("/ext/templates", { token: t.sam, method: "POST", body: { upload_id: upload.id, definition: definition() } }), "upload_id");
  });

  it("a file that is not a PDF ends errored with the reason; a tampered upload address is refused", async () => {
    const upload = await processedUpload(new TextEncoder().encode("just some notes, not a pdf"));
    expect(upload.status).toBe("errored");
    expect(upload.status_message).toMatch(/PDF/);

    const created = (await api("/ext/template_uploads", { token: t.sam, method: "POST", body: { file_name: "x.pdf" } })).body.template_upload;
    const tampered = created.upload_url.replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === "A" ? "B" : "A"}`);
    expect(tampered).not.toBe(created.upload_url);
    expect((await putFile(tampered, await makePdf())).status).toBe(403);
    // A sending request's address for the same id is not a template upload's.
    const asSendingRequest = created.upload_url.replace("/uploads/template_uploads/", "/uploads/sending_requests/");
    expect((await putFile(asSendingRequest, await makePdf())).status).toBe(403);
    expectBadInput(await api(`/ext/template_uploads/${created.id}/uploaded`, { token: t.sam, method: "POST", body: {} }), "file");
  });

  it("belongs to its uploader: another account cannot read it or save it as a template", async () => {
    const created = (await api("/ext/template_uploads", { token: t.sam, method: "POST", body: { file_name: "mine.pdf" } })).body.template_upload;
    expectError(await api(`/ext/template_uploads/${created.id}`, { token: t.bob }), 404, "Template upload not found.");
    expectError(await api("/ext/templates", { token: t.bob, method: "POST", body: { upload_id: created.id, definition: definition() } }), 404, "Template upload not found.");
    expectError(await api("/ext/template_uploads", { token: t.samRead, method: "POST", body: { file_name: "x.pdf" } }), 400, "invalid_scope");
  });
});

describe("template versions", () => {
  it("each save is a new version keeping field and merge-field ids; stale versions and bad definitions are refused", async () => {
    const upload = await processedUpload(await makePdf());
    const v1 = (await api("/ext/templates", { token: t.sam, method: "POST", body: { upload_id: upload.id, definition: definition() } })).body.template;
    expect(v1.version).toBe(1);
    const price = v1.definition.merge_fields[0];

    // Move the merge field and rename a role (its fields follow); ids come back as given.
    const def2 = {
      ...v1.definition,
      roles: [{ ...v1.definition.roles[0], name: "Purchaser" }, v1.definition.roles[1]],
      fields: v1.definition.fields.map((f: { role: string }) => (f.role === "Buyer" ? { ...f, role: "Purchaser" } : f)),
      merge_fields: [{ ...price, y: 0.4 }, { name: "closing_date", type: "date", page: 1, x: 0.5, y: 0.4, width: 0.2, height: 0.03 }],
    };
    const saved = await api(`/ext/templates/${v1.id}`, { token: t.sam, method: "PUT", body: { definition: def2, base_version: 1 } });
    expect(saved.status, saved.text).toBe(200);
    const v2 = saved.body.template;
    expect(v2.version).toBe(2);
    expect(v2.definition.merge_fields[0]).toMatchObject({ id: price.id, name: "price", y: 0.4 });
    expect(v2.definition.merge_fields[1].id).not.toBe(price.id);
    expect(v2.definition.fields.map((f: { id: string }) => f.id)).toEqual(v1.definition.fields.map((f: { id: string }) => f.id));

    // The public API sees the new version; sending by the merge field's id still works.
    const pub = await api(`/public/v2/reusable_templates/${v1.id}`, { token: t.sam });
    expect(pub.body.reusable_template.roles.map((r: { name: string }) => r.name)).toEqual(["Purchaser", "Seller"]);
    const sent = await api(`/public/v1/reusable_templates/${v1.id}/send_document`, {
      token: t.sam,
      method: "POST",
      body: {
        name: "Sent from version 2",
        expires_in: 30,
        roles: [{ name: "Purchaser", signer_name: "P", signer_email: "p@x.example" }, { name: "Seller", signer_name: "S", signer_email: "s@x.example" }],
        merge_field_values: [{ id: price.id, value: "100" }],
      },
    });
    expect(sent.status, sent.text).toBe(200);

    expectBadInput(await api(`/ext/templates/${v1.id}`, { token: t.sam, method: "PUT", body: { definition: def2, base_version: 1 } }), "base_version");
    const offPage = { ...def2, fields: [{ ...def2.fields[0], x: 0.9, width: 0.3 }] };
    expectBadInput(await api(`/ext/templates/${v1.id}`, { token: t.sam, method: "PUT", body: { definition: offPage } }), "definition[fields][0]");
    const noPage = { ...def2, fields: [{ ...def2.fields[0], page: 7 }] };
    expectBadInput(await api(`/ext/templates/${v1.id}`, { token: t.sam, method: "PUT", body: { definition: noPage } }), "page 7 does not exist");
    // Another account's template is refused in the spec's words.
    expectError(await api(`/ext/templates/${v1.id}`, { token: t.bob }), 401, "Unauthorized account for Reusable Template.");
    expectError(await api(`/ext/templates/${v1.id}`, { token: t.bob, method: "PUT", body: { definition: def2 } }), 401, "Unauthorized account for Reusable Template.");
    expect((await api(`/ext/templates/${v1.id}`, { token: t.sam })).body.template.version).toBe(2);
  });
});

it("the builder's endpoints answer JSON errors without a token", async () => {
  const res = await http("/ext/templates/abc");
  expect(res.status).toBe(401);
});
