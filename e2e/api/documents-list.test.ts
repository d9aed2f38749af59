// The documents list's extensions (issue 13, point 7; docs/api-decisions.md,
// "Documents list"): `sort`/`direction` on the spec's list, `signer_sequencing`
// on the document, and GET /ext/documents/needs_my_signature. sam sends
// (the sending tests' sender, so alice's counted lists stay as they are);
// bob is a signer; secOutsider (another account) is on a share list.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor, http, tokenFor } from "./helpers";
import { templateOf, userOf } from "./support/sending";
import { clientValues, getDocument, recipient, submitAs, type Doc } from "./support/signing-calls";

const marker = `dl${crypto.randomBytes(4).toString("hex")}`;
const bob = userOf("bob");
let sam: string;
let samDash: string;

async function send(
  name: string,
  opts: { expiresIn?: number; roles?: unknown[]; tags?: Record<string, string>; sharedWith?: string[]; kind?: "send_document" | "embed_document"; extra?: Record<string, unknown> } = {},
): Promise<Doc> {
  const res = await api(`/public/v2/reusable_templates/${templateOf("sam").id}/${opts.kind ?? "send_document"}`, {
    token: sam,
    method: "POST",
    body: {
      name,
      roles: opts.roles ?? [{ name: "Client", signer_name: "Lena List", signer_email: "lena.list@list.example" }],
      expires_in: opts.expiresIn ?? 30,
      tags: opts.tags ?? { "list-test": marker },
      ...(opts.sharedWith ? { shared_with: opts.sharedWith } : {}),
      ...opts.extra,
    },
  });
  expect(res.status, res.text).toBe(200);
  return (res.body.document ?? res.body) as Doc;
}

beforeAll(async () => {
  sam = (await tokenFor("sam" as "alice")).access_token;
  samDash = (await dashboardTokenFor("sam")).access_token;
});

