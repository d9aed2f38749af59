// Accessibility of every main screen, checked with axe-core (WCAG 2.0/2.1 A
// and AA rules): a serious or critical violation fails the test, with the
// rule, its help and the failing elements in the message
// (support/accessibility.ts). The screens are reached as a person reaches
// them — signed out, through the OAuth login and consent, signed in to the
// dashboard as alice (at desktop and phone size), and as a signer at a
// document's sign_url — in the states that show the most: lists with rows
// and empty, forms, a looked-up archived document, open dialogs and menus.
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { aliceToken, download, getDocument, recipient, sendFromTemplate } from "../api/support/signing-calls";
import { authorizeUrl, loadFixtures } from "./fixtures";
import { expectNoSeriousA11yViolations as expectAccessible } from "./support/accessibility";
import { runTag, sendFromAliceTemplate, type SentDocument } from "./support/alice-documents";
import { gotoDashboard, saveDashboardSession } from "./support/dashboard-sign-in";
import { taggedPdf, textFile } from "./support/sending-files";
import { signatureButton, signatureDialog } from "./support/signing-ui";

const fx = loadFixtures();
const alice = fx.users.alice;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

test.describe("signed out", () => {
  test("landing, sign in and sign up", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, "landing");

    // /signin itself goes straight on to the service's form; after signing out or an error it waits for the button.
    await page.goto("/signin?signedOut=1");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await expectAccessible(page, "/signin (signed out)");
    await page.goto("/signin?error=OAuthCallback");
    await expect(page.getByText("Sign-in did not complete. Please try again.")).toBeVisible();
    await expectAccessible(page, "/signin (after an error)");
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByLabel("Email")).toBeVisible();
    await expectAccessible(page, "/login");

    await page.goto("/signup");
    await expect(page.getByLabel("Email")).toBeVisible();
    await expectAccessible(page, "/signup");
    // A password that is too short: the form comes back with an error.
    await page.getByLabel("Name", { exact: true }).fill("Impostor");
    await page.getByLabel("Email").fill(alice.email);
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Company").fill("Nope");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
    await expectAccessible(page, "/signup with an error");
    // Every complete sign-up (here: an address already in use) answers "check your e-mail".
    await page.getByLabel("Password").fill("Impostor-Pa55word");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    await expectAccessible(page, "/signup/sent");
  });

  test("OAuth login (with an error) and consent, then the landing page signed in to the service", async ({ page }) => {
    const app = fx.apps.alice;
    await page.goto(authorizeUrl({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read write", state: "a11y" }));
    await expect(page).toHaveURL(/\/login\?/);
    await expectAccessible(page, "OAuth login");

    await page.getByLabel("Email").fill(alice.email);
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\?.*error=/);
    await expectAccessible(page, "OAuth login with a wrong password");

    await page.getByLabel("Password").fill(alice.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/consent\?/);
    await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
    await expectAccessible(page, "OAuth consent");

    await page.goto("/");
    await expect(page.getByTestId("signed-in-as")).toBeVisible();
    await expectAccessible(page, "landing, signed in to the service");
  });

  test("verify: the form and a verified result", async ({ page }) => {
    await page.goto("/verify");
    await expect(page.getByRole("heading", { name: "Verify a signed PDF" })).toBeVisible();
    await expectAccessible(page, "/verify");

    const doc = await getDocument(await aliceToken(), fx.documents.alice.executed);
    const signed = await download(doc.signed_pdf_url!, "signed_pdf_url");
    await page.getByLabel("PDF file").setInputFiles({ name: "signed.pdf", mimeType: "application/pdf", buffer: Buffer.from(signed) });
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(/^Verified: /)).toBeVisible();
    await expectAccessible(page, "/verify with a verified result");
  });
});

