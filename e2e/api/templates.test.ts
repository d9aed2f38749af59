// Reusable templates (spec 2.3, 4.4, 4.5, 9 and docs/api-decisions.md
// "Reusable templates"): list, search, paging, get, DELETE (v2 only) and the
// four tag operations, on /public/v1 and /public/v2.
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures } from "./helpers";
import {
  expectBadInput,
  expectError,
  expectTemplateShape,
  ids,
  obtainTokens,
  sorted,
  unknownId,
  VERSIONS,
  type Tokens,
  type Version,
} from "./support/checks";

type TemplateFixture = (typeof fixtures.templates)["alice"];
const T = fixtures.templates as typeof fixtures.templates & { aliceForDeletion: TemplateFixture; aliceForTags: TemplateFixture };
const users = fixtures.users;

const NOT_FOUND = "Can't find Reusable Template.";
const WRONG_ACCOUNT = "Unauthorized account for Reusable Template.";

let t: Tokens;
beforeAll(async () => {
  t = await obtainTokens(["alice", "aliceRead", "bob", "carol"]);
});

const getTemplate = (v: Version, id: string, token = t.alice) => api(`/public/${v}/reusable_templates/${id}`, { token });
const listTemplates = (v: Version, token: string, query: Record<string, string | number | undefined> = {}) =>
  api(`/public/${v}/reusable_templates`, { token, query });

async function allTemplates(v: Version, token: string, query: Record<string, string | number | undefined> = {}) {
  const res = await listTemplates(v, token, { per_page: 100, ...query });
  expect(res.status, res.text).toBe(200);
  expect(res.body.meta.total_pages).toBe(1);
  return res.body.reusable_templates as any[];
}

// ---------------------------------------------------------------- list