describe("sort and direction (extension parameters of GET /documents)", () => {
  // Made in this order (so sent_at and created_at grow), names in mixed case, expiries out of order.
  const made: { key: string; name: string; expiresIn: number; id?: string }[] = [
    { key: "c", name: `c ${marker} charlie`, expiresIn: 10 },
    { key: "A", name: `A ${marker} alpha`, expiresIn: 3 },
    { key: "b", name: `b ${marker} bravo`, expiresIn: 30 },
    { key: "D", name: `D ${marker} delta`, expiresIn: 7 },
  ];
  const keysOf = (res: { body: { documents: { id: string }[] } }) => res.body.documents.map((d) => made.find((m) => m.id === d.id)?.key ?? "?");
  const list = (version: "v1" | "v2", query: Record<string, string | number>) =>
    api(`/public/${version}/documents`, { token: sam, query: { tags: `list-test:${marker}`, ...query } });

  beforeAll(async () => {
    for (const m of made) m.id = (await send(m.name, { expiresIn: m.expiresIn })).id;
    // D is voided: the state sort puts it after the pending ones.
    const voided = await api(`/public/v2/documents/${made[3]!.id}/void`, { token: sam, method: "POST", body: { document: {} } });
    expect(voided.status, voided.text).toBe(200);
  });

  it("without sort the order is the spec's: newest first", async () => {
    expect(keysOf(await list("v2", {}))).toEqual(["D", "b", "A", "c"]);
  });

  it.each([
    ["name", "asc", ["A", "b", "c", "D"]],
    ["name", "desc", ["D", "c", "b", "A"]],
    ["sent_at", "desc", ["D", "b", "A", "c"]],
    ["sent_at", "asc", ["c", "A", "b", "D"]],
    ["expired_at", "asc", ["A", "D", "c", "b"]],
    ["expired_at", "desc", ["b", "c", "D", "A"]],
    // pending before voided; equal states newest first
    ["state", "asc", ["b", "A", "c", "D"]],
    ["state", "desc", ["D", "b", "A", "c"]],
  ] as const)("sort=%s direction=%s", async (sort, direction, expected) => {
    for (const version of ["v1", "v2"] as const) {
      const res = await list(version, { sort, direction });
      expect(res.status, res.text).toBe(200);
      expect(keysOf(res), `${version} ${sort} ${direction}`).toEqual(expected);
    }
  });

  it("without direction: names A→Z, dates newest first; pages follow the sort", async () => {
    expect(keysOf(await list("v2", { sort: "name" }))).toEqual(["A", "b", "c", "D"]);
    expect(keysOf(await list("v2", { sort: "expired_at" }))).toEqual(["b", "c", "D", "A"]);
    const second = await list("v2", { sort: "name", per_page: 2, page: 2 });
    expect(keysOf(second)).toEqual(["c", "D"]);
    expect(second.body.meta).toEqual({ total_pages: 2 });
  });

  it("an unknown key or direction is a 422 naming it", async () => {
    const bad = await list("v2", { sort: "owner" });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe("Bad input parameter. sort: must be one of created_at, sent_at, expired_at, name, state.");
    const dir = await list("v2", { sort: "name", direction: "up" });
    expect(dir.status).toBe(422);
    expect(dir.body.error).toBe("Bad input parameter. direction: must be asc or desc.");
  });

  it("sorting never shows another account's documents", async () => {
    const asBob = (await tokenFor("bob")).access_token;
    const res = await api("/public/v2/documents", { token: asBob, query: { tags: `list-test:${marker}`, sort: "name" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.documents).toEqual([]);
  });

  it("documents say whether they are signed in sequence (signer_sequencing)", async () => {
    const res = await list("v2", { sort: "name" });
    expect(res.body.documents.map((d: { signer_sequencing: unknown }) => d.signer_sequencing)).toEqual([true, true, true, true]);
  });
});

describe("GET /ext/documents/needs_my_signature", () => {
  let bobDash: string;
  let mine: Doc; // bob is the Client: his turn
  let later: Doc; // bob is the Manager: after the Client
  let shared: Doc; // bob signs, secOutsider only sees it
  const toSign = async (token: string) => {
    const res = await api("/ext/documents/needs_my_signature", { token, query: { per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    return res.body as { documents: { id: string; name: string; signer_id: string; role_name: string; sign_url: string; sender: { name: string; email: string } }[]; meta: { total_pages: number } };
  };

  beforeAll(async () => {
    bobDash = (await dashboardTokenFor("bob")).access_token;
    // bob's address in capitals: recipients are matched without case.
    mine = await send(`Needs bob ${marker}`, { roles: [{ name: "Client", signer_name: "Bob", signer_email: bob.email.toUpperCase() }] });
    later = await send(`Later bob ${marker}`, {
      roles: [
        { name: "Client", signer_name: "First Signer", signer_email: "first.signer@list.example" },
        { name: "Manager", signer_name: "Bob", signer_email: bob.email },
      ],
    });
    shared = await send(`Shared ${marker}`, {
      roles: [{ name: "Client", signer_name: "Bob", signer_email: bob.email }],
      sharedWith: [userOf("secOutsider" as "bob").email],
    });
  });

  it("lists the documents whose turn it is for the caller, with their own working signing link", async () => {
    const body = await toSign(bobDash);
    const entry = body.documents.find((d) => d.id === mine.id);
    expect(entry).toMatchObject({ name: mine.name, role_name: "Client", signer_id: recipient(mine, "Client").id, sender: { name: userOf("sam").name, email: userOf("sam").email } });
    expect(body.documents.map((d) => d.id)).toContain(shared.id);
    // The link is bob's own credential: it opens his signing page.
    expect(entry!.sign_url).toContain("access_token=");
    const page = await http(entry!.sign_url, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    // Only what the view needs: no other recipients, files or trail.
    expect(Object.keys(entry!).sort()).toEqual(["expired_at", "id", "name", "role_name", "sender", "sent_at", "sign_url", "signer_id"]);
  });

  it("a later signer of a sequence appears once it is their turn", async () => {
    expect((await toSign(bobDash)).documents.map((d) => d.id)).not.toContain(later.id);
    const full = await getDocument(sam, later.id);
    const signed = await submitAs(recipient(full, "Client"), clientValues(full));
    expect(signed.status, signed.text).toBe(200);
    const entry = (await toSign(bobDash)).documents.find((d) => d.id === later.id);
    expect(entry?.role_name).toBe("Manager");
  });

  it("a voided document leaves the list", async () => {
    const voided = await api(`/public/v2/documents/${shared.id}/void`, { token: sam, method: "POST", body: { document: {} } });
    expect(voided.status, voided.text).toBe(200);
    expect((await toSign(bobDash)).documents.map((d) => d.id)).not.toContain(shared.id);
  });

  it("is scoped to the caller's own address: not the sender's, a shared user's or another account's", async () => {
    const ids = [mine.id, later.id, shared.id];
    for (const who of ["sam", "secOutsider", "alice"]) {
      const token = who === "sam" ? samDash : (await dashboardTokenFor(who)).access_token;
      const listed = (await toSign(token)).documents.map((d) => d.id);
      expect(listed.filter((id) => ids.includes(id)), who).toEqual([]);
    }
  });

  it("leaves out embedded and in-person documents (signed in the sender's app or on the host's device, never by a link of the signer's own)", async () => {
    const roles = [{ name: "Client", signer_name: "Bob", signer_email: bob.email }];
    await send(`Embedded bob ${marker}`, { kind: "embed_document", roles, extra: { api_embed_width: 800, api_embed_height: 600 } });
    await send(`In person bob ${marker}`, { roles, extra: { in_person: true } });
    const names = (await toSign(bobDash)).documents.map((d) => d.name);
    expect(names).toContain(mine.name); // the view itself works for bob
    expect(names.filter((n) => n.includes(marker) && (n.startsWith("Embedded") || n.startsWith("In person")))).toEqual([]);
  });

  it("is the dashboard's own: another application's token is refused", async () => {
    const res = await api("/ext/documents/needs_my_signature", { token: sam });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("This endpoint is reserved for the service's own dashboard.");
  });
});