test.describe("signer page", () => {
  /** Waits until the first page image is shown (the viewer is then complete). */
  const pagesShown = (page: Page) => expect(page.getByRole("img", { name: /^Page 1 of / })).toBeVisible();

  test("the document, the signature dialog and the decline dialog", async ({ page }) => {
    const doc = await sendFromTemplate(await aliceToken(), { name: "Accessibility signing check" });
    await page.goto(recipient(doc, "Client").sign_url);
    await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
    await pagesShown(page);
    await expectAccessible(page, "signer page");

    await signatureButton(page, "client signature").click();
    const dialog = signatureDialog(page);
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "signature dialog, Draw tab");
    await dialog.getByRole("tab", { name: "Type" }).click();
    await dialog.getByLabel("Type your full name").fill("Cleo Client");
    await expectAccessible(page, "signature dialog, Type tab");
    await dialog.getByRole("tab", { name: "Upload" }).click();
    await expectAccessible(page, "signature dialog, Upload tab");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: /^Decline/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "decline dialog");
    await page.keyboard.press("Escape");

    // The Manager's link before the Client has signed: the waiting state.
    await page.goto(recipient(doc, "Manager").sign_url);
    await expect(page.getByRole("heading", { name: /^Waiting for / })).toBeVisible();
    await expectAccessible(page, "signer page, waiting for an earlier signer");
  });

  test("the PIN gate, and the signer page on a phone", async ({ page }) => {
    const doc = await sendFromTemplate(await aliceToken(), { name: "Accessibility PIN check", pin: 24680 });
    await page.goto(recipient(doc, "Client").sign_url);
    await expect(page.getByLabel("PIN")).toBeVisible();
    await expectAccessible(page, "PIN gate");
    await page.getByLabel("PIN").fill("11111");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: /tries left/ })).toBeVisible();
    await expectAccessible(page, "PIN gate with a wrong PIN");

    await page.setViewportSize(PHONE);
    await page.getByLabel("PIN").fill("24680");
    await page.keyboard.press("Enter");
    await pagesShown(page);
    await expectAccessible(page, "signer page on a phone");
  });
});

