// Documents, reading (spec 2.1, 2.2, 4.2, 5.6 and docs/api-decisions.md "Documents"):
// list and get on /public/v1 and /public/v2.
// Real server over HTTP, fixtures from the admin CLI.
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures } from "./helpers";
import {
  expectBadInput,
  expectCertificateUrl,
  expectDocumentShape,
  expectError,
  expectSignedFileUrl,
  expectTimestamp,
  ids,
  ISO_TIMESTAMP_NUMERIC_OFFSET,
  listAll,
  obtainTokens,
  sorted,
  unknownId,
  VERSIONS,
  type Tokens,
  type Version,
} from "./support/checks";
import { A, aliceTemplate, aliceUnshared, getDoc as getDocAs, NO_ACL, NOT_FOUND, users } from "./support/documents-fixtures";

let t: Tokens;
beforeAll(async () => {
  t = await obtainTokens(["alice", "aliceRead", "bob", "carol"]);
});

const getDoc = (version: Version, id: string, token = t.alice) => getDocAs(version, id, token);


describe.each(VERSIONS)("GET /public/%s/documents", (v) => {
  it("answers the envelope {documents, meta: {total_pages}} with spec 2.1 documents", async () => {
    const res = await api(`/public/${v}/documents`, { token: t.alice });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(["documents", "meta"]);
    expect(Object.keys(res.body.meta)).toEqual(["total_pages"]);
    expect(Number.isInteger(res.body.meta.total_pages)).toBe(true);
    expect(res.body.documents.length).toBeGreaterThan(0);
    for (const d of res.body.documents) expectDocumentShape(d, v, false);
  });

  it("per_page defaults to 10, page to 1, and total_pages is ceil(total / per_page)", async () => {
    const all = await listAll(v, t.alice);
    const total = all.length;
    // alice's own fixtures alone are more than 20 documents
    expect(total).toBeGreaterThanOrEqual(aliceUnshared().length + 1);
    const def = await api(`/public/${v}/documents`, { token: t.alice });
    expect(def.status).toBe(200);
    expect(def.body.documents).toHaveLength(10);
    expect(def.body.meta.total_pages).toBe(Math.ceil(total / 10));
    expect(ids(def.body.documents)).toEqual(ids(all).slice(0, 10));
    const page1 = await api(`/public/${v}/documents`, { token: t.alice, query: { page: 1, per_page: 10 } });
    expect(ids(page1.body.documents)).toEqual(ids(def.body.documents));

    for (const perPage of [1, 3, 7, 100]) {
      const res = await api(`/public/${v}/documents`, { token: t.alice, query: { per_page: perPage } });
      expect(res.status).toBe(200);
      expect(res.body.documents).toHaveLength(Math.min(perPage, total));
      expect({ perPage, total_pages: res.body.meta.total_pages }).toEqual({ perPage, total_pages: Math.ceil(total / perPage) });
    }
  });

  it("pages partition the list: every document exactly once, in the same order", async () => {
    const all = ids(await listAll(v, t.alice));
    const perPage = 4;
    const first = await api(`/public/${v}/documents`, { token: t.alice, query: { per_page: perPage, page: 1 } });
    const pages = first.body.meta.total_pages;
    expect(pages).toBe(Math.ceil(all.length / perPage));
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await api(`/public/${v}/documents`, { token: t.alice, query: { per_page: perPage, page } });
      expect(res.status).toBe(200);
      expect(res.body.meta.total_pages).toBe(pages);
      expect(res.body.documents.length).toBe(page < pages ? perPage : all.length - perPage * (pages - 1));
      seen.push(...ids(res.body.documents));
    }
    expect(seen).toEqual(all);
  });

  it("newest first", async () => {
    const all = ids(await listAll(v, t.alice));
    // the fixtures were created in this order
    const created = [A.pending["oauth-body-token"]!, A.pending["spare-3"]!, A.draft, A.declined, A.draftToVoid.v2, A.byRecipient, A.sharedWithBob];
    const positions = created.map((id) => all.indexOf(id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
  });

  it("a page past the end is an empty list", async () => {
    const res = await api(`/public/${v}/documents`, { token: t.alice, query: { per_page: 100, page: 2 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.documents).toEqual([]);
    expect(res.body.meta.total_pages).toBe(1);
  });

  it.each([["101"], ["0"], ["abc"], ["-5"], ["2.5"]])("per_page=%s → 422 naming per_page", async (perPage) => {
    expectBadInput(await api(`/public/${v}/documents`, { token: t.alice, query: { per_page: perPage } }), "per_page");
  });

  it.each([["0"], ["abc"]])("page=%s → 422 naming page", async (page) => {
    expectBadInput(await api(`/public/${v}/documents`, { token: t.alice, query: { page } }), "page");
  });

  it("state filters by one state", async () => {
    const all = await listAll(v, t.alice);
    for (const state of ["executed", "voided", "draft", "pending"]) {
      const res = await listAll(v, t.alice, { state });
      expect(res.length, state).toBeGreaterThan(0);
      expect(res.every((d) => d.state === state), state).toBe(true);
      expect(ids(res)).toEqual(ids(all.filter((d) => d.state === state)));
    }
    expect(ids(await listAll(v, t.alice, { state: "expired" }))).toContain(A.expired);
    expect(ids(await listAll(v, t.alice, { state: "declined" }))).toContain(A.declined);
  });

  it("state takes a comma-separated list", async () => {
    const all = await listAll(v, t.alice);
    const res = await listAll(v, t.alice, { state: "executed,expired,declined" });
    expect(sorted(ids(res))).toEqual(sorted(ids(all.filter((d) => ["executed", "expired", "declined"].includes(d.state)))));
    expect(ids(res)).toEqual(expect.arrayContaining([A.executed, A.expired, A.declined]));
    expect(ids(res)).not.toContain(A.pending["spare-1"]);
    expect(res.some((d) => d.state === "pending")).toBe(false);
  });

  it("state filters combined with paging count only matching documents", async () => {
    const pending = await listAll(v, t.alice, { state: "pending" });
    const res = await api(`/public/${v}/documents`, { token: t.alice, query: { state: "pending", per_page: 5 } });
    expect(res.body.meta.total_pages).toBe(Math.ceil(pending.length / 5));
  });

  it("an unknown state → 422 naming it", async () => {
    const res = await api(`/public/${v}/documents`, { token: t.alice, query: { state: "finished" } });
    expectBadInput(res, "finished");
    const mixed = await api(`/public/${v}/documents`, { token: t.alice, query: { state: "pending,bogus" } });
    expectBadInput(mixed, "bogus");
  });

  it("template_id filters by the template the document was made from", async () => {
    const all = await listAll(v, t.alice);
    const fromAlice = await listAll(v, t.alice, { template_id: aliceTemplate.id });
    // every fixture document of alice comes from her template
    expect(ids(fromAlice)).toEqual(expect.arrayContaining([...aliceUnshared(), A.sharedWithBob]));
    expect(fromAlice.length).toBeLessThanOrEqual(all.length);
    // bob's template made none of the documents alice can see
    const fromBob = await api(`/public/${v}/documents`, { token: t.alice, query: { template_id: fixtures.templates.bob.id } });
    expect(fromBob.status).toBe(200);
    expect(fromBob.body.documents).toEqual([]);
    expect(fromBob.body.meta.total_pages).toBe(1);
    // for bob, alice's template made exactly the document she shared with him
    const bobsView = await listAll(v, t.bob, { template_id: aliceTemplate.id });
    expect(ids(bobsView)).toEqual([A.sharedWithBob]);
  });

  it("search matches the document name, case-insensitively", async () => {
    const res = await listAll(v, t.alice, { search: "aLiCe SHARED with bob" });
    expect(ids(res)).toEqual([A.sharedWithBob]);
    const several = await listAll(v, t.alice, { search: "draft to void" });
    expect(sorted(ids(several))).toEqual(sorted([A.draftToVoid.v1, A.draftToVoid.v2]));
  });

  it("search matches a recipient's e-mail and name", async () => {
    const byEmail = await listAll(v, t.alice, { search: "quentin.quarry@search.example" });
    expect(ids(byEmail)).toEqual([A.byRecipient]);
    expect(byEmail[0].recipients.map((r: any) => r.email)).toContain("quentin.quarry@search.example");
    const partial = await listAll(v, t.alice, { search: "QUARRY@SEARCH" });
    expect(ids(partial)).toEqual([A.byRecipient]);
    const byName = await listAll(v, t.alice, { search: "Quentin Quarry" });
    expect(ids(byName)).toEqual([A.byRecipient]);
  });

  it("search agrees with the documents' names, file names and recipients", async () => {
    const all = await listAll(v, t.alice);
    const token = "morgan@manager";
    const expected = all.filter((d) =>
      [d.name, d.filename, ...d.recipients.flatMap((r: any) => [r.name, r.email ?? ""])].some((s: string) => s.toLowerCase().includes(token)),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(v, t.alice, { search: token }))).toEqual(ids(expected));
  });

  it("a search without matches is an empty list with total_pages 1", async () => {
    const res = await api(`/public/${v}/documents`, { token: t.alice, query: { search: "zz-no-document-has-this-zz" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ documents: [], meta: { total_pages: 1 } });
  });

  it("search treats % and _ literally", async () => {
    const res = await api(`/public/${v}/documents`, { token: t.alice, query: { search: "%" } });
    expect(res.status).toBe(200);
    expect(res.body.documents).toEqual([]);
  });

  it("bob sees the document alice shared with him and none of her others", async () => {
    const bobs = await listAll(v, t.bob);
    expect(ids(bobs)).toContain(A.sharedWithBob);
    expect(ids(bobs)).toContain(fixtures.documents.bob.pending.main);
    for (const other of aliceUnshared()) expect(ids(bobs)).not.toContain(other);
    for (const d of bobs) {
      expect(d.sender.email === users.bob.email || d.shared_with.includes(users.bob.email), `${d.id} visible to bob`).toBe(true);
    }
    const shared = bobs.find((d) => d.id === A.sharedWithBob);
    expect(shared.sender.email).toBe(users.alice.email);
  });

  it("carol, in alice's account, sees none of alice's documents that are not shared with her", async () => {
    const carols = await listAll(v, t.carol);
    expect(ids(carols)).toContain(fixtures.documents.carol.pending);
    for (const other of [...aliceUnshared(), A.sharedWithBob]) {
      if (other === A.pending.share || other === A.pending["share-v1"]) continue; // the share tests add carol for a moment
      expect(ids(carols)).not.toContain(other);
    }
    for (const d of carols) {
      expect(d.sender.email === users.carol.email || d.shared_with.includes(users.carol.email), `${d.id} visible to carol`).toBe(true);
    }
    // and alice does not see carol's
    expect(ids(await listAll(v, t.alice))).not.toContain(fixtures.documents.carol.pending);
  });

  it("works with the read-only token and with access_token in the query", async () => {
    const ro = await api(`/public/${v}/documents`, { token: t.aliceRead, query: { per_page: 1 } });
    expect(ro.status, ro.text).toBe(200);
    const q = await api(`/public/${v}/documents`, { query: { per_page: 1, access_token: t.alice } });
    expect(q.status, q.text).toBe(200);
    expect(ids(q.body.documents)).toEqual(ids(ro.body.documents));
  });

  it("without a token → 401 Must be authenticated.", async () => {
    expectError(await api(`/public/${v}/documents`), 401, "Must be authenticated.");
  });
});

// ---------------------------------------------------------------- get

describe.each(VERSIONS)("GET /public/%s/documents/:id", (v) => {
  it("answers {document} with every field of spec 2.1, single-retrieval fields included", async () => {
    const res = await getDoc(v, A.pending["spare-1"]!);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["document"]);
    const d = res.body.document;
    expectDocumentShape(d, v, true);
    expect(d.id).toBe(A.pending["spare-1"]);
    expect(d.name).toBe("Alice pending spare-1");
    expect(d.state).toBe("pending");
    expect(d.filename).toMatch(/\.pdf$/i);
    expect(d.executed_at).toBeNull();
    expectTimestamp(d.sent_at, "sent_at of a pending document");
    expect(Date.parse(d.expired_at)).toBeGreaterThan(Date.now());
    expect(d.sender).toEqual({ id: users.alice.id, name: users.alice.name, email: users.alice.email, signer: expect.any(Boolean) });
    expect(d.kba).toBe(false);
    // alice's template: two pages, two roles in sequence, four fields
    expect(d.page_image_urls).toHaveLength(2);
    expect(d.recipients.map((r: any) => [r.role_name, r.sequence])).toEqual([
      ["Client", 0],
      ["Manager", 1],
    ]);
    const manager = d.recipients.find((r: any) => r.role_name === "Manager");
    expect(manager).toMatchObject({ name: "Morgan Manager", email: "morgan@manager.example", status: "pending" });
    expect(typeof d.current_signer_id).toBe("string");
    expect(d.current_signer_id).toBe(d.recipients.find((r: any) => r.sequence === 0).id);
    expect(sorted(d.form_fields.map((f: any) => `${f.name}/${f.role}/${f.page}`))).toEqual(
      sorted(["client_signature/Client/1", "client_title/Client/1", "client_date/Client/2", "manager_signature/Manager/2"]),
    );
    for (const f of d.form_fields) expect(f.value).toBe("");
    expect(new Set(d.form_fields.map((f: any) => f.id)).size).toBe(4);
    expect(d.audits.length).toBeGreaterThan(0);
  });

  it("recipients' sign_url carries access_token and remind_url is this version's reminders endpoint", async () => {
    const d = (await getDoc(v, A.pending["spare-2"]!)).body.document;
    expect(d.recipients.length).toBe(2);
    for (const r of d.recipients) {
      const sign = new URL(r.sign_url);
      expect(sign.searchParams.get("access_token")).toBeTruthy();
      expect(r.remind_url).toBe(`${new URL(r.remind_url).origin}/public/${v}/signers/${r.id}/reminders`);
    }
    expect(new Set(d.recipients.map((r: any) => r.id)).size).toBe(2);
    expect(new Set(d.recipients.map((r: any) => new URL(r.sign_url).searchParams.get("access_token"))).size).toBe(2);
  });

  it("an executed document has executed_at and every recipient signed", async () => {
    const res = await getDoc(v, A.executed);
    expect(res.status, res.text).toBe(200);
    const d = res.body.document;
    expectDocumentShape(d, v, true);
    expect(d.state).toBe("executed");
    expectTimestamp(d.executed_at, "executed_at");
    expect(d.recipients.map((r: any) => r.status)).toEqual(d.recipients.map(() => "signed"));
  });

  it("an executed document has its signed PDF and both certificate addresses", async () => {
    const d = (await getDoc(v, A.executed)).body.document;
    const urls = { signed_pdf_url: d.signed_pdf_url, signature_certificate_url: d.signature_certificate_url, merged_document_certificate_url: d.merged_document_certificate_url };
    expect(urls).toEqual({ signed_pdf_url: expect.any(String), signature_certificate_url: expect.any(String), merged_document_certificate_url: expect.any(String) });
    for (const [k, u] of Object.entries(urls)) expectSignedFileUrl(u, k);
  });

  it("a pending document has no signed PDF yet, and certificate addresses of the certificate so far (docs/api-decisions.md)", async () => {
    const d = (await getDoc(v, A.pending["spare-1"]!)).body.document;
    expect(d.signed_pdf_url).toBeNull();
    for (const key of ["signature_certificate_url", "merged_document_certificate_url"]) {
      expect(expectCertificateUrl(d[key], key).pathname, key).toMatch(/^\/certificates\//);
    }
  });

  it("timestamps carry a numeric UTC offset (spec conventions)", async () => {
    const d = (await getDoc(v, A.executed)).body.document;
    const stamps = { sent_at: d.sent_at, expired_at: d.expired_at, executed_at: d.executed_at, audit: d.audits[0]?.created_at };
    for (const [k, s] of Object.entries(stamps)) expect(s, k).toMatch(ISO_TIMESTAMP_NUMERIC_OFFSET);
  });

  it("the list shows the same document as the single retrieval", async () => {
    const single = (await getDoc(v, A.pending["spare-3"]!)).body.document;
    const listed = (await listAll(v, t.alice, { search: "Alice pending spare-3" })).find((d) => d.id === single.id);
    expect(listed).toBeDefined();
    for (const k of ["id", "name", "state", "sender", "recipients", "tags", "shared_with", "sent_at", "expired_at", "passcode_pin_enabled"]) {
      expect(listed[k], k).toEqual(single[k]);
    }
  });

  it("unknown id → 401 Can't find document.", async () => {
    expectError(await getDoc(v, unknownId()), 401, NOT_FOUND);
  });

  it("another user's document → 401 No ACLs tying user to document.", async () => {
    expectError(await getDoc(v, A.executed, t.bob), 401, NO_ACL);
    expectError(await getDoc(v, fixtures.documents.bob.pending.main!, t.alice), 401, NO_ACL);
  });

  it("a teammate in the same account cannot see it either", async () => {
    expectError(await getDoc(v, A.executed, t.carol), 401, NO_ACL);
  });

  it("the user it is shared with can get it", async () => {
    const res = await getDoc(v, A.sharedWithBob, t.bob);
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.id).toBe(A.sharedWithBob);
    expect(res.body.document.shared_with).toContain(users.bob.email);
    expect(res.body.document.sender.email).toBe(users.alice.email);
  });

  it("a read-only token can get it", async () => {
    expect((await getDoc(v, A.executed, t.aliceRead)).status).toBe(200);
  });
});
