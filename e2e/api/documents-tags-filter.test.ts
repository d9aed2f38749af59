// Issue 11 point 7: GET /documents?tags=department:legal,region keeps the
// documents that have every item: `name:value` that tag with that value,
// `name` that tag with any value (docs/api-decisions.md). sec sends its own
// documents (a unique marker tag per run), so no other test's lists change.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures, tokenFor } from "./helpers";
import { expectBadInput, VERSIONS } from "./support/checks";

const template = (fixtures.templates as unknown as Record<string, { id: string }>).sec!;
const run = crypto.randomBytes(4).toString("hex");
let token: string;
const docs: Record<"legalEmea" | "legal" | "salesApac" | "url" | "nullNote", string> = {} as never;

async function send(key: keyof typeof docs, tags: Record<string, string | null>) {
  const res = await api(`/public/v2/reusable_templates/${template.id}/send_document`, {
    token,
    method: "POST",
    body: {
      name: `Tags filter ${key} ${run}`,
      roles: [{ name: "Client", signer_name: "Tia Tagged", signer_email: "tia@tags.example" }],
      expires_in: 30,
      tags: { run, ...tags },
    },
  });
  expect(res.status, res.text).toBe(200);
  docs[key] = res.body.document.id;
}

beforeAll(async () => {
  token = (await tokenFor("sec" as "alice")).access_token;
  await send("legalEmea", { department: "legal", region: "emea" });
  await send("legal", { department: "legal" });
  await send("salesApac", { department: "sales", region: "apac" });
  await send("url", { link: "https://example.com/a:b" });
  await send("nullNote", { note: null });
});

describe.each(VERSIONS)("GET /public/%s/documents?tags=…", (v) => {
  const list = async (tags: string) => {
    const res = await api(`/public/${v}/documents`, { token, query: { tags: `run:${run},${tags}`, per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    return (res.body.documents as { id: string }[]).map((d) => d.id).sort();
  };
  const idsOf = (...keys: (keyof typeof docs)[]) => keys.map((k) => docs[k]).sort();

  it.each([
    ["department:legal", ["legalEmea", "legal"]],
    ["department:legal,region", ["legalEmea"]],
    ["region", ["legalEmea", "salesApac"]],
    [" region : apac ", ["salesApac"]],
    ["department:legal,region:apac", []],
    ["link:https://example.com/a:b", ["url"]],
    ["note", ["nullNote"]],
    ["department:Legal", []],
  ] as const)("tags=run:…,%s", async (filter, expected) => {
    expect(await list(filter)).toEqual(idsOf(...(expected as readonly (keyof typeof docs)[])));
  });

  it("only the marker: every document of this run", async () => {
    expect(await list("")).toEqual(idsOf("legalEmea", "legal", "salesApac", "url", "nullNote"));
  });

  it("combines with the other filters", async () => {
    const res = await api(`/public/${v}/documents`, { token, query: { tags: `run:${run},department:legal`, search: "legalEmea", state: "pending" } });
    expect(res.body.documents.map((d: { id: string }) => d.id)).toEqual([docs.legalEmea]);
  });

  it.each([":legal", "department:legal,,:x", Array.from({ length: 21 }, (_, i) => `k${i}`).join(",")])("a filter that is not one (%s) is a 422 naming tags", async (bad) => {
    expectBadInput(await api(`/public/${v}/documents`, { token, query: { tags: bad } }), "tags");
  });
});
