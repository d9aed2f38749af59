// prepare_document (spec 4.4) and the builder's draft endpoints
// (docs/api-decisions.md "Template builder"): the draft made by
// prepare_document, read, edited and sent through /ext/documents/:id/draft
// and /ext/documents/:id/send. Real server over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { api, BASE_URL, http } from "./helpers";
import { expectBadInput, expectError, expectTimestamp, VERSIONS, type Version } from "./support/checks";
import { componentId, mergeComponents, prepareBody, templateCall, templateOf, tokensFor } from "./support/sending";

const DAY_MS = 24 * 3600 * 1000;
const samTemplate = templateOf("sam");

let t: Record<"sam" | "samRead" | "bob", string>;
let dateId: string;

beforeAll(async () => {
  t = await tokensFor(["sam", "samRead", "bob"], { dashboard: true });
  dateId = componentId(await mergeComponents(t.sam, samTemplate.id), "Start Date");
});

const getDoc = (v: Version, id: string, token = t.sam) => api(`/public/${v}/documents/${id}`, { token });
const draftOf = (id: string, token = t.sam) => api(`/ext/documents/${id}/draft`, { token });
const sendDraft = (id: string, token = t.sam) => api(`/ext/documents/${id}/send`, { token, method: "POST", body: {} });

const prepareId = (url: string) => {
  const m = /^\/documents\/([^/]+)\/prepare$/.exec(new URL(url).pathname);
  expect(m, url).not.toBeNull();
  return m![1]!;
};

describe.each(VERSIONS)("POST /public/%s/reusable_templates/:id/prepare_document", (v) => {
  it("answers {url} of the preparation page; the document is a draft until the sender sends it", async () => {
    const res = await templateCall(v, "prepare_document", samTemplate.id, t.sam, prepareBody({
      name: `Prepared ${v}`,
      merge_field_values: [{ id: dateId, value: "2026-05-01" }],
    }));
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["url"]);
    expect(res.body.url).toMatch(new RegExp(`^${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/documents/[0-9a-f-]{36}/prepare$`));
    const id = prepareId(res.body.url);

    const draft = await getDoc(v, id);
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.document.state).toBe("draft");
    expect(draft.body.document.sent_at).toBeNull();
    expect(draft.body.document.name).toBe(`Prepared ${v}`);
    expect(draft.body.document.merge_field_values).toEqual([{ id: dateId, name: "Start Date", value: "2026-05-01" }]);

    // What the builder opens: the roles filled from the request, the fields with their places, the merge values.
    const opened = await draftOf(id);
    expect(opened.status, opened.text).toBe(200);
    const d = opened.body.document;
    expect(d.state).toBe("draft");
    expect(d.recipients.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(["Pat Prepared", "Morgan Manager"]));
    expect(d.fields.length).toBeGreaterThan(0);
    for (const f of d.fields) for (const k of ["x", "y", "width", "height"]) expect(f[k]).toBeGreaterThanOrEqual(0);
    expect(d.merge_fields.find((m: { id: string }) => m.id === dateId)?.value).toBe("2026-05-01");
    expect(d.pages.length).toBeGreaterThan(0);

    // Sending: draft → pending, the expiry counting from now.
    const before = Date.now();
    const sent = await sendDraft(id);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.document.state).toBe("pending");
    const after = await getDoc(v, id);
    expect(after.body.document.state).toBe("pending");
    expectTimestamp(after.body.document.sent_at, "sent_at");
    expect(Date.parse(after.body.document.sent_at)).toBeGreaterThanOrEqual(before - 2000);
    expect(Math.abs(Date.parse(after.body.document.expired_at) - (Date.parse(after.body.document.sent_at) + 30 * DAY_MS))).toBeLessThan(60_000);

    // A second send, or an edit after sending, changes nothing.
    expectBadInput(await sendDraft(id), "id");
    const edit = await api(`/ext/documents/${id}/draft`, { token: t.sam, method: "PUT", body: { name: "Changed", fields: [], recipients: [] } });
    expectBadInput(edit, "id");
    expect((await getDoc(v, id)).body.document.sent_at).toBe(after.body.document.sent_at);
  });

  it("the preparation page needs a signed-in sender; another user can neither read nor send the draft", async () => {
    const res = await templateCall(v, "prepare_document", samTemplate.id, t.sam, prepareBody());
    expect(res.status, res.text).toBe(200);
    const id = prepareId(res.body.url);

    // Signed out: sent to sign in (a redirect, or, once the page has started streaming, its refresh tag), never the draft.
    const anonymous = await http(new URL(res.body.url).pathname, { redirect: "manual" });
    const target = anonymous.headers.get("location") ?? /url=([^"]+)"/.exec(anonymous.text)?.[1] ?? "";
    expect(new URL(target.replace(/&amp;/g, "&"), BASE_URL).pathname).toBe("/signin");
    expect(anonymous.text).not.toContain("Pat Prepared");

    expectError(await draftOf(id, t.bob), 401, "User is not the document sender.");
    expectError(await sendDraft(id, t.bob), 401, "User is not the document sender.");
    expectError(await sendDraft(id, t.samRead), 400, "invalid_scope");
    expect((await getDoc(v, id)).body.document.state).toBe("draft");
  });

  it("redirect_url must start with http:// or https://", async () => {
    expectBadInput(await templateCall(v, "prepare_document", samTemplate.id, t.sam, prepareBody({ redirect_url: "ftp://example.com/done" })), "redirect_url");
    const ok = await templateCall(v, "prepare_document", samTemplate.id, t.sam, prepareBody({ redirect_url: "https://example.com/done" }));
    expect(ok.status, ok.text).toBe(200);
  });
});

describe("PUT /ext/documents/:id/draft", () => {
  it("moves a field and renames a signer, keeping field ids; refuses a field off the page or for no role", async () => {
    const res = await templateCall("v2", "prepare_document", samTemplate.id, t.sam, prepareBody({ name: "Draft to adjust" }));
    const id = prepareId(res.body.url);
    const d = (await draftOf(id)).body.document;
    const [first, ...rest] = d.fields;
    const recipients = d.recipients.map((r: { id: string; name: string; email: string | null }, i: number) => ({ id: r.id, name: i === 0 ? "Renamed Person" : r.name, email: r.email ?? "" }));
    const moved = { ...first, x: 0.1, y: 0.2 };

    const saved = await api(`/ext/documents/${id}/draft`, { token: t.sam, method: "PUT", body: { name: "Adjusted draft", fields: [moved, ...rest], recipients } });
    expect(saved.status, saved.text).toBe(200);
    const back = saved.body.document;
    expect(back.name).toBe("Adjusted draft");
    expect(back.fields.map((f: { id: string }) => f.id)).toEqual(d.fields.map((f: { id: string }) => f.id));
    expect(back.fields[0]).toMatchObject({ x: 0.1, y: 0.2 });
    expect(back.recipients[0].name).toBe("Renamed Person");

    const offPage = await api(`/ext/documents/${id}/draft`, { token: t.sam, method: "PUT", body: { name: "x", fields: [{ ...first, x: 0.95, width: 0.2 }], recipients } });
    expectBadInput(offPage, "fields[0]");
    const noRole = await api(`/ext/documents/${id}/draft`, { token: t.sam, method: "PUT", body: { name: "x", fields: [{ ...first, role: "Nobody" }], recipients } });
    expectBadInput(noRole, "fields[0][role]");
    expect((await draftOf(id)).body.document.fields[0]).toMatchObject({ x: 0.1, y: 0.2 });
  });
});
