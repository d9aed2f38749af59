// Issue 13, point 8: on a 390 × 844 phone no page scrolls sideways — every dashboard page, the auth
// pages, the signer page and /verify with its report — with real data that tends to overflow: a long
// document name with an unbroken token, a long e-mail address, long tag values, ids and SHA-256
// fingerprints. A page passes when the document is no wider than the viewport and no visible element
// sticks out of it (content inside a box that scrolls on its own, a wide table in its scroller, is
// fine: the page itself stays put). The documents list's filters fold behind a button on a phone.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { api } from "../api/helpers";
import { aliceToken, download, fixtures as fx, getDocument, recipient } from "../api/support/signing-calls";
import { authorizeUrl } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { runTag, sendFromAliceTemplate } from "./support/alice-documents";
import { settled, signInToDashboard } from "./support/dashboard-sign-in";

const PHONE = { width: 390, height: 844 };
const tag = runTag();
// Words as long as real ones get (German compounds, an invoice number, a hash), and an address at the
// limits of what people have (a 60-character mailbox at a long subdomain).
const LONG_NAME = `Rahmenvereinbarung Donaudampfschifffahrtsgesellschaftskapitänsmützenlieferung ${tag} INV-2026-7c9e6679f1d2b7a3e4c5d6e7f8091a2b3c4d5e6f`;
const LONG_EMAIL = `${"very.long.recipient.mailbox".padEnd(60, "x")}@procurement.subsidiary.example-holdings-international.example`;
const LONG_SIGNER = "Maximiliane Wilhelmina Theodora Konstantinopoulou-Schwarzenbergerová";

let context: BrowserContext;
let page: Page;
let longDoc: { id: string; name: string };
let signUrl = "";
let signedPdf: Uint8Array;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const token = await aliceToken();
  longDoc = await sendFromAliceTemplate(fx, token, LONG_NAME, { name: LONG_SIGNER, email: LONG_EMAIL }, {
    tags: { [`project-${"x".repeat(40)}`]: `value-${"0123456789abcdef".repeat(4)}`, department: "legal" },
  });
  signUrl = recipient(await getDocument(token, longDoc.id), "Client").sign_url;
  const executed = await getDocument(token, fx.documents.alice.executed);
  signedPdf = await download(executed.signed_pdf_url!, "signed_pdf_url");
  // Alice's share list gets the long address too (the detail page lists it).
  const shared = await api(`/public/v2/documents/${longDoc.id}/share`, { token, method: "POST", body: { shared_with: [LONG_EMAIL] } });
  expect(shared.status, shared.text).toBe(200);
  // (a context of its own: axe opens its helper pages in the page's context)
  context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  page = await context.newPage();
});

test.afterAll(async () => context?.close());

/**
 * The page's width and every visible element that sticks out of the viewport and is not inside a box
 * that fits and clips or scrolls it (a table in its scroller), described so that a failure names it.
 */
async function overflow(p: Page) {
  return p.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out: string[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}` : "";
      const r = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${id}${testId}${cls} (${Math.round(r.left)}..${Math.round(r.right)}) "${(el.textContent ?? "").trim().slice(0, 60)}"`;
    };
    // Clipped by a box that fits: a scroller around it. An absolute element is clipped only from its
    // containing block outwards (a visually hidden text in a scrolling table escapes a scroller that is
    // not positioned, and widens the page); a fixed one by nothing.
    const contained = (el: Element) => {
      const position = getComputedStyle(el).position;
      if (position === "fixed") return false;
      const first = position === "absolute" ? (el as HTMLElement).offsetParent : el.parentElement;
      for (let a = first; a && a !== document.documentElement && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== "visible") {
          const r = a.getBoundingClientRect();
          if (r.left >= -1 && r.right <= vw + 1) return true;
        }
      }
      return false;
    };
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left >= -1 && r.right <= vw + 1) continue;
      const s = getComputedStyle(el);
      if (s.visibility === "hidden") continue;
      if (contained(el)) continue;
      out.push(describe(el));
    }
    // One line per outermost offender is enough to find it.
    return { scrollWidth: document.documentElement.scrollWidth, viewport: vw, offenders: out.slice(0, 8) };
  });
}