describe.each(VERSIONS)("GET /public/%s/reusable_templates", (v) => {
  it("answers {reusable_templates, meta: {total_pages}} with the account's templates", async () => {
    const res = await listTemplates(v, t.alice);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["meta", "reusable_templates"]);
    expect(Object.keys(res.body.meta)).toEqual(["total_pages"]);
    expect(Number.isInteger(res.body.meta.total_pages)).toBe(true);
    for (const tpl of res.body.reusable_templates) expectTemplateShape(tpl);
    const all = ids(await allTemplates(v, t.alice));
    // alice's and carol's (same account), never bob's
    expect(all).toEqual(expect.arrayContaining([T.alice.id, T.carol.id, T.aliceForTags.id]));
    expect(all).not.toContain(T.bob.id);
  });

  it("newest first", async () => {
    const all = ids(await allTemplates(v, t.alice));
    // created in this order by the fixtures
    const positions = [T.alice.id, T.carol.id, T.aliceForTags.id].map((id) => all.indexOf(id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
  });

  it("bob sees his account's templates only", async () => {
    const all = ids(await allTemplates(v, t.bob));
    expect(all).toContain(T.bob.id);
    for (const other of [T.alice.id, T.carol.id, T.aliceForTags.id]) expect(all).not.toContain(other);
  });

  it("carol sees the same account list as alice", async () => {
    expect(sorted(ids(await allTemplates(v, t.carol)))).toEqual(sorted(ids(await allTemplates(v, t.alice))));
  });

  it("search matches the name, case-insensitively", async () => {
    expect(ids(await allTemplates(v, t.alice, { search: "template for TAG tests" }))).toEqual([T.aliceForTags.id]);
    const agreements = await allTemplates(v, t.alice, { search: "services agreement" });
    expect(sorted(ids(agreements))).toEqual(sorted([T.alice.id, T.carol.id]));
    expect(agreements.every((x) => x.name.toLowerCase().includes("services agreement"))).toBe(true);
  });

  it("search matches the file name", async () => {
    expect(ids(await allTemplates(v, t.alice, { search: "carol-contract" }))).toEqual([T.carol.id]);
  });

  it("a search without matches is empty with total_pages 1", async () => {
    const res = await listTemplates(v, t.alice, { search: "zz-nothing-zz" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reusable_templates: [], meta: { total_pages: 1 } });
    // bob's template is not found by searching for it from alice's account
    expect(ids(await allTemplates(v, t.alice, { search: "Beta Services" }))).toEqual([]);
  });

  it("per_page and page: default 10, total_pages = ceil(total / per_page), pages partition the list", async () => {
    const all = ids(await allTemplates(v, t.alice));
    expect(all.length).toBeGreaterThanOrEqual(3);
    const def = await listTemplates(v, t.alice);
    expect(def.body.reusable_templates).toHaveLength(Math.min(10, all.length));
    expect(def.body.meta.total_pages).toBe(Math.ceil(all.length / 10));
    const seen: string[] = [];
    for (let page = 1; page <= all.length; page++) {
      const res = await listTemplates(v, t.alice, { per_page: 1, page });
      expect(res.status).toBe(200);
      expect(res.body.meta.total_pages).toBe(all.length);
      expect(res.body.reusable_templates).toHaveLength(1);
      seen.push(res.body.reusable_templates[0].id);
    }
    expect(seen).toEqual(all);
    const past = await listTemplates(v, t.alice, { per_page: 1, page: all.length + 1 });
    expect(past.status).toBe(200);
    expect(past.body.reusable_templates).toEqual([]);
    const two = await listTemplates(v, t.alice, { per_page: 2 });
    expect(two.body.meta.total_pages).toBe(Math.ceil(all.length / 2));
  });

  it.each([["101"], ["0"], ["abc"]])("per_page=%s → 422 naming per_page", async (perPage) => {
    expectBadInput(await listTemplates(v, t.alice, { per_page: perPage }), "per_page");
  });

  it("page=0 → 422 naming page", async () => {
    expectBadInput(await listTemplates(v, t.alice, { page: "0" }), "page");
  });

  it("a read-only token may list; no token → 401 Must be authenticated.", async () => {
    expect((await listTemplates(v, t.aliceRead)).status).toBe(200);
    expectError(await api(`/public/${v}/reusable_templates`), 401, "Must be authenticated.");
  });
});

// ---------------------------------------------------------------- get

describe.each(VERSIONS)("GET /public/%s/reusable_templates/:id", (v) => {
  it("answers {reusable_template} with every field of spec 2.3, as imported", async () => {
    const res = await getTemplate(v, T.alice.id);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["reusable_template"]);
    const tpl = res.body.reusable_template;
    expectTemplateShape(tpl);
    expect(tpl).toMatchObject({
      id: T.alice.id,
      name: "Acme Services Agreement",
      user_id: users.alice.id,
      creator: { name: users.alice.name, email: users.alice.email },
      expires_in: 30,
      signer_sequencing: true,
      shared_with: [],
      distribution_method: "email",
      identity_method: "email",
      kba: false,
      passcode: false,
    });
    expect(tpl.filename).toMatch(/\.pdf$/);
    expect(tpl.roles).toEqual([
      { name: "Client", sequence: 0, message: "Please sign as the client.", signer_name: "", signer_email: "" },
      { name: "Manager", sequence: 1, message: "Please countersign.", signer_name: "Morgan Manager", signer_email: "morgan@manager.example" },
    ]);
    expect(tpl.page_image_urls).toHaveLength(2);
    expect(new Set(tpl.page_image_urls).size).toBe(2);
  });

  it("merge_field_components describe the template's merge fields", async () => {
    const tpl = (await getTemplate(v, T.alice.id)).body.reusable_template;
    expect(tpl.merge_field_components).toHaveLength(2);
    const byName = Object.fromEntries(tpl.merge_field_components.map((m: any) => [m.name, m]));
    expect(byName["Customer Name"]).toMatchObject({ id: expect.any(String), type: "text", page: 1, x: 0.12, y: 0.2, width: 0.4, height: 0.03 });
    expect(byName["Start Date"]).toMatchObject({ id: expect.any(String), type: "date", page: 1, x: 0.12, y: 0.26, width: 0.2, height: 0.03 });
    expect(byName["Customer Name"].id).not.toBe(byName["Start Date"].id);
  });

  it("the list and the single retrieval agree", async () => {
    const single = (await getTemplate(v, T.carol.id)).body.reusable_template;
    const listed = (await allTemplates(v, t.alice)).find((x) => x.id === T.carol.id);
    for (const k of ["id", "name", "filename", "user_id", "creator", "roles", "merge_field_components", "tags", "created_at"]) {
      expect(listed[k], k).toEqual(single[k]);
    }
    expect(single.creator).toEqual({ name: users.carol.name, email: users.carol.email });
  });

  it("carol (same account) can get alice's template", async () => {
    const res = await getTemplate(v, T.alice.id, t.carol);
    expect(res.status, res.text).toBe(200);
    expect(res.body.reusable_template.id).toBe(T.alice.id);
    expect(res.body.reusable_template.user_id).toBe(users.alice.id);
  });

  it("another account's template → 401 Unauthorized account for Reusable Template.", async () => {
    expectError(await getTemplate(v, T.alice.id, t.bob), 401, WRONG_ACCOUNT);
    expectError(await getTemplate(v, T.bob.id, t.alice), 401, WRONG_ACCOUNT);
  });

  it("unknown id → 401 Can't find Reusable Template.", async () => {
    expectError(await getTemplate(v, unknownId()), 401, NOT_FOUND);
  });

  it("a read-only token may get it", async () => {
    expect((await getTemplate(v, T.alice.id, t.aliceRead)).status).toBe(200);
  });
});

