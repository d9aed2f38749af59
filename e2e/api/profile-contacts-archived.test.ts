// Issue 13 point 7 (second half) over HTTP: the dashboard's own profile
// (/ext/profile: details, time zone, password, saved signature and
// initials), contacts from past documents (/ext/contacts) and the archived
// list (/ext/archived_documents), each scoped to what the caller may see.
// Profile changes use accounts made for this test (sign-up + confirmation),
// never a fixture user.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, CookieJar, fixtures, http, me, obtainToken } from "./helpers";
import { expectError } from "./support/checks";
import { tokensFor } from "./support/sending";
import { sendFromTemplate, signaturePng } from "./support/signing-calls";
import { applicationToken, dashboardToken, freshAccount, type FreshAccount } from "./support/fresh-account";
import { confirmationLink, mailCount, waitForMail } from "./support/mail-sink";
import { confirmWith, freshAddress, signInForm, signUp } from "../security/support/accounts";

const DASHBOARD_ONLY = "This endpoint is reserved for the service's own dashboard.";
const tag = `f2${crypto.randomBytes(3).toString("hex")}`;

describe("/ext/profile", () => {
  let who: FreshAccount;
  let token: string;
  beforeAll(async () => {
    who = await freshAccount(`${tag}-profile`, "Pia Profile");
    token = (await dashboardToken(who)).access_token;
  });

  it("GET answers the caller's own profile; another application's token is refused", async () => {
    const res = await api("/ext/profile", { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      profile: { id: expect.any(String), name: "Pia Profile", email: who.email, company: "Fresh Ltd", timezone: null, saved_signature_url: null, saved_initials_url: null },
    });
    const app = (await applicationToken(who)).access_token;
    expectError(await api("/ext/profile", { token: app }), 403, DASHBOARD_ONLY);
    expectError(await api("/ext/profile", { token: app, method: "PUT", body: { name: "X", company: "", timezone: "" } }), 403, DASHBOARD_ONLY);
  });

  it("PUT saves name, company and time zone (canonical spelling); /me shows the zone; an empty zone clears it", async () => {
    const res = await api("/ext/profile", { token, method: "PUT", body: { name: "  Pia Renamed ", company: "Renamed GmbH", timezone: "asia/tokyo" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.profile).toMatchObject({ name: "Pia Renamed", company: "Renamed GmbH", timezone: "Asia/Tokyo" });
    const spec = await me(token);
    expect(spec.body.user).toMatchObject({ name: "Pia Renamed", company: "Renamed GmbH", timezone: "Asia/Tokyo" });
    // /me keeps exactly the spec's keys.
    expect(Object.keys(spec.body.user).sort()).toEqual(
      ["avatar_url", "can_send_documents", "cancellation_date", "company", "email", "id", "is_grace_period", "name", "timezone"].sort(),
    );
    const cleared = await api("/ext/profile", { token, method: "PUT", body: { name: "Pia Renamed", company: "", timezone: "" } });
    expect(cleared.body.profile).toMatchObject({ company: "", timezone: null });
  });

  it("refuses an unknown zone and an empty name with a sentence naming the field", async () => {
    const zone = await api("/ext/profile", { token, method: "PUT", body: { name: "Pia", company: "", timezone: "Mars/Olympus_Mons" } });
    expectError(zone, 422, "Bad input parameter. timezone: Choose a time zone from the list.");
    const name = await api("/ext/profile", { token, method: "PUT", body: { name: "   ", company: "", timezone: "UTC" } });
    expectError(name, 422, "Bad input parameter. name: Enter your name.");
    expect((await api("/ext/profile", { token })).body.profile.name).toBe("Pia Renamed");
  });

  it("saves a signature and initials re-encoded by the server, replaces and removes them", async () => {
    // A valid PNG with bytes after its end: the stored file is the server's own encoding, without them.
    const original = Buffer.from(signaturePng("profile").split(",")[1]!, "base64");
    const withTrailer = Buffer.concat([original, Buffer.from("TRAILING-DATA-NOT-KEPT")]);
    const saved = await api("/ext/profile/signatures/signature", { token, method: "PUT", body: { image: `data:image/png;base64,${withTrailer.toString("base64")}` } });
    expect(saved.status, saved.text).toBe(200);
    const url = saved.body.profile.saved_signature_url as string;
    expect(url).toMatch(/\/files\/users\/.+\.png\?expires=\d+&signature=/);
    const file = await http(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    const stored = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(stored.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(stored.includes(Buffer.from("TRAILING-DATA"))).toBe(false);

    const initials = await api("/ext/profile/signatures/initials", { token, method: "PUT", body: { image: signaturePng("PP", 80, 40) } });
    expect(initials.status, initials.text).toBe(200);
    expect(initials.body.profile.saved_initials_url).toMatch(/\.png\?/);
    expect(initials.body.profile.saved_signature_url).not.toBeNull();

    // Replacing gives a new address; the old file is gone.
    const replaced = await api("/ext/profile/signatures/signature", { token, method: "PUT", body: { image: signaturePng("again") } });
    expect(replaced.body.profile.saved_signature_url).not.toBe(url);
    expect((await http(url)).status).toBe(404);

    const removed = await api("/ext/profile/signatures/initials", { token, method: "DELETE" });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.profile.saved_initials_url).toBeNull();
    expect((await api("/ext/profile", { token })).body.profile.saved_signature_url).not.toBeNull();
  });

  it("refuses images that are not PNG or JPEG, damaged ones, and unknown kinds", async () => {
    const gif = await api("/ext/profile/signatures/signature", { token, method: "PUT", body: { image: `data:image/png;base64,${Buffer.from("GIF89a....").toString("base64")}` } });
    expectError(gif, 422, "Bad input parameter. image: The image of your signature is not a PNG or JPEG.");
    // Over the signer page's pixel bounds: refused before its pixels are decoded.
    const wide = await api("/ext/profile/signatures/initials", { token, method: "PUT", body: { image: signaturePng("x", 2500, 10) } });
    expectError(wide, 422, "Bad input parameter. image: The image of your initials is 2500 × 10 pixels; at most 2000 × 1000 are accepted.");
    expectError(await api("/ext/profile/signatures/stamp", { token, method: "PUT", body: { image: signaturePng() } }), 404, "Not found.");
    const notImage = await api("/ext/profile/signatures/signature", { token, method: "PUT", body: { image: "hello" } });
    expectError(notImage, 422, "Bad input parameter. image: Draw, type or upload your signature first.");
  });
});

describe("POST /ext/profile/password", () => {
  let who: FreshAccount;
  beforeAll(async () => {
    who = await freshAccount(`${tag}-password`, "Pat Password");
  });

  it("refuses a wrong current password and a short new one, changing nothing", async () => {
    const token = (await dashboardToken(who)).access_token;
    const wrong = await api("/ext/profile/password", { token, method: "POST", body: { current_password: "not-it-at-all", new_password: "a-new-pa55word-ok" } });
    expectError(wrong, 422, "Bad input parameter. current_password: That is not your current password.");
    const short = await api("/ext/profile/password", { token, method: "POST", body: { current_password: who.password, new_password: "short" } });
    expectError(short, 422, "Bad input parameter. new_password: Use at least 10 characters.");
    const same = await api("/ext/profile/password", { token, method: "POST", body: { current_password: who.password, new_password: who.password } });
    expectError(same, 422, "Bad input parameter. new_password: Choose a password different from the current one.");
    expect((await me(token)).status).toBe(200);
  });

  it("changes it: the old one is refused at sign-in, the new one works; other dashboard sessions end, this one and applications stay", async () => {
    const here = (await dashboardToken(who)).access_token;
    const elsewhere = await dashboardToken(who);
    const app = (await applicationToken(who)).access_token;
    const next = `Changed-${crypto.randomBytes(4).toString("hex")}-pw`;
    const res = await api("/ext/profile/password", { token: here, method: "POST", body: { current_password: who.password, new_password: next } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.password_changed).toBe(true);
    expect(res.body.other_sessions_ended).toBeGreaterThanOrEqual(2); // the other dashboard token, and the one of the first test

    expect((await me(here)).status, "the session that changed it stays signed in").toBe(200);
    expect((await me(elsewhere.access_token)).status, "another dashboard session is signed out").toBe(401);
    const refreshed = await http("/oauth/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: elsewhere.refresh_token, client_id: fixtures.dashboard.client_id, client_secret: fixtures.dashboard.client_secret }).toString(),
    });
    expect(refreshed.status, `nor can it refresh: ${refreshed.text}`).toBeGreaterThanOrEqual(400);
    expect(refreshed.body.access_token).toBeUndefined();
    expect((await me(app)).status, "a third-party application's grant is kept").toBe(200);

    const old = await signInForm(new CookieJar(), { email: who.email, password: who.password }, { address: freshAddress() });
    expect(old.location ?? "").toMatch(/error=/);
    const fresh = await signInForm(new CookieJar(), { email: who.email, password: next }, { address: freshAddress() });
    expect(fresh.status).toBe(303);
    expect(fresh.location ?? "").not.toMatch(/error=/);
  });
});

describe("GET /ext/contacts", () => {
  let t: Record<"alice" | "bob" | "carol", string>;
  beforeAll(async () => {
    t = await tokensFor(["alice", "bob", "carol"], { dashboard: true });
    const alice = (await tokensFor(["alice"])).alice;
    // Three documents of alice's: one address twice (the later name wins), another once, newest last.
    await sendFromTemplate(alice, { roles: [{ name: "Client", signer_name: `Old Name ${tag}`, signer_email: `kim.${tag}@contacts.example` }] });
    await sendFromTemplate(alice, { roles: [{ name: "Client", signer_name: `Lee ${tag}`, signer_email: `lee.${tag}@contacts.example` }] });
    await sendFromTemplate(alice, { roles: [{ name: "Client", signer_name: `Kim ${tag}`, signer_email: `KIM.${tag}@Contacts.example` }] });
  });

  it("answers recipients of the caller's documents, one per address with the latest name, most recent first", async () => {
    const res = await api("/ext/contacts", { token: t.alice, query: { q: tag } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.contacts.map((c: { name: string; email: string }) => [c.name, c.email])).toEqual([
      [`Kim ${tag}`, `kim.${tag}@contacts.example`],
      [`Lee ${tag}`, `lee.${tag}@contacts.example`],
    ]);
    expect(res.body.contacts[0].last_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("matches the name or the address in any case, and limits the answer", async () => {
    const byName = await api("/ext/contacts", { token: t.alice, query: { q: `lee ${tag}`.toUpperCase() } });
    expect(byName.body.contacts.map((c: { email: string }) => c.email)).toEqual([`lee.${tag}@contacts.example`]);
    const byAddress = await api("/ext/contacts", { token: t.alice, query: { q: `kim.${tag}@` } });
    expect(byAddress.body.contacts).toHaveLength(1);
    const limited = await api("/ext/contacts", { token: t.alice, query: { q: tag, limit: 1 } });
    expect(limited.body.contacts).toHaveLength(1);
    // LIKE's wildcards are plain characters here.
    expect((await api("/ext/contacts", { token: t.alice, query: { q: `%${tag}` } })).body.contacts).toEqual([]);
    expectError(await api("/ext/contacts", { token: t.alice, query: { limit: 0 } }), 422, "Bad input parameter. limit: must be an integer between 1 and 50.");
  });

  it("shows nothing of alice's to another account, nor to her teammate; other applications are refused", async () => {
    expect((await api("/ext/contacts", { token: t.bob, query: { q: tag } })).body.contacts).toEqual([]);
    expect((await api("/ext/contacts", { token: t.carol, query: { q: tag } })).body.contacts).toEqual([]);
    const app = (await tokensFor(["alice"])).alice;
    expectError(await api("/ext/contacts", { token: app, query: { q: tag } }), 403, DASHBOARD_ONLY);
  });
});

describe("GET /ext/archived_documents", () => {
  const AR = fixtures.archived as Record<string, { id: string; original_guid: string }>;
  let t: Record<"alice" | "bob" | "carol" | "erin", string>;
  beforeAll(async () => {
    t = await tokensFor(["alice", "bob", "carol", "erin"], { dashboard: true });
  });
  const list = (token: string, query: Record<string, string | number> = {}) => api("/ext/archived_documents", { token, query });
  const guids = (res: { body: { archived_documents: { original_guid: string }[] } }) => res.body.archived_documents.map((d) => d.original_guid).sort();

  it("lists exactly the records the GUID lookup answers the caller, newest import first, with signers", async () => {
    const res = await list(t.alice);
    expect(res.status, res.text).toBe(200);
    expect(guids(res)).toEqual([AR.alice!.original_guid, AR.aliceFull!.original_guid, AR.takeover!.original_guid].sort());
    expect(res.body.meta).toEqual({ total_pages: 1, total_count: 3, page: 1, per_page: 10 });
    const full = res.body.archived_documents.find((d: { id: string }) => d.id === AR.aliceFull!.id);
    expect(full).toEqual({
      id: AR.aliceFull!.id,
      original_guid: AR.aliceFull!.original_guid,
      name: "Acme full legacy record",
      document_state: "executed",
      sender_email: fixtures.users.alice.email,
      document_sent_at: "2018-03-01T09:15:00.000+01:00",
      document_executed_at: "2018-03-02T17:45:30.250+01:00",
      signers: [
        { name: "First Signer", email: "first.signer@old.example" },
        { name: "Second Signer", email: "second.signer@old.example" },
      ],
    });
    // Every listed record opens through the spec's lookup.
    for (const d of res.body.archived_documents) {
      const one = await api(`/public/v2/archived_documents_by_original_guid/${d.original_guid}`, { token: t.alice });
      expect(one.status, one.text).toBe(200);
    }
  });

  it("searches names, GUIDs and signers' names and addresses (every word, any case); pages", async () => {
    expect(guids(await list(t.alice, { q: "first" }))).toEqual([AR.aliceFull!.original_guid]);
    expect(guids(await list(t.alice, { q: "LEGACY.SIGNER@old.example" }))).toEqual([AR.alice!.original_guid, AR.takeover!.original_guid].sort());
    expect(guids(await list(t.alice, { q: "acme agreement" }))).toEqual([AR.alice!.original_guid]);
    expect(guids(await list(t.alice, { q: AR.alice!.original_guid.slice(-12) }))).toEqual([AR.alice!.original_guid]);
    expect(guids(await list(t.alice, { q: "%" }))).toEqual([]);
    expect(guids(await list(t.alice, { q: "nothing-like-this" }))).toEqual([]);
    const p1 = await list(t.alice, { per_page: 2 });
    const p2 = await list(t.alice, { per_page: 2, page: 2 });
    expect(p1.body.meta).toMatchObject({ total_pages: 2, total_count: 3 });
    expect(p1.body.archived_documents).toHaveLength(2);
    expect(p2.body.archived_documents).toHaveLength(1);
    expect(new Set([...guids(p1), ...guids(p2)]).size).toBe(3);
    expectError(await list(t.alice, { per_page: 101 }), 422, "Bad input parameter. per_page: must be an integer between 1 and 100.");
  });

  it("a teammate sees only what is shared with them, another account nothing of alice's; other applications are refused", async () => {
    expect(guids(await list(t.carol))).toEqual([AR.aliceFull!.original_guid]);
    const bob = await list(t.bob);
    expect(bob.body.archived_documents.map((d: { id: string }) => d.id).sort()).toEqual([AR.bob!.id, AR.bobFull!.id, AR.sharedLater!.id].sort());
    expect((await list(t.erin)).body).toEqual({ archived_documents: [], meta: { total_pages: 1, total_count: 0, page: 1, per_page: 10 } });
    const app = (await tokensFor(["alice"])).alice;
    expectError(await list(app), 403, DASHBOARD_ONLY);
  });

  it("a user an archived record is shared with sees it only once their address is confirmed", async () => {
    const email = "archive.reader@later.example"; // e2e/harness/fixtures.mjs SHARED_LATER_EMAIL
    const password = `Later-${crypto.randomBytes(4).toString("hex")}-pw`;
    const jar = new CookieJar();
    const before = mailCount(email);
    expect((await signUp(jar, { name: "Laura Later", email, password }, { address: freshAddress() })).status).toBe(303);
    // Unconfirmed: no sign-in, so no token and no list at all.
    await expect(dashboardToken({ email, password })).rejects.toThrow();
    const link = confirmationLink(await waitForMail(email, { after: before, subject: /confirm your e-mail/i }));
    const { answer } = await confirmWith(new CookieJar(), link, password, { address: freshAddress() });
    expect(answer?.status).toBe(303);
    const token = (await obtainToken({ email, password, clientId: fixtures.dashboard.client_id, clientSecret: fixtures.dashboard.client_secret, redirectUri: fixtures.dashboard.redirect_uri, scope: "read write", pkce: true })).access_token;
    const res = await list(token);
    expect(res.body.archived_documents.map((d: { id: string }) => d.id)).toEqual([AR.sharedLater!.id]);
    expect(res.body.archived_documents[0].name).toBe("Beta record shared with a later sign-up");
  });
});
