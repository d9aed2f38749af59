// Documents, changing (spec 3.1, 4.2, 5.6 and docs/api-decisions.md "Documents"):
// share, update_tags, update_pin and void on /public/v1 and /public/v2.
// Real server over HTTP, fixtures from the admin CLI.
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures } from "./helpers";
import {
  expectBadInput,
  expectDocumentShape,
  expectError,
  ids,
  listAll,
  obtainTokens,
  sorted,
  unknownId,
  VERSIONS,
  type Tokens,
  type Version,
} from "./support/checks";
import { A, CANNOT_VOID, getDoc as getDocAs, NO_ACL, NOT_FOUND, users } from "./support/documents-fixtures";

let t: Tokens;
beforeAll(async () => {
  t = await obtainTokens(["alice", "aliceRead", "bob", "carol"]);
});

const getDoc = (version: Version, id: string, token = t.alice) => getDocAs(version, id, token);

describe.each(VERSIONS)("POST /public/%s/documents/:id/share", (v) => {
  const id = v === "v2" ? A.pending.share! : A.pending["share-v1"]!;
  const share = (body: unknown, token = t.alice, docId = id) => api(`/public/${v}/documents/${docId}/share`, { token, method: "POST", body });

  it("replaces the list, stores addresses lower-case and answers {document}", async () => {
    const res = await share({ shared_with: ["Carol@ACME.example", "Partner@Example.COM"] });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["document"]);
    expectDocumentShape(res.body.document, v, false);
    expect(res.body.document.id).toBe(id);
    expect(sorted(res.body.document.shared_with)).toEqual(["carol@acme.example", "partner@example.com"]);
    const again = (await getDoc(v, id)).body.document;
    expect(sorted(again.shared_with)).toEqual(["carol@acme.example", "partner@example.com"]);
  });

  it("the newly added user can then get and list it", async () => {
    await share({ shared_with: [users.carol.email] });
    const res = await getDoc(v, id, t.carol);
    expect(res.status, res.text).toBe(200);
    expect(ids(await listAll(v, t.carol))).toContain(id);
  });

  it("a user on the list may replace it too", async () => {
    await share({ shared_with: [users.carol.email] });
    const res = await share({ shared_with: [users.carol.email, "extra@example.com"] }, t.carol);
    expect(res.status, res.text).toBe(200);
    expect(sorted(res.body.document.shared_with)).toEqual(sorted([users.carol.email, "extra@example.com"]));
  });

  it("replacing the list without a user takes their access away", async () => {
    await share({ shared_with: [users.carol.email, "keep@example.com"] });
    const res = await share({ shared_with: ["keep@example.com"] });
    expect(res.status).toBe(200);
    expect(res.body.document.shared_with).toEqual(["keep@example.com"]);
    expectError(await getDoc(v, id, t.carol), 401, NO_ACL);
    expect(ids(await listAll(v, t.carol))).not.toContain(id);
  });

  it("duplicates are dropped and an empty list clears it", async () => {
    const dup = await share({ shared_with: ["dup@example.com", "DUP@example.com", "dup@example.com"] });
    expect(dup.status).toBe(200);
    expect(dup.body.document.shared_with).toEqual(["dup@example.com"]);
    const empty = await share({ shared_with: [] });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.document.shared_with).toEqual([]);
  });

  it("the mirror wrapper {document: {shared_with}} works; top-level wins", async () => {
    const wrapped = await share({ document: { shared_with: ["wrapped@example.com"] } });
    expect(wrapped.status, wrapped.text).toBe(200);
    expect(wrapped.body.document.shared_with).toEqual(["wrapped@example.com"]);
    const both = await share({ shared_with: ["top@example.com"], document: { shared_with: ["inner@example.com"] } });
    expect(both.body.document.shared_with).toEqual(["top@example.com"]);
  });

  it.each([
    ["not an address", ["not-an-email"]],
    ["one bad among good", ["good@example.com", "bad@"]],
    ["a number", [12345]],
    ["an empty string", [""]],
    ["two addresses in one string", ["a@example.com,b@example.com"]],
  ])("%s → 422 shared_with contains invalid email address, list unchanged", async (_what, list) => {
    await share({ shared_with: ["before@example.com"] });
    expectError(await share({ shared_with: list }), 422, "shared_with contains invalid email address");
    expect((await getDoc(v, id)).body.document.shared_with).toEqual(["before@example.com"]);
  });

  it("more than 100 addresses → 422 naming shared_with", async () => {
    const many = Array.from({ length: 101 }, (_, i) => `person${i}@example.com`);
    expectBadInput(await share({ shared_with: many }), "shared_with");
    const hundred = await share({ shared_with: many.slice(0, 100) });
    expect(hundred.status, hundred.text).toBe(200);
    expect(hundred.body.document.shared_with).toHaveLength(100);
  });

  it("missing shared_with → 422 naming it", async () => {
    expectBadInput(await share({}), "shared_with");
    expectBadInput(await share({ shared_with: "one@example.com" }), "shared_with");
  });

  it("ACL errors: unknown document, another user's document", async () => {
    expectError(await share({ shared_with: [] }, t.alice, unknownId()), 401, NOT_FOUND);
    expectError(await share({ shared_with: [users.bob.email] }, t.bob), 401, NO_ACL);
    expectError(await share({ shared_with: [users.carol.email] }, t.carol), 401, NO_ACL);
  });

  it("a read-only token → 400 invalid_scope", async () => {
    expectError(await share({ shared_with: [] }, t.aliceRead), 400, "invalid_scope");
  });
});