test.describe("dashboard", () => {
  // Signed in once; each test then opens a fresh context with alice's session,
  // so a failing screen does not hide the others' results.
  const session = path.join(process.env.E2E_ARTIFACTS || path.resolve("e2e/.artifacts"), "accessibility-session.json");
  test.use({ storageState: session });

  const tag = runTag();
  let doc: SentDocument;
  const template = fx.templates.alice;

  test.beforeAll(async ({ browser }) => {
    doc = await sendFromAliceTemplate(fx, await aliceToken(), `UI ${tag} accessibility`);
    await saveDashboardSession(browser, alice, session);
  });

  /** Opens a dashboard path and waits for its level-1 heading. */
  async function open(page: Page, path: string, heading?: string | RegExp) {
    await gotoDashboard(page, path);
    await expect(page.getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) })).toBeVisible();
  }

  /** The dashboard screens, each in the state it is checked in; at desktop and phone size. */
  const screens: { name: string; visit: (page: Page) => Promise<void> }[] = [
    {
      name: "documents list",
      visit: async (page) => {
        await open(page, `/documents?search=${tag}`, "Documents");
        await expect(page.getByTestId("document-row")).toHaveCount(1);
      },
    },
    {
      name: "documents list, nothing found",
      visit: async (page) => {
        await open(page, `/documents?search=${tag}-nothing`, "Documents");
        await expect(page.getByText("No documents match these filters.")).toBeVisible();
      },
    },
    {
      name: "document detail",
      visit: async (page) => {
        await open(page, `/documents/${doc.id}`, doc.name);
        await expect(page.getByRole("region", { name: "Recipients", exact: true })).toBeVisible();
      },
    },
    {
      name: "executed document detail",
      visit: async (page) => {
        await open(page, `/documents/${fx.documents.alice.executed}`);
        await expect(page.getByRole("region", { name: "Downloads", exact: true })).toBeVisible();
      },
    },
    {
      name: "templates list",
      visit: async (page) => {
        await open(page, "/templates", "Templates");
        await expect(page.locator(`a[href="/templates/${template.id}"]`)).toBeVisible();
      },
    },
    {
      name: "templates list, nothing found",
      visit: async (page) => {
        await open(page, "/templates?search=no-such-template-anywhere", "Templates");
        await expect(page.getByText("No templates match this search.")).toBeVisible();
      },
    },
    {
      name: "template detail",
      visit: async (page) => {
        await open(page, `/templates/${template.id}`, template.name);
        await expect(page.getByRole("region", { name: "Tags" })).toBeVisible();
      },
    },
    { name: "template send form", visit: (page) => open(page, `/templates/${template.id}/send`) },
    { name: "template embed form", visit: (page) => open(page, `/templates/${template.id}/embed`) },
    {
      name: "upload wizard",
      visit: async (page) => {
        await open(page, "/send");
        await expect(page.getByLabel("Choose a file")).toBeAttached();
      },
    },
    {
      name: "archived lookup with a document",
      visit: async (page) => {
        await open(page, `/archived?guid=${fx.archived.alice.original_guid}`);
        await expect(page.getByTestId("archived-signer")).toHaveCount(1);
      },
    },
    {
      name: "archived lookup, unknown GUID",
      visit: async (page) => {
        await open(page, "/archived?guid=00000000-0000-4000-8000-000000000000");
        await expect(page.getByRole("alert").filter({ hasText: "This archived document does not exist, or you do not have access to it." })).toBeVisible();
      },
    },
    { name: "profile", visit: (page) => open(page, "/profile", "Profile") },
    {
      name: "settings",
      visit: async (page) => {
        await open(page, "/settings", "Settings");
        await expect(page.getByRole("region", { name: "Outbox", exact: true })).toBeVisible();
      },
    },
  ];

  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test.describe(size, () => {
      test.use({ viewport });
      for (const screen of screens) {
        test(screen.name, async ({ page }) => {
          await screen.visit(page);
          await expectAccessible(page, `${screen.name} (${size})`);
        });
      }
    });
  }

  test("open dialogs: void confirmation and outbox message", async ({ page }) => {
    await open(page, `/documents/${doc.id}`, doc.name);
    await page.getByRole("button", { name: "Void document" }).click();
    await expect(page.getByRole("dialog", { name: "Void this document?" })).toBeVisible();
    await expectAccessible(page, "void confirmation dialog");
    await page.keyboard.press("Escape");

    await open(page, "/settings", "Settings");
    await page.getByRole("region", { name: "Outbox", exact: true }).getByRole("button", { name: /^Read/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "outbox message dialog");
  });

  test.describe("phone", () => {
    test.use({ viewport: PHONE });
    test("the open menu", async ({ page }) => {
      await open(page, "/documents", "Documents");
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("navigation", { name: "Main (menu)" })).toBeVisible();
      await expectAccessible(page, "phone menu open");
    });
  });

  test("forms showing their errors: send, embed, upload wizard and document tags", async ({ page }) => {
    // Send from a template without the Client's e-mail: the API's refusal next to the signers.
    await open(page, `/templates/${template.id}/send`);
    await page.getByLabel("Document name").fill(`UI ${tag} refused`);
    await page.getByRole("listitem", { name: "Role Client" }).getByLabel("Client: signer name").fill("Casey Client");
    await page.getByRole("button", { name: "Send document" }).click();
    await expect(page.getByRole("group", { name: "Signers" }).getByRole("alert")).toBeVisible();
    await expectAccessible(page, "template send form with the API's error");

    await open(page, `/templates/${template.id}/embed`);
    await page.getByLabel("Width (pixels)").fill("600");
    await page.getByRole("button", { name: "Create embedded document" }).click();
    await expect(page.locator("#api_embed_width-error")).toBeVisible();
    await expectAccessible(page, "embed form with an error");

    // A file that is not a PDF, PNG or JPEG is refused in the browser.
    await open(page, "/send");
    await page.getByLabel("Choose a file").setInputFiles(textFile());
    await expect(page.getByRole("alert").filter({ hasText: "is not a PDF, PNG or JPEG file" })).toBeVisible();
    await expectAccessible(page, "upload wizard with a refused file");
    await page.getByLabel("Choose a file").setInputFiles(await taggedPdf("a11y.pdf", ["[[signature|Signer 1]]"]));
    await expect(page.getByTestId("chosen-file")).toContainText("a11y.pdf");
    await expectAccessible(page, "upload wizard with a chosen file");

    await open(page, `/documents/${doc.id}`, doc.name);
    const tags = page.getByRole("region", { name: "Tags", exact: true });
    await tags.getByRole("button", { name: "Add tag" }).click();
    await tags.getByLabel("Value").last().fill("no name");
    await tags.getByRole("button", { name: "Save tags" }).click();
    await expect(tags.getByRole("alert")).toBeVisible();
    await expectAccessible(page, "document tags with an error");
  });

  test("the embedded signing preview (the signer page in same-origin iframes)", async ({ page }) => {
    await open(page, `/templates/${template.id}/embed`);
    await page.getByLabel("Document name").fill(`UI ${tag} embedded`);
    await page.getByRole("listitem", { name: "Role Client" }).getByLabel("Client: signer name").fill("Erin Embedded");
    await page.getByLabel("Customer Name").fill("Accessible Co");
    await page.getByRole("button", { name: "Create embedded document" }).click();
    await expect(page.getByRole("region", { name: "Embedded signing preview" })).toBeVisible({ timeout: 20_000 });
    const client = page.frameLocator('iframe[title="Signing page for Client"]');
    await expect(client.getByRole("img", { name: /^Page 1 of / })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, "embedded signing preview");
  });
});