// ---------------------------------------------------------------- delete

describe("DELETE /public/:version/reusable_templates/:id", () => {
  const id = () => T.aliceForDeletion.id;

  it("v1 has no such operation → 404 Not found., template kept", async () => {
    expectError(await api(`/public/v1/reusable_templates/${id()}`, { token: t.alice, method: "DELETE" }), 404, "Not found.");
    expect((await getTemplate("v1", id())).status).toBe(200);
  });

  it("another account → 401 Unauthorized account for Reusable Template., template kept", async () => {
    expectError(await api(`/public/v2/reusable_templates/${id()}`, { token: t.bob, method: "DELETE" }), 401, WRONG_ACCOUNT);
    expectError(await api(`/public/v2/reusable_templates/${T.bob.id}`, { token: t.alice, method: "DELETE" }), 401, WRONG_ACCOUNT);
    expect((await getTemplate("v2", id())).status).toBe(200);
    expect((await getTemplate("v2", T.bob.id, t.bob)).status).toBe(200);
  });

  it("a read-only token → 400 invalid_scope, template kept", async () => {
    expectError(await api(`/public/v2/reusable_templates/${id()}`, { token: t.aliceRead, method: "DELETE" }), 400, "invalid_scope");
    expect((await getTemplate("v2", id())).status).toBe(200);
  });

  it("unknown id → 401 Can't find Reusable Template.", async () => {
    expectError(await api(`/public/v2/reusable_templates/${unknownId()}`, { token: t.alice, method: "DELETE" }), 401, NOT_FOUND);
  });

  it("v2 → 204 without a body; then it is gone from lookups and lists, for the whole account", async () => {
    expect(ids(await allTemplates("v2", t.alice))).toContain(id());
    const res = await api(`/public/v2/reusable_templates/${id()}`, { token: t.alice, method: "DELETE" });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe("");
    for (const v of VERSIONS) {
      expectError(await getTemplate(v, id()), 401, NOT_FOUND);
      expectError(await getTemplate(v, id(), t.carol), 401, NOT_FOUND);
      expect(ids(await allTemplates(v, t.alice))).not.toContain(id());
      expect(ids(await allTemplates(v, t.alice, { search: "For Deletion" }))).toEqual([]);
      expectError(await api(`/public/${v}/reusable_templates/${id()}/tags`, { token: t.alice }), 401, NOT_FOUND);
    }
    // the other templates are untouched
    expect((await getTemplate("v2", T.alice.id)).status).toBe(200);
  });

  it("deleting it again → 401 Can't find Reusable Template.", async () => {
    expectError(await api(`/public/v2/reusable_templates/${id()}`, { token: t.alice, method: "DELETE" }), 401, NOT_FOUND);
  });
});

// ---------------------------------------------------------------- tags

type Tag = { tag_name: string; value: string | null };
const byName = (tags: Tag[]) => [...tags].sort((a, b) => a.tag_name.localeCompare(b.tag_name));

