// Issue 10 point 1: e-mail ownership before access. An attacker signs up with
// an address that documents were shared with (a document shared through the
// API, an archived record imported with shared_with) and must get nothing —
// no session, no sign-in, no authorization, no document — until the address
// is confirmed through the single-use link mailed to it, which also needs the
// password chosen at sign-up. Sign-up answers the same page whether or not
// the address has an account, and mails the owner instead. Real server over
// HTTP; mail read from the run's SMTP sink.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, authorizePath, CookieJar, fixtures, me, obtainToken, pageText, tokenFor } from "../api/helpers";
import { aliceToken, sendFromTemplate } from "../api/support/signing-calls";
import { confirmationLink, mailCount, waitForMail } from "../api/support/mail-sink";
import { ownServer } from "../api/support/own-server";
import { confirmWith, freshAddress, go, hasSession, signInForm, signUp } from "./support/accounts";

const VICTIM = "shared.victim@takeover.example"; // e2e/harness/fixtures.mjs TAKEOVER_EMAIL
const archived = (fixtures.archived as Record<string, { id: string; original_guid: string }>).takeover!;
const app = fixtures.apps.alice; // any third-party application will do
const ATTACKER_PASSWORD = "Mallory-Pa55word-x";
const OWNER_PASSWORD = "Victim-Own-Pa55word";
const CONFIRM_SUBJECT = /confirm your e-mail/i;

let docId: string;

beforeAll(async () => {
  const token = await aliceToken();
  const doc = await sendFromTemplate(token, { name: "Shared with a future sign-up" });
  const shared = await api(`/public/v2/documents/${doc.id}/share`, { token, method: "POST", body: { shared_with: [VICTIM] } });
  expect(shared.status, shared.text).toBe(200);
  docId = doc.id;
});

const tokenAs = (email: string, password: string) =>
  obtainToken({ email, password, clientId: app.client_id, clientSecret: app.client_secret, redirectUri: app.redirect_uri, scope: "read" });

