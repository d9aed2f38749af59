// Issue 11 point 3: every resource endpoint that takes a JSON body also takes
// application/x-www-form-urlencoded with Rails-style nesting (Rack's
// parse_nested_query), as the real service's client libraries send it, and
// the answer is the one the same request as JSON gets (compared without ids,
// timestamps and addresses). `access_token` works as a form field; broken
// nesting is a 422 naming the parameter. sec (account "Security") sends, so
// no other test's lists or counts change.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, fixtures, http, tokenFor } from "./helpers";
import { expectBadInput, expectError, VERSIONS, type Version } from "./support/checks";
import { componentId, makePdf, mergeComponents, putFile, waitForFinal } from "./support/sending";
import { comparable, formCall, jsonCall, railsForm } from "./support/rails-form";

const template = (fixtures.templates as unknown as Record<string, { id: string; name: string }>).sec!;
let token: string;
let components: { id: string; name: string; type: "text" | "date"; page: number }[];

beforeAll(async () => {
  token = (await tokenFor("sec" as "alice")).access_token;
  components = await mergeComponents(token, template.id);
});

const unique = (what: string) => `Form body ${what} ${crypto.randomBytes(3).toString("hex")}`;

/** Both answers succeed and are the same once ids, timestamps and addresses are taken out. */
function expectSameAnswer(json: { status: number; body: any; text: string }, form: { status: number; body: any; text: string }, status = 200) {
  expect(json.status, `JSON: ${json.text.slice(0, 500)}`).toBe(status);
  expect(form.status, `form: ${form.text.slice(0, 500)}`).toBe(status);
  expect(comparable(form.body)).toEqual(comparable(json.body));
}