// ---------------------------------------------------------------- update_tags

describe.each(VERSIONS)("POST /public/%s/documents/:id/update_tags", (v) => {
  const id = v === "v2" ? A.pending.tags! : A.pending["tags-v1"]!;
  const update = (body: unknown, opts: { token?: string | null; docId?: string } = {}) =>
    api(`/public/${v}/documents/${opts.docId ?? id}/update_tags`, {
      token: opts.token === null ? undefined : (opts.token ?? t.alice),
      method: "POST",
      body,
    });

  it("replaces all tags; values are strings or null", async () => {
    const first = await update({ tags: { project: "apollo", region: "emea", note: null } });
    expect(first.status, first.text).toBe(200);
    expect(Object.keys(first.body)).toEqual(["document"]);
    expectDocumentShape(first.body.document, v, false);
    expect(first.body.document.tags).toEqual({ project: "apollo", region: "emea", note: null });
    const second = await update({ tags: { stage: "final" } });
    expect(second.body.document.tags).toEqual({ stage: "final" });
    expect((await getDoc(v, id)).body.document.tags).toEqual({ stage: "final" });
  });

  it("an empty object clears the tags", async () => {
    await update({ tags: { a: "1" } });
    const res = await update({ tags: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.tags).toEqual({});
  });

  it.each([
    ["empty key", { "": "x" }],
    ["blank key", { "  ": "x" }],
    ["empty key among others", { fine: "1", "": null }],
  ])("%s → 422 Hash contains empty keys, tags unchanged", async (_what, tags) => {
    await update({ tags: { kept: "yes" } });
    expectError(await update({ tags }), 422, "Hash contains empty keys");
    expect((await getDoc(v, id)).body.document.tags).toEqual({ kept: "yes" });
  });

  it("values other than string or null → 422 naming tags", async () => {
    expectBadInput(await update({ tags: { n: 5 } }), "tags");
    expectBadInput(await update({ tags: { o: { nested: "x" } } }), "tags");
  });

  it("at most 50 tags of names up to 100 characters (422 naming tags beyond)", async () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, `v${i}`]));
    const ok = await update({ tags: fifty });
    expect(ok.status, ok.text).toBe(200);
    expect(Object.keys(ok.body.document.tags)).toHaveLength(50);
    expectBadInput(await update({ tags: { ...fifty, k50: "one too many" } }), "tags");
    const longName = "n".repeat(100);
    expect((await update({ tags: { [longName]: "x" } })).status).toBe(200);
    expectBadInput(await update({ tags: { [longName + "n"]: "x" } }), "tags");
    expect((await getDoc(v, id)).body.document.tags).toEqual({ [longName]: "x" });
  });

  it("missing tags → 422 naming tags", async () => {
    expectBadInput(await update({}), "tags");
    expectBadInput(await update({ tags: "a=b" }), "tags");
  });

  it("the mirror wrapper {document: {tags}} works", async () => {
    const res = await update({ document: { tags: { wrapped: "yes" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.tags).toEqual({ wrapped: "yes" });
  });

  it("access_token in the JSON body works", async () => {
    const res = await update({ access_token: t.alice, tags: { via: "body-token" } }, { token: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.tags).toEqual({ via: "body-token" });
    // and the token is not stored as a tag
    expect(res.body.document.tags.access_token).toBeUndefined();
  });

  it("without any token → 401 Must be authenticated.", async () => {
    expectError(await update({ tags: { x: "y" } }, { token: null }), 401, "Must be authenticated.");
  });

  it("ACL errors and scope", async () => {
    expectError(await update({ tags: { x: "y" } }, { docId: unknownId() }), 401, NOT_FOUND);
    expectError(await update({ tags: { x: "y" } }, { token: t.bob }), 401, NO_ACL);
    expectError(await update({ tags: { x: "y" } }, { token: t.aliceRead }), 400, "invalid_scope");
  });

  it("the shared user may tag the shared document", async () => {
    const before = (await getDoc(v, A.sharedWithBob)).body.document.tags;
    const res = await update({ tags: { ...before, [`seen_by_bob_${v}`]: "yes" } }, { token: t.bob, docId: A.sharedWithBob });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.tags[`seen_by_bob_${v}`]).toBe("yes");
    // put them back
    expect((await update({ tags: before }, { docId: A.sharedWithBob })).status).toBe(200);
  });
});

// ---------------------------------------------------------------- update_pin

describe.each(VERSIONS)("PUT /public/%s/documents/:id/update_pin", (v) => {
  const id = v === "v2" ? A.pending.pin! : A.pending["pin-v1"]!;
  const put = (body: unknown, token = t.alice, docId = id) => api(`/public/${v}/documents/${docId}/update_pin`, { token, method: "PUT", body });

  it("a fixture document starts without a PIN", async () => {
    expect((await getDoc(v, id)).body.document.passcode_pin_enabled).toBe(false);
  });

  it("errors first: out of range, non-numeric → 422 naming pin; PIN stays off", async () => {
    for (const pin of [9999, 100000, "abc", "1234", "123456", 12345.5, -12345, true]) {
      expectBadInput(await put({ pin }), "pin");
    }
    expect((await getDoc(v, id)).body.document.passcode_pin_enabled).toBe(false);
  });

  it("missing or empty pin → 422 Hash contains empty keys", async () => {
    expectError(await put({}), 422, "Hash contains empty keys");
    expectError(await put({ pin: "" }), 422, "Hash contains empty keys");
    expectError(await put({ pin: null }), 422, "Hash contains empty keys");
    expect((await getDoc(v, id)).body.document.passcode_pin_enabled).toBe(false);
  });

  it('"12345" (string) sets the PIN: passcode_pin_enabled true, the PIN is not echoed', async () => {
    const res = await put({ pin: "12345" });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["document"]);
    expectDocumentShape(res.body.document, v, false);
    expect(res.body.document.passcode_pin_enabled).toBe(true);
    expect(res.text).not.toContain("12345");
    expect((await getDoc(v, id)).body.document.passcode_pin_enabled).toBe(true);
  });

  it("12345 (number) and the bounds 10000 / 99999 work", async () => {
    for (const pin of [12345, 10000, 99999, "10000"]) {
      const res = await put({ pin });
      expect(res.status, `${pin}: ${res.text}`).toBe(200);
      expect(res.body.document.passcode_pin_enabled).toBe(true);
    }
  });

  it("the mirror wrapper {document: {pin}} works", async () => {
    const res = await put({ document: { pin: "54321" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.passcode_pin_enabled).toBe(true);
  });

  it("ACL errors and scope", async () => {
    expectError(await put({ pin: "12345" }, t.alice, unknownId()), 401, NOT_FOUND);
    expectError(await put({ pin: "12345" }, t.bob), 401, NO_ACL);
    expectError(await put({ pin: "12345" }, t.aliceRead), 400, "invalid_scope");
    // bob's own document stays without a PIN
    const bobsDoc = fixtures.documents.bob.pending.main!;
    expectError(await put({ pin: "12345" }, t.alice, bobsDoc), 401, NO_ACL);
    expect((await getDoc(v, bobsDoc, t.bob)).body.document.passcode_pin_enabled).toBe(false);
  });
});

// ---------------------------------------------------------------- void

describe.each(VERSIONS)("POST /public/%s/documents/:id/void", (v) => {
  const pendingId = v === "v2" ? A.pending.void! : A.pending["void-v1"]!;
  const voidDoc = (docId: string, token = t.alice) => api(`/public/${v}/documents/${docId}/void`, { token, method: "POST", body: { document: {} } });

  it("a read-only token → 400 invalid_scope, document still pending", async () => {
    expectError(await voidDoc(pendingId, t.aliceRead), 400, "invalid_scope");
    expect((await getDoc(v, pendingId)).body.document.state).toBe("pending");
  });

  it("another user → 401 No ACLs (also a teammate), document still pending", async () => {
    expectError(await voidDoc(pendingId, t.bob), 401, NO_ACL);
    expectError(await voidDoc(pendingId, t.carol), 401, NO_ACL);
    expect((await getDoc(v, pendingId)).body.document.state).toBe("pending");
  });

  it("unknown document → 401 Can't find document.", async () => {
    expectError(await voidDoc(unknownId()), 401, NOT_FOUND);
  });

  it('pending → 200 {"document":{"status":"voided"}}; then state voided with a "voided" audit', async () => {
    const before = (await getDoc(v, pendingId)).body.document;
    const res = await voidDoc(pendingId);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ document: { status: "voided" } });
    const after = (await getDoc(v, pendingId)).body.document;
    expect(after.state).toBe("voided");
    const audits = after.audits.filter((a: any) => a.metadata?.keyword === "voided");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ document_id: pendingId, user_id: users.alice.id });
    expect(audits[0].payload.length).toBeGreaterThan(0);
    expect(after.audits.length).toBe(before.audits.length + 1);
    expect(ids(await listAll(v, t.alice, { state: "voided" }))).toContain(pendingId);
  });

  it("voiding it again → 401 Cannot void…", async () => {
    expectError(await voidDoc(pendingId), 401, CANNOT_VOID);
  });

  it("a draft can be voided", async () => {
    const draft = A.draftToVoid[v];
    expect((await getDoc(v, draft)).body.document.state).toBe("draft");
    const res = await voidDoc(draft);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ document: { status: "voided" } });
    expect((await getDoc(v, draft)).body.document.state).toBe("voided");
  });

  it.each(["executed", "voided", "expired", "declined"] as const)("%s → 401 Cannot void…, state unchanged", async (state) => {
    const docId = A[state];
    const before = (await getDoc(v, docId)).body.document;
    expect(before.state).toBe(state);
    expectError(await voidDoc(docId), 401, CANNOT_VOID);
    const after = (await getDoc(v, docId)).body.document;
    expect(after.state).toBe(state);
    expect(after.audits.length).toBe(before.audits.length);
  });

  it("a request without a body is read as an empty one (the state check answers)", async () => {
    const res = await api(`/public/${v}/documents/${A.executed}/void`, { token: t.alice, method: "POST" });
    expectError(res, 401, CANNOT_VOID);
  });
});

// ---------------------------------------------------------------- /me and unknown paths