async function expectNoSidewaysScroll(p: Page, what: string) {
  const o = await overflow(p);
  expect(o.offenders, `${what} (${p.url()}): elements wider than the ${o.viewport} px viewport`).toEqual([]);
  expect(o.scrollWidth, `${what} (${p.url()}): the page scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

async function visit(path: string, what: string, ready?: (p: Page) => Promise<void>) {
  await page.goto(path);
  await settled(page);
  if (ready) await ready(page);
  await expectNoSidewaysScroll(page, what);
}

const heading = (name: string | RegExp) => async (p: Page) => {
  await expect(p.getByRole("heading", { level: 1, name })).toBeVisible();
};

test("the pages before sign-in fit a phone", async () => {
  await visit("/", "landing page", heading(/Send documents for signature/));
  await visit("/signin?signedOut=1", "dashboard sign-in (signed out: it waits for the button)", heading("Sign in to the dashboard"));
  await visit("/login", "sign-in form", heading("Sign in"));
  await visit(`/login?error=invalid&email=${encodeURIComponent(LONG_EMAIL)}`, "sign-in form with an error and a long address", heading("Sign in"));
  await visit("/signup", "sign-up", heading(/Create/));
  await visit("/no-such-page", "not-found page", heading("Page not found"));
  await visit(`/verify?document=${"f".repeat(64)}`, "verify with an unknown id", heading("Verify a signed PDF"));
});

test("the signer page fits a phone with a long name and address", async () => {
  await visit(signUrl, "signer page", async (p) => {
    await expect(p.getByText(LONG_NAME).first()).toBeVisible();
  });
  await visit(`/sign/${crypto.randomUUID()}`, "signer link not found", heading("This link does not work"));
});

test("the verification report with its fingerprints fits a phone", async () => {
  await visit(`/verify?document=${fx.documents.alice.executed}`, "verify's document lookup (fingerprints)", async (p) => {
    await expect(p.getByText("Signed PDF (SHA-256)")).toBeVisible();
  });
  await visit("/verify", "verify form", heading("Verify a signed PDF"));
  await page.getByLabel("PDF file").setInputFiles({ name: "signed.pdf", mimeType: "application/pdf", buffer: Buffer.from(signedPdf) });
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/^Verified: /)).toBeVisible({ timeout: 60_000 });
  await expectNoSidewaysScroll(page, "verification report");
});

test("every dashboard page fits a phone, with long names, addresses, tags and hashes", async () => {
  test.setTimeout(240_000);
  await signInToDashboard(page, fx.users.alice, "/documents");
  const t = fx.templates.alice.id;
  const pages: [string, string, ((p: Page) => Promise<void>)?][] = [
    ["/documents", "documents list", heading("Documents")],
    [`/documents?search=${encodeURIComponent(tag)}`, "documents list with the long document", async (p) => {
      await expect(p.getByTestId("document-row").first()).toBeVisible();
    }],
    ["/documents?view=to_sign", "needs my signature"],
    [`/documents/${longDoc.id}`, "document with a long name, signer and tags", heading(LONG_NAME)],
    [`/documents/${fx.documents.alice.executed}`, "executed document (hashes, signed pages)"],
    [`/documents/${fx.documents.alice.declined}`, "declined document"],
    [`/documents/${fx.documents.alice.voided}`, "voided document"],
    [`/documents/${fx.documents.alice.draft}`, "draft document"],
    [`/documents/${fx.documents.alice.draft}/prepare`, "prepare a draft (builder)"],
    ["/templates", "templates list", heading("Templates")],
    [`/templates/${t}`, "template", heading(fx.templates.alice.name)],
    [`/templates/${t}/send`, "send from a template"],
    [`/templates/${t}/embed`, "embed a template"],
    [`/templates/${t}/edit`, "template builder"],
    ["/templates/new", "new template upload"],
    ["/send", "send a file wizard"],
    ["/archived", "archived list"],
    [`/archived?guid=${encodeURIComponent(fx.archived.alice.original_guid)}`, "archived record"],
    ["/settings", "settings"],
    ["/profile", "profile"],
    [`/documents/${crypto.randomUUID()}`, "document not found", heading("Document not found")],
  ];
  for (const [path, what, ready] of pages) await visit(path, what, ready);
});

test("the consent page of a third-party application fits a phone", async () => {
  const app = fx.apps.alice;
  await visit(authorizeUrl({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read", state: "phone" }), "consent page");
});

test("the phone menu opens, fits and reaches every section", async () => {
  await page.goto("/documents");
  await settled(page);
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Main (menu)" });
  await expect(menu).toBeVisible();
  for (const name of ["Documents", "Templates", "Send a file", "Archived", "Settings", "Profile"]) await expect(menu.getByRole("link", { name })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Sign out" }).last()).toBeInViewport();
  await expectNoSidewaysScroll(page, "open phone menu");
});

test("the documents list's filters fold behind a button on a phone, and show on a desktop", async () => {
  await page.goto(`/documents?search=${encodeURIComponent(tag)}&state=pending`);
  await settled(page);
  const toggle = page.getByRole("button", { name: /^Filters/ });
  // Two filters in use (search and one state): the button says so.
  await expect(toggle).toHaveAccessibleName(/^Filters\s*\(2 in use\)$/);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Search", { exact: true })).toBeHidden();
  // The list itself starts near the top instead of below a screenful of filters.
  await expect(page.getByTestId("document-row").first()).toBeInViewport();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(tag);
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeVisible();
  await expectNoSidewaysScroll(page, "documents list with the filters open");
  await expectNoSeriousA11yViolations(page, "documents filters open on a phone");
  // Applying them keeps working from the folded panel.
  await page.getByRole("checkbox", { name: "Waiting for signatures" }).uncheck();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL((u) => !u.searchParams.has("state") && u.searchParams.get("search") === tag);
  await expect(page.getByRole("button", { name: /^Filters/ })).toHaveAccessibleName(/^Filters\s*\(1 in use\)$/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
  await expect(page.getByLabel("Search", { exact: true })).toBeVisible();
  await page.setViewportSize(PHONE);
});