describe.each(VERSIONS)("/public/%s/reusable_templates/:id/tags", (v) => {
  const id = () => T.aliceForTags.id;
  const path = (tid = id()) => `/public/${v}/reusable_templates/${tid}/tags`;
  const call = (method: string, body?: unknown, opts: { token?: string; tid?: string; query?: Record<string, string> } = {}) =>
    api(path(opts.tid), { token: opts.token ?? t.alice, method, body, query: opts.query });

  function expectTags(res: { status: number; body: any; text: string }, tags: Tag[]) {
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["tags"]);
    for (const tag of res.body.tags) expect(Object.keys(tag).sort()).toEqual(["tag_name", "value"]);
    expect(byName(res.body.tags)).toEqual(byName(tags));
  }

  it("POST replaces all tags (value optional → null); GET shows them", async () => {
    const res = await call("POST", { tags: [{ tag_name: "department", value: "legal" }, { tag_name: "priority" }] });
    expectTags(res, [
      { tag_name: "department", value: "legal" },
      { tag_name: "priority", value: null },
    ]);
    expectTags(await call("GET"), [
      { tag_name: "department", value: "legal" },
      { tag_name: "priority", value: null },
    ]);
    const again = await call("POST", { tags: [{ tag_name: "only", value: "one" }] });
    expectTags(again, [{ tag_name: "only", value: "one" }]);
  });

  it("the template's own tags field follows", async () => {
    await call("POST", { tags: [{ tag_name: "a", value: "1" }, { tag_name: "b", value: null }] });
    expect((await getTemplate(v, id())).body.reusable_template.tags).toEqual({ a: "1", b: null });
  });

  it("PATCH adds and updates, keeping the others", async () => {
    await call("POST", { tags: [{ tag_name: "a", value: "1" }, { tag_name: "b", value: "2" }] });
    const res = await call("PATCH", { tags: [{ tag_name: "b", value: "two" }, { tag_name: "c", value: "3" }] });
    expectTags(res, [
      { tag_name: "a", value: "1" },
      { tag_name: "b", value: "two" },
      { tag_name: "c", value: "3" },
    ]);
    expectTags(await call("GET"), res.body.tags);
  });

  it("DELETE removes one tag, named in the query or in the JSON body; an absent tag is fine", async () => {
    await call("POST", { tags: [{ tag_name: "a", value: "1" }, { tag_name: "b", value: "2" }, { tag_name: "c", value: "3" }] });
    expectTags(await call("DELETE", undefined, { query: { tag: "a" } }), [
      { tag_name: "b", value: "2" },
      { tag_name: "c", value: "3" },
    ]);
    expectTags(await call("DELETE", { tag: "b" }), [{ tag_name: "c", value: "3" }]);
    expectTags(await call("DELETE", undefined, { query: { tag: "never-there" } }), [{ tag_name: "c", value: "3" }]);
    expectTags(await call("GET"), [{ tag_name: "c", value: "3" }]);
  });

  it("POST with an empty list clears them", async () => {
    expectTags(await call("POST", { tags: [] }), []);
    expectTags(await call("GET"), []);
  });

  it("the mirror wrapper {reusable_template: {tags}} works", async () => {
    expectTags(await call("POST", { reusable_template: { tags: [{ tag_name: "wrapped", value: "yes" }] } }), [
      { tag_name: "wrapped", value: "yes" },
    ]);
  });

  it("missing tags → 422 naming tags (POST and PATCH), tags unchanged", async () => {
    await call("POST", { tags: [{ tag_name: "kept", value: "k" }] });
    expectBadInput(await call("POST", {}), "tags");
    expectBadInput(await call("PATCH", {}), "tags");
    expectBadInput(await call("POST", { tags: { kept: "object, not array" } }), "tags");
    expectTags(await call("GET"), [{ tag_name: "kept", value: "k" }]);
  });

  it("an empty or missing tag_name → 422 naming tag_name, tags unchanged", async () => {
    await call("POST", { tags: [{ tag_name: "kept", value: "k" }] });
    expectBadInput(await call("POST", { tags: [{ tag_name: "", value: "x" }] }), "tag_name");
    expectBadInput(await call("PATCH", { tags: [{ tag_name: "ok", value: "1" }, { tag_name: "" }] }), "tag_name");
    expectBadInput(await call("POST", { tags: [{ value: "no name" }] }), "tag_name");
    expectTags(await call("GET"), [{ tag_name: "kept", value: "k" }]);
  });

  it("DELETE without a tag → 422 naming tag", async () => {
    expectBadInput(await call("DELETE"), "tag");
  });

  it("another account → 401 Unauthorized account for Reusable Template. on all four; tags unchanged", async () => {
    await call("POST", { tags: [{ tag_name: "kept", value: "k" }] });
    expectError(await call("GET", undefined, { token: t.bob }), 401, WRONG_ACCOUNT);
    expectError(await call("POST", { tags: [] }, { token: t.bob }), 401, WRONG_ACCOUNT);
    expectError(await call("PATCH", { tags: [{ tag_name: "x" }] }, { token: t.bob }), 401, WRONG_ACCOUNT);
    expectError(await call("DELETE", undefined, { token: t.bob, query: { tag: "kept" } }), 401, WRONG_ACCOUNT);
    expectTags(await call("GET"), [{ tag_name: "kept", value: "k" }]);
  });

  it("a teammate (same account) may change them", async () => {
    const res = await call("PATCH", { tags: [{ tag_name: "by_carol", value: "yes" }] }, { token: t.carol });
    expectTags(res, [
      { tag_name: "kept", value: "k" },
      { tag_name: "by_carol", value: "yes" },
    ]);
  });

  it("unknown template → 401 Can't find Reusable Template.", async () => {
    expectError(await call("GET", undefined, { tid: unknownId() }), 401, NOT_FOUND);
    expectError(await call("POST", { tags: [] }, { tid: unknownId() }), 401, NOT_FOUND);
  });

  it("a read-only token: GET works, POST/PATCH/DELETE → 400 invalid_scope", async () => {
    expect((await call("GET", undefined, { token: t.aliceRead })).status).toBe(200);
    expectError(await call("POST", { tags: [] }, { token: t.aliceRead }), 400, "invalid_scope");
    expectError(await call("PATCH", { tags: [] }, { token: t.aliceRead }), 400, "invalid_scope");
    expectError(await call("DELETE", undefined, { token: t.aliceRead, query: { tag: "kept" } }), 400, "invalid_scope");
  });
});