/** A send_document body with every kind of value: nested arrays of objects, a map, numbers and booleans. */
function sendBody(name: string) {
  return {
    name,
    message: "Please sign & return (form test).",
    roles: [
      { name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example", message: "Yours first" },
      { name: "Manager", signer_name: "Mia Manager", signer_email: "mia@manager.example" },
    ],
    expires_in: 30,
    in_person: false,
    shared_with: ["copy.one@form.example", "copy.two@form.example"],
    tags: { department: "legal", region: "emea" },
    merge_field_values: [
      { id: componentId(components, "Customer Name"), value: "ACME & Sons" },
      { id: componentId(components, "Start Date"), value: "2026-01-02" },
    ],
  };
}

const templatePath = (v: Version, kind: string) => `/public/${v}/reusable_templates/${template.id}/${kind}`;

describe.each(VERSIONS)("send_document on /public/%s", (v) => {
  it("the same document from JSON and from a Rails-style form", async () => {
    const name = unique("send");
    const body = sendBody(name);
    const json = await jsonCall(templatePath(v, "send_document"), { token, body });
    const form = await formCall(templatePath(v, "send_document"), { token, form: body });
    expectSameAnswer(json, form);
    expect(form.body.document).toMatchObject({ name, tags: { department: "legal", region: "emea" }, shared_with: body.shared_with });
    expect(form.body.document.recipients.map((r: any) => [r.role_name, r.name, r.email])).toEqual([
      ["Client", "Cleo Client", "cleo@client.example"],
      ["Manager", "Mia Manager", "mia@manager.example"],
    ]);
  });

  it("indexed arrays (roles[0][name]) and the document[…] mirror read like roles[][name]", async () => {
    const name = unique("indexed");
    const body = sendBody(name);
    const json = await jsonCall(templatePath(v, "send_document"), { token, body });
    const pairs: [string, string | null][] = [
      ["document[name]", name],
      ["document[message]", body.message],
      ["document[expires_in]", "30"],
      ["document[in_person]", "false"],
      ["roles[1][name]", "Manager"],
      ["roles[0][name]", "Client"],
      ["roles[0][signer_name]", "Cleo Client"],
      ["roles[0][signer_email]", "cleo@client.example"],
      ["roles[0][message]", "Yours first"],
      ["roles[1][signer_name]", "Mia Manager"],
      ["roles[1][signer_email]", "mia@manager.example"],
      ["shared_with[]", "copy.one@form.example"],
      ["shared_with[]", "copy.two@form.example"],
      ["tags[department]", "legal"],
      ["tags[region]", "emea"],
      ["merge_field_values[0][id]", body.merge_field_values[0]!.id],
      ["merge_field_values[0][value]", "ACME & Sons"],
      ["merge_field_values[1][id]", body.merge_field_values[1]!.id],
      ["merge_field_values[1][value]", "2026-01-02"],
    ];
    expectSameAnswer(json, await formCall(templatePath(v, "send_document"), { token, form: pairs }));
  });
});

describe("the other template sends (v2)", () => {
  it("embed_document: the same embedded document", async () => {
    const body = {
      name: unique("embed"),
      roles: [
        { name: "Client", signer_name: "Eve Embedded" },
        { name: "Manager", signer_name: "Mia Manager" },
      ],
      api_embed_width: 800,
      api_embed_height: 640,
      expires_in: 14,
    };
    const json = await jsonCall(templatePath("v2", "embed_document"), { token, body });
    const form = await formCall(templatePath("v2", "embed_document"), { token, form: body });
    expectSameAnswer(json, form);
    expect(form.body.document.embed_codes).toHaveLength(2);
    expect(form.body.document.embed_codes[0].embed_code).toContain('width="800" height="640"');
  });

  it("prepare_document: the same draft behind the preparation address", async () => {
    const body = { name: unique("prepare"), roles: [{ name: "Client", signer_name: "Pat Prepared", signer_email: "pat@prepared.example" }], expires_in: 7 };
    const json = await jsonCall(templatePath("v2", "prepare_document"), { token, body });
    const form = await formCall(templatePath("v2", "prepare_document"), { token, form: body });
    expectSameAnswer(json, form);
    const idOf = (url: string) => /^\/documents\/([^/]+)\/prepare$/.exec(new URL(url).pathname)![1]!;
    expect(idOf(form.body.url)).not.toBe(idOf(json.body.url));
    const [a, b] = await Promise.all([json, form].map((r) => api(`/public/v2/documents/${idOf(r.body.url)}`, { token })));
    expectSameAnswer(a!, b!);
    expect(b!.body.document.state).toBe("draft");
  });
});

describe.each(VERSIONS)("sending requests on /public/%s", (v) => {
  it("create, upload and uploaded with form bodies end in the same document as with JSON", { timeout: 120_000 }, async () => {
    const name = unique("one-off");
    const body = {
      file: { name: "form-contract.pdf", source: "upload" },
      document: {
        name,
        signer_sequencing: true,
        expires_in: 20,
        roles: [
          { name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example", sequence: 0 },
          { name: "Manager", signer_name: "Max Manager", signer_email: "max@manager.example", sequence: 1 },
        ],
        tags: { source: "form" },
      },
    };
    const path = `/public/${v}/sending_requests`;
    const json = await jsonCall(path, { token, body });
    const form = await formCall(path, { token, form: body });
    expectSameAnswer(json, form);

    const pdf = await makePdf({ pages: 1, title: "Form contract", lines: [{ page: 1, text: "[[signature|Client]]  [[signature|Manager]]" }] });
    const documents = [];
    for (const [created, uploaded] of [
      [json, () => jsonCall(`${path}/${json.body.sending_request.id}/uploaded`, { token, body: { prepare_document: false } })],
      [form, () => formCall(`${path}/${form.body.sending_request.id}/uploaded`, { token, form: "prepare_document=false" })],
    ] as const) {
      expect((await putFile(created.body.sending_request.upload_url, pdf)).status).toBe(200);
      const up = await uploaded();
      expect(up.status, up.text).toBe(200);
      const done = await waitForFinal(v, token, created.body.sending_request.id);
      expect(done.status, JSON.stringify(done)).toBe("completed");
      documents.push(await api(`/public/${v}/documents/${done.document_template_id}`, { token }));
    }
    expectSameAnswer(documents[0]!, documents[1]!);
    expect(documents[1]!.body.document).toMatchObject({ name, tags: { source: "form" }, state: "pending" });
  });
});

describe("document operations (v2): share, update_tags, update_pin, reminders, void", () => {
  let pair: { json: any; form: any };
  beforeAll(async () => {
    const send = async () => {
      const res = await jsonCall(templatePath("v2", "send_document"), { token, body: sendBody("Form body document operations") });
      expect(res.status, res.text).toBe(200);
      return res.body.document;
    };
    pair = { json: await send(), form: await send() };
  });
  const docPath = (doc: { id: string }, op: string) => `/public/v2/documents/${doc.id}/${op}`;

  it("share", async () => {
    const shared_with = ["Reader@Form.example", "second@form.example"];
    expectSameAnswer(
      await jsonCall(docPath(pair.json, "share"), { token, body: { shared_with } }),
      await formCall(docPath(pair.form, "share"), { token, form: { shared_with } }),
    );
  });

  it("update_tags, a bare key being null", async () => {
    const json = await jsonCall(docPath(pair.json, "update_tags"), { token, body: { tags: { team: "blue", cleared: null } } });
    const form = await formCall(docPath(pair.form, "update_tags"), { token, form: "tags[team]=blue&tags[cleared]" });
    expectSameAnswer(json, form);
    expect(form.body.document.tags).toEqual({ team: "blue", cleared: null });
  });

  it("update_pin (a number in JSON, text in the form)", async () => {
    const json = await jsonCall(docPath(pair.json, "update_pin"), { token, method: "PUT", body: { pin: 24680 } });
    const form = await formCall(docPath(pair.form, "update_pin"), { token, method: "PUT", form: "pin=24680" });
    expectSameAnswer(json, form);
    expect(form.body.document.passcode_pin_enabled).toBe(true);
  });

  it("reminders, the token in the form's access_token field", async () => {
    const signer = (doc: any) => doc.recipients.find((r: any) => r.role_name === "Client").id;
    const json = await jsonCall(`/public/v2/signers/${signer(pair.json)}/reminders`, { token, body: {} });
    const form = await formCall(`/public/v2/signers/${signer(pair.form)}/reminders`, { form: { access_token: token } });
    expectSameAnswer(json, form);
    expect(form.body).toEqual({ reminder: { status: "sent" } });
  });

  it("void, the token in the form's access_token field", async () => {
    const json = await jsonCall(docPath(pair.json, "void"), { token, body: { document: {} } });
    const form = await formCall(docPath(pair.form, "void"), { form: `access_token=${encodeURIComponent(token)}` });
    expectSameAnswer(json, form);
    expect(form.body).toEqual({ document: { status: "voided" } });
  });
});

describe("template tags (v2): POST, PATCH and DELETE", () => {
  const path = `/public/v2/reusable_templates/${template.id}/tags`;
  let before: Record<string, string | null>;
  beforeAll(async () => {
    before = (await api(`/public/v2/reusable_templates/${template.id}`, { token })).body.reusable_template.tags;
  });
  afterAll(async () => {
    // sec's template keeps the tags it had, for the tests that send from it.
    const tags = Object.entries(before ?? {}).map(([tag_name, value]) => ({ tag_name, value }));
    await jsonCall(path, { token, body: { tags } });
  });

  it("replacing, merging and deleting give the same tags from a form", async () => {
    const replace = { tags: [{ tag_name: "kind", value: "nda" }, { tag_name: "flag" }] };
    const jsonReplace = await jsonCall(path, { token, body: replace });
    const formReplace = await formCall(path, { token, form: "tags[][tag_name]=kind&tags[][value]=nda&tags[][tag_name]=flag" });
    expectSameAnswer(jsonReplace, formReplace);
    expect(formReplace.body.tags).toEqual(expect.arrayContaining([{ tag_name: "kind", value: "nda" }, { tag_name: "flag", value: null }]));

    const merge = { tags: [{ tag_name: "kind", value: "msa" }, { tag_name: "year", value: "2026" }] };
    const jsonMerge = await jsonCall(path, { token, method: "PATCH", body: merge });
    await jsonCall(path, { token, body: replace });
    const formMerge = await formCall(path, { token, method: "PATCH", form: merge });
    expectSameAnswer(jsonMerge, formMerge);

    const jsonDelete = await jsonCall(path, { token, method: "DELETE", body: { tag: "year" } });
    await jsonCall(path, { token, method: "PATCH", body: merge });
    const formDelete = await formCall(path, { token, method: "DELETE", form: "tag=year" });
    expectSameAnswer(jsonDelete, formDelete);
    expect(formDelete.body.tags.map((t: any) => t.tag_name).sort()).toEqual(["flag", "kind"]);
  });
});

describe("form bodies that cannot be read", () => {
  const send = (form: string, auth = true) => formCall(templatePath("v2", "send_document"), { token: auth ? token : undefined, form });
  const base = railsForm({ name: "Never sent", expires_in: 30, roles: [{ name: "Client", signer_name: "C", signer_email: "c@x.example" }] });

  it.each([
    ["an unbalanced bracket", `${base}&document[name=x`, "document[name"],
    ["text after a bracket", `${base}&roles[0]x=1`, "roles[0]x"],
    ["an object where an array was", `${base}&roles[kind]=x`, "roles[kind]"],
    ["a value where an object was", `${base}&roles=Client`, "roles"],
    ["an array where a value was", `name=a&name[]=b&expires_in=30`, "name[]"],
    ["bad percent-encoding", `${base}&tags[a%ZZ]=1`, "tags[a%ZZ]"],
  ])("%s is a 422 naming the parameter", async (_what, form, param) => {
    const res = await send(form);
    expectBadInput(res, param);
  });

  it("checked after authentication: without a token it is the 401, with access_token in the form the 422", async () => {
    expectError(await send(`${base}&document[name=x`, false), 401, "Must be authenticated.");
    expectBadInput(await send(`${base}&document[name=x&access_token=${encodeURIComponent(token)}`, false), "document[name");
  });

  it("JSON answers are unchanged: a JSON body that does not parse is still `body: must be a JSON object.`", async () => {
    const res = await http(templatePath("v2", "send_document"), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
      body: "name=x",
    });
    expectError(res, 422, "Bad input parameter. body: must be a JSON object.");
  });

  it("an empty form is an empty body: the contract names what is missing", async () => {
    const res = await send("");
    expect(res.status, res.text).toBe(422);
    expect(res.body.error).toMatch(/^Bad input parameter\. \S+: /);
  });
});
