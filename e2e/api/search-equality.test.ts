// Search in GET /documents (issue 14, point 3) answers exactly what the
// row-by-row ILIKE '%…%' answered before the trigram indexes: a
// case-insensitive substring of the name, the file name, or a recipient's
// name or e-mail, LIKE's own characters (% _ \) taken literally, in the list's
// order (newest first), with the same totals. The expectation is computed
// here, independently of the search: every document of the caller's list
// (paged through without a search) filtered by the substring in JavaScript.
// Terms of 1 and 2 characters (no trigram to look up), of 3 and more, in
// capitals, with a state or tags filter beside, and a shared document.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, tokenFor } from "./helpers";
import { templateOf, userOf } from "./support/sending";

type Listed = { id: string; name: string; filename: string; state: string; tags: Record<string, string>; recipients: { name: string; email: string | null }[] };

const marker = `sq${crypto.randomBytes(3).toString("hex")}`;
const bob = userOf("bob");
let sam: string;
let bobToken: string;
const made: Record<string, string> = {};

async function send(key: string, name: string, recipient: { name: string; email: string }, extra: Record<string, unknown> = {}) {
  const res = await api(`/public/v2/reusable_templates/${templateOf("sam").id}/send_document`, {
    token: sam,
    method: "POST",
    body: { name, roles: [{ name: "Client", signer_name: recipient.name, signer_email: recipient.email }], expires_in: 30, tags: { "search-test": marker }, ...extra },
  });
  expect(res.status, res.text).toBe(200);
  made[key] = (res.body.document ?? res.body).id;
}

/** Every page of a list, in order; checks that total_pages says how many pages there were. */
async function all(token: string, query: Record<string, string | number | undefined> = {}, perPage = 100): Promise<{ docs: Listed[]; totalPages: number }> {
  const docs: Listed[] = [];
  let totalPages = 1;
  for (let page = 1; page <= totalPages; page++) {
    const res = await api("/public/v2/documents", { token, query: { ...query, per_page: perPage, page } });
    expect(res.status, res.text).toBe(200);
    totalPages = res.body.meta.total_pages;
    docs.push(...res.body.documents);
  }
  return { docs, totalPages };
}

const matches = (d: Listed, term: string) =>
  [d.name, d.filename, ...d.recipients.flatMap((r) => [r.name, r.email ?? ""])].some((s) => s.toLowerCase().includes(term.toLowerCase()));
const pagesFor = (n: number, perPage: number) => Math.max(1, Math.ceil(n / perPage));

beforeAll(async () => {
  sam = (await tokenFor("sam" as "alice")).access_token;
  bobToken = (await tokenFor("bob")).access_token;
  await send("name", `Alpha ${marker} report`, { name: "Lena List", email: "lena.list@list.example" });
  await send("recipientName", "Beta report", { name: `Rita ${marker.toUpperCase()}`, email: "rita@list.example" });
  await send("recipientEmail", "Gamma report", { name: "Gus Gamma", email: `${marker}.gus@list.example` });
  await send("special", `Delta ${marker.toUpperCase()} 50%_off\\deal`, { name: "Lena List", email: "lena.list@list.example" });
  await send("shared", `Epsilon ${marker}x`, { name: "Lena List", email: "lena.list@list.example" }, { shared_with: [bob.email] });
  await send("none", "Zeta plain", { name: "Zed Zero", email: "zed.zero@list.example" });
  const voided = await api(`/public/v2/documents/${made.special}/void`, { token: sam, method: "POST", body: { document: {} } });
  expect(voided.status, voided.text).toBe(200);
});

describe("search equals the substring match over the whole list", () => {
  let everything: Listed[];
  beforeAll(async () => {
    everything = (await all(sam)).docs;
    expect(everything.map((d) => d.id)).toEqual(expect.arrayContaining(Object.values(made)));
  });

  const terms = () => [
    marker, // in names, a recipient's name (capitals) and e-mail
    marker.toUpperCase(),
    `${marker}.gus@`, // part of an e-mail only
    `rita ${marker}`, // a recipient's name, across the space
    "50%_off\\", // LIKE's own characters, literally
    "%_",
    "_",
    "\\",
    "%",
    "re", // two characters: no trigram
    "e", // one character
    "REPORT",
    "list.example",
    "contract", // the template's file name
    `zz${marker}`, // nothing
  ];

  it("for terms of every length, in any case, with LIKE's characters: same documents, order and total_pages", { timeout: 120_000 }, async () => {
    for (const term of terms()) {
      const expected = everything.filter((d) => matches(d, term)).map((d) => d.id);
      const got = await all(sam, { search: term });
      expect(got.docs.map((d) => d.id), `search=${term}`).toEqual(expected);
      expect(got.totalPages, `search=${term} total_pages`).toBe(pagesFor(expected.length, 100));
      // Small pages: the first and the last page of 3, and the total in pages of 3.
      const last = pagesFor(expected.length, 3);
      for (const page of [1, 2, last]) {
        const res = await api("/public/v2/documents", { token: sam, query: { search: term, per_page: 3, page } });
        expect(res.body.documents.map((d: Listed) => d.id), `search=${term} per_page=3 page=${page}`).toEqual(expected.slice((page - 1) * 3, page * 3));
        expect(res.body.meta.total_pages, `search=${term} per_page=3 total_pages`).toBe(last);
      }
    }
  });

  it("finds this run's documents by name, recipient name and recipient e-mail, and not the others", async () => {
    const found = (await all(sam, { search: marker })).docs.map((d) => d.id);
    for (const key of ["name", "recipientName", "recipientEmail", "special", "shared"]) expect(found, key).toContain(made[key]);
    expect(found).not.toContain(made.none);
    expect((await all(sam, { search: `${marker}.gus@` })).docs.map((d) => d.id)).toEqual([made.recipientEmail]);
    expect((await all(sam, { search: "50%_OFF\\DEAL" })).docs.map((d) => d.id)).toEqual([made.special]);
  });

  it("beside a state or tags filter, the filters apply together", async () => {
    for (const query of [
      { search: marker, state: "voided" },
      { search: marker, state: "pending,voided" },
      { search: "e", state: "pending" },
      { search: marker, tags: `search-test:${marker}` },
      { search: "re", tags: `search-test:${marker}` },
    ]) {
      const states = query.state?.split(",");
      const expected = everything
        .filter((d) => matches(d, query.search) && (!states || states.includes(d.state)) && (!query.tags || d.tags["search-test"] === marker))
        .map((d) => d.id);
      const got = await all(sam, query);
      expect(got.docs.map((d) => d.id), JSON.stringify(query)).toEqual(expected);
      expect(got.totalPages).toBe(pagesFor(expected.length, 100));
    }
    expect((await all(sam, { search: marker, state: "voided" })).docs.map((d) => d.id)).toEqual([made.special]);
  });

  it("a user the document is shared with finds it by the same search; another account does not", async () => {
    const bobs = (await all(bobToken)).docs;
    for (const term of [marker, "ep", `Epsilon ${marker}X`]) {
      const expected = bobs.filter((d) => matches(d, term)).map((d) => d.id);
      expect((await all(bobToken, { search: term })).docs.map((d) => d.id), term).toEqual(expected);
    }
    expect((await all(bobToken, { search: marker })).docs.map((d) => d.id)).toEqual([made.shared]);
    const alice = (await tokenFor("alice")).access_token;
    expect((await all(alice, { search: marker })).docs).toEqual([]);
  });

  it("an over-long search is refused as before", async () => {
    const res = await api("/public/v2/documents", { token: sam, query: { search: "x".repeat(201) } });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^Bad input parameter\. search:/);
  });
});
