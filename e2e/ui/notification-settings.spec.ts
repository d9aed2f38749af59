// Issue 13 point 2 in a real browser: the settings page's Notifications
// section (a sender switches a notice off, it stays off, the API agrees),
// and the void dialog that now asks why — it insists on a reason, and the
// reason reaches the detail page, the audit timeline and the signer's
// e-mail. At desktop and at phone size (390 px), with axe checks.
import { expect, test, type Page } from "@playwright/test";
import { api, dashboardTokenFor } from "../api/helpers";
import { loadFixtures } from "./fixtures";
import { aliceToken, runTag, sendFromAliceTemplate, type SentDocument } from "./support/alice-documents";
import { signInToDashboard, toast } from "./support/dashboard-sign-in";
import { expectNoSeriousA11yViolations } from "./support/accessibility";

const fx = loadFixtures();
const tag = runTag();
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial" });

async function notificationSettingsOf(who: "alice" | "bob") {
  const res = await api("/ext/notification_settings", { token: (await dashboardTokenFor(who)).access_token });
  expect(res.status, res.text).toBe(200);
  return res.body.notification_settings as Record<string, boolean>;
}

const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 }).toBeLessThanOrEqual(PHONE.width);

test.describe("Settings → E-mail notifications", () => {
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext()).newPage();
    await signInToDashboard(page, fx.users.bob, "/settings");
  });

  test.afterAll(async () => {
    // Leave bob as the fixtures made him (every notice on), whatever happened above.
    const token = (await dashboardTokenFor("bob")).access_token;
    await api("/ext/notification_settings", { token, method: "PUT", body: { notification_settings: { signed: true, viewed: true } } });
    await page?.context().close();
  });

  test("switching 'A signer signs' off is saved, kept after a reload, and is what the API answers", async () => {
    const section = page.getByRole("region", { name: "E-mail notifications", exact: true });
    await expect(section).toBeVisible();
    const signed = section.getByRole("checkbox", { name: "A signer signs" });
    const save = section.getByRole("button", { name: "Save notification settings" });
    for (const name of ["A signer opens a document", "A signer signs", "Everyone has signed", "A signer declines", "A document expires"]) {
      await expect(section.getByRole("checkbox", { name })).toBeChecked();
    }
    // nothing changed yet: nothing to save
    await expect(save).toBeDisabled();
    await expectNoSeriousA11yViolations(page, "settings with the e-mail notifications section");

    await signed.uncheck();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, "Notification settings saved")).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await notificationSettingsOf("bob")).toEqual({ viewed: true, signed: false, completed: true, declined: true, expired: true });

    await page.reload();
    await expect(page.getByRole("region", { name: "E-mail notifications", exact: true }).getByRole("checkbox", { name: "A signer signs" })).not.toBeChecked();
    // the other user's settings are untouched
    expect((await notificationSettingsOf("alice")).signed).toBe(true);
  });

  test("at phone size the section fits and works: switched back on", async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    const section = page.getByRole("region", { name: "E-mail notifications", exact: true });
    await expect(section).toBeVisible();
    await noSidewaysScroll(page);
    await section.getByRole("checkbox", { name: "A signer signs" }).check();
    await section.getByRole("checkbox", { name: "A signer opens a document" }).uncheck();
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await expect(toast(page, "Notification settings saved")).toBeVisible();
    expect(await notificationSettingsOf("bob")).toMatchObject({ viewed: false, signed: true });
    await expectNoSeriousA11yViolations(page, "settings with the e-mail notifications section, phone");
  });
});

test.describe("Void asks why", () => {
  let page: Page;
  let docs: Record<"desktop" | "phone", SentDocument>;

  test.beforeAll(async ({ browser }) => {
    const token = await aliceToken();
    docs = {
      desktop: await sendFromAliceTemplate(fx, token, `UI ${tag} void reason`, { name: "Vera Void", email: "vera.void@ui.example" }),
      phone: await sendFromAliceTemplate(fx, token, `UI ${tag} void reason phone`, { name: "Pia Phone", email: "pia.phone@ui.example" }),
    };
    page = await (await browser.newContext()).newPage();
    await signInToDashboard(page, fx.users.alice, `/documents/${docs.desktop.id}`);
  });

  test.afterAll(async () => page?.context().close());

  async function voidedMailTo(documentId: string, to: string) {
    const res = await api("/ext/outbox", { token: (await dashboardTokenFor("alice")).access_token, query: { per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    return (res.body.emails as { kind: string; to: string; text: string; document_id: string }[]).filter(
      (e) => e.document_id === documentId && e.kind === "voided" && e.to === to,
    );
  }

  test("without a reason the dialog refuses, at the field; with one the document is voided and the reason shown everywhere", async () => {
    await expect(page.getByRole("heading", { level: 1, name: docs.desktop.name })).toBeVisible();
    await page.getByRole("button", { name: "Void document" }).click();
    const dialog = page.getByRole("dialog", { name: "Void this document?" });
    await expect(dialog).toBeVisible();
    const reason = dialog.getByLabel("Reason for voiding");
    await expect(reason).toBeFocused();

    await dialog.getByRole("button", { name: "Void document" }).click();
    await expect(dialog.getByText("Say why you void the document: the signers are told.")).toBeVisible();
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toBeFocused();
    await expectNoSeriousA11yViolations(page, "void dialog with its reason missing");

    const why = "The price changed; a corrected agreement follows today.";
    await reason.fill(why);
    // fixed: the message goes away
    await expect(dialog.getByText("Say why you void the document: the signers are told.")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Void document" }).click();
    await expect(toast(page, "Document voided")).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId("void-reason")).toContainText(why);
    const audit = page.getByRole("region", { name: "Audit trail", exact: true });
    await expect(audit).toContainText(`voided the document: "${why}" Signers e-mailed: Vera Void.`);
    const mails = await voidedMailTo(docs.desktop.id, "vera.void@ui.example");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Their reason: "${why}"`);
  });

  test("at phone size the dialog fits and voids with the reason", async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/documents/${docs.phone.id}`);
    await expect(page.getByRole("heading", { level: 1, name: docs.phone.name })).toBeVisible();
    await page.getByRole("button", { name: "Void document" }).click();
    const dialog = page.getByRole("dialog", { name: "Void this document?" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await noSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, "void dialog, phone");
    await dialog.getByLabel("Reason for voiding").fill("Wrong recipient.");
    await dialog.getByRole("button", { name: "Void document" }).click();
    await expect(toast(page, "Document voided")).toBeVisible();
    await expect(page.getByTestId("void-reason")).toContainText("Wrong recipient.");
    expect(await voidedMailTo(docs.phone.id, "pia.phone@ui.example")).toHaveLength(1);
  });
});