describe("sign-up with an address that documents are shared with", () => {
  let firstLink: string;

  it("answers the 'check your e-mail' page, signs nobody in, and mails a confirmation link to the address", async () => {
    const before = mailCount(VICTIM);
    const jar = new CookieJar();
    const res = await signUp(jar, { name: "Mallory Attacker", email: VICTIM, password: ATTACKER_PASSWORD }, { address: freshAddress() });
    expect(res.status).toBe(303);
    expect(new URL(res.location!, "http://x").pathname).toBe("/signup/sent");
    expect(hasSession(jar), "no session before the address is confirmed").toBe(false);
    const page = await go(jar, res.location!);
    expect(page.status).toBe(200);
    expect(pageText(page.text)).toMatch(/check your e-mail/i);
    const mail = await waitForMail(VICTIM, { after: before, subject: CONFIRM_SUBJECT });
    firstLink = confirmationLink(mail);
  });

  it("until confirmed, the account cannot sign in, cannot authorize an application, and so cannot see the document", async () => {
    const jar = new CookieJar();
    const login = await signInForm(jar, { email: VICTIM, password: ATTACKER_PASSWORD }, { address: freshAddress() });
    expect(login.status).toBe(303);
    expect(login.location).toMatch(/error=unconfirmed/);
    expect(hasSession(jar)).toBe(false);
    // The page it lands on says why and offers a new link.
    const page = await go(jar, login.location!);
    expect(pageText(page.text)).toMatch(/confirm your e-mail/i);
    expect(page.text).toContain("/confirm-email/resend");

    // The OAuth flow ends at the same refusal: no code, no token.
    await expect(tokenAs(VICTIM, ATTACKER_PASSWORD)).rejects.toThrow(/unconfirmed|sign-in of/);
    const authorize = await go(jar, authorizePath({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read", state: "s" }));
    expect(authorize.status).toBe(302);
    expect(new URL(authorize.location!, "http://x").pathname).toBe("/login");
  });

  it("the mailed link does not confirm with any password but the one the sign-up was made with", async () => {
    // The address's real owner reads the mail but never chose the attacker's password.
    const { page, answer } = await confirmWith(new CookieJar(), firstLink, OWNER_PASSWORD);
    expect(page.status).toBe(200);
    expect(answer!.status).toBe(303);
    expect(answer!.location).toMatch(/error=password/);
    expect(answer!.headers.getSetCookie().join("\n")).not.toMatch(/\bsid=/);
  });

  it("the owner signs up again: the attacker's password and the first link stop working; the new link confirms once", async () => {
    const before = mailCount(VICTIM);
    const res = await signUp(new CookieJar(), { name: "Victor Victim", email: VICTIM, password: OWNER_PASSWORD }, { address: freshAddress() });
    expect(new URL(res.location!, "http://x").pathname).toBe("/signup/sent");
    const link = confirmationLink(await waitForMail(VICTIM, { after: before, subject: CONFIRM_SUBJECT }));
    expect(link).not.toBe(firstLink);

    // the first link is dead (replaced), whatever password is given
    const old = await confirmWith(new CookieJar(), firstLink, ATTACKER_PASSWORD);
    expect(old.answer, "an old link shows no confirmation form").toBeNull();
    expect(pageText(old.page.text)).toMatch(/cannot be used/i);

    const jar = new CookieJar();
    const { answer } = await confirmWith(jar, link, OWNER_PASSWORD);
    expect(answer!.status).toBe(303);
    expect(answer!.location).not.toMatch(/error=/);
    expect(hasSession(jar), "confirming signs the owner in").toBe(true);

    // used: the same link again is refused
    const again = await confirmWith(new CookieJar(), link, OWNER_PASSWORD);
    expect(again.answer).toBeNull();
    expect(pageText(again.page.text)).toMatch(/cannot be used/i);

    // the attacker's password no longer opens anything
    const attacker = await signInForm(new CookieJar(), { email: VICTIM, password: ATTACKER_PASSWORD }, { address: freshAddress() });
    expect(attacker.location).toMatch(/error=invalid/);
  });

  it("once confirmed, the owner sees what was shared with the address: the document and the archived record", async () => {
    const { access_token: token } = await tokenAs(VICTIM, OWNER_PASSWORD);
    expect((await me(token)).body.user.email).toBe(VICTIM);
    const doc = await api(`/public/v2/documents/${docId}`, { token });
    expect(doc.status, doc.text).toBe(200);
    const list = await api("/public/v2/documents", { token, query: { per_page: 100 } });
    expect(list.body.documents.map((d: { id: string }) => d.id)).toContain(docId);
    const record = await api(`/public/v2/archived_documents_by_original_guid/${archived.original_guid}`, { token });
    expect(record.status, record.text).toBe(200);
    expect(record.body.archived_document.id).toBe(archived.id);
  });
});

describe("an expired link", () => {
  it("does not confirm (a server whose links last 2 seconds)", async () => {
    const server = await ownServer({ name: "confirm-expiry", fromPort: 3560 });
    server.env.EMAIL_CONFIRMATION_HOURS = String(2 / 3600);
    if (process.env.E2E_SMTP_URL) server.env.SMTP_URL = process.env.E2E_SMTP_URL;
    await server.start();
    try {
      const email = `expiry.${crypto.randomBytes(4).toString("hex")}@takeover.example`;
      const before = mailCount(email);
      const res = await signUp(new CookieJar(), { name: "Late Larry", email, password: OWNER_PASSWORD }, { base: server.baseUrl });
      expect(new URL(res.location!, "http://x").pathname).toBe("/signup/sent");
      const link = confirmationLink(await waitForMail(email, { after: before, subject: CONFIRM_SUBJECT }));
      await new Promise((r) => setTimeout(r, 2500));
      const late = await confirmWith(new CookieJar(), link, OWNER_PASSWORD);
      expect(late.answer).toBeNull();
      expect(pageText(late.page.text)).toMatch(/cannot be used|expired/i);
      const login = await signInForm(new CookieJar(), { email, password: OWNER_PASSWORD }, { base: server.baseUrl });
      expect(login.location).toMatch(/error=unconfirmed/);
    } finally {
      await server.stop();
      server.removeData();
    }
  }, 240_000);
});

describe("sign-up with an address that already has an account", () => {
  const owner = fixtures.users.bob;
  const time = async (email: string) => {
    const t0 = performance.now();
    const res = await signUp(new CookieJar(), { name: "Someone", email, password: "Someone-Pa55word" }, { address: freshAddress() });
    return { res, ms: performance.now() - t0 };
  };

  it("answers exactly like a new address, at a similar speed, changes nothing, and tells the owner by mail", async () => {
    const before = mailCount(owner.email);
    const fresh: number[] = [];
    const taken: number[] = [];
    let freshRes, takenRes;
    for (let i = 0; i < 3; i++) {
      const a = await time(`new.${crypto.randomBytes(4).toString("hex")}@signup-timing.example`);
      const b = await time(owner.email);
      fresh.push(a.ms);
      taken.push(b.ms);
      freshRes = a.res;
      takenRes = b.res;
    }
    // Same status, same page (only the address it names differs).
    expect(takenRes!.status).toBe(freshRes!.status);
    const pathOf = (l: string | null) => new URL(l!, "http://x").pathname;
    expect(pathOf(takenRes!.location)).toBe(pathOf(freshRes!.location));
    const pageOf = async (l: string | null, email: string) => pageText((await go(new CookieJar(), l!)).text).replaceAll(email, "<address>");
    const freshEmail = new URL(freshRes!.location!, "http://x").searchParams.get("email")!;
    expect(await pageOf(takenRes!.location, owner.email)).toBe(await pageOf(freshRes!.location, freshEmail));
    // Both hash the password: neither answers in a fraction of the other's time.
    const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[1]!;
    const ratio = median(taken) / median(fresh);
    expect(ratio, `medians ${median(taken).toFixed(0)} ms (taken) vs ${median(fresh).toFixed(0)} ms (new)`).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);

    const mail = await waitForMail(owner.email, { after: before, subject: /tried to sign up/i });
    expect(mail.text).toMatch(/nothing was created and nothing changed/i);
    // The account is unchanged: the owner's password still works.
    const jar = new CookieJar();
    const login = await signInForm(jar, owner);
    expect(login.location).not.toMatch(/error=/);
    expect(hasSession(jar)).toBe(true);
  });
});

describe("users made by the admin CLI", () => {
  it("are confirmed: they sign in and see what is shared with their address", async () => {
    const { access_token: token } = await tokenFor("bob", "read");
    const shared = await api(`/public/v2/documents/${fixtures.documents.alice.sharedWithBob}`, { token });
    expect(shared.status, shared.text).toBe(200);
  });
});
