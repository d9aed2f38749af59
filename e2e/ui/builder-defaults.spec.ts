// Issue 13, point 4: sending a one-off file places fields by default. The
// send wizard opens the builder on the uploaded file (pre-filled from text
// tags, with "Send as tagged"); a signer without a field is never sent (draft
// and template); fields added by pressing the palette land on free spots;
// dragged fields snap to each other's edges; boxes keep a readable minimum
// size; merge values too long for their box are refused at send time.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { api, dashboardTokenFor } from "../api/helpers";
import { loadFixtures } from "./fixtures";
import { gotoDashboard, settled, signInToDashboard, toast } from "./support/dashboard-sign-in";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { fieldOnPage, inspector, pageOf, selectedBox } from "./support/builder-ui";
import { taggedPdf } from "./support/sending-files";

const fx = loadFixtures();
const alice = fx.users.alice;
const signer = (page: Page) => page.getByRole("listitem", { name: "Signer 1" });

async function uploadInWizard(page: Page, fileName: string, tags: string[]) {
  await signInToDashboard(page, alice, "/send");
  await page.getByLabel("Choose a file").setInputFiles(await taggedPdf(fileName, tags));
  // The document name defaults to the file name without its extension.
  await expect(page.getByLabel("Document name")).toHaveValue(fileName.replace(/\.pdf$/, ""));
  await signer(page).getByLabel("Signer 1: name").fill("Uma Upload");
  await signer(page).getByLabel("Signer 1: e-mail").fill("uma.builder@upload.example");
  await page.getByRole("button", { name: "Upload and place fields" }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\/prepare\?from=upload$/, { timeout: 90_000 });
  await expect(page.getByTestId("upload-next-step")).toBeVisible();
}

/** A draft of alice's fixture template (prepare_document), opened in the builder. */
async function openDraft(page: Page, name: string) {
  const token = (await dashboardTokenFor("alice")).access_token;
  const res = await api(`/public/v2/reusable_templates/${fx.templates.alice.id}/prepare_document`, {
    token,
    method: "POST",
    body: { name, roles: [{ name: "Client", signer_name: "Pia Placement", signer_email: "pia@placement.example" }], expires_in: 30 },
  });
  expect(res.status, res.text).toBe(200);
  await signInToDashboard(page, alice, new URL(res.body.url).pathname);
  await expect(page.getByRole("button", { name: "Send for signature" })).toBeVisible();
}

type Rect = { x: number; y: number; width: number; height: number };
const intersects = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function rectsOn(pageEl: Locator): Promise<{ name: string; rect: Rect }[]> {
  return pageEl.locator("[data-field-key]").evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      // The outline of a selected field is outside its box; the box itself is what must not overlap.
      return { name: e.getAttribute("data-field-name") ?? "", rect: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }),
  );
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test("a file without tags opens the builder; a signer without a field is refused by name until one is placed", async ({ page }) => {
    test.setTimeout(180_000);
    await uploadInWizard(page, "ui-no-tags.pdf", []);
    await expect(page.getByTestId("upload-next-step")).toContainText("Every signer needs at least one field");
    await expect(page.locator("[data-field-key]")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "builder after an upload without tags");

    await page.getByRole("button", { name: "Send for signature" }).click();
    const refusal = page.locator("#draft-send-error");
    await expect(refusal).toHaveText("“Signer 1” has no field to fill in or sign. Add at least one field for Signer 1 before sending.");
    await expect(page.getByRole("button", { name: "Send for signature" })).toHaveAttribute("aria-describedby", "draft-send-error");
    await expect(page).toHaveURL(/\/prepare\?from=upload$/);

    // A field for the signer: the message leaves, and the document can be sent.
    await page.locator('[data-palette="signature"]').click();
    await expect(refusal).toBeHidden();
    await page.getByRole("button", { name: "Send for signature" }).click();
    await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(toast(page, "Document sent")).toBeVisible();
  });

  test("a file with text tags opens pre-filled; one click sends it as tagged", async ({ page }) => {
    test.setTimeout(180_000);
    await uploadInWizard(page, "ui-with-tags.pdf", ["[[signature|Signer 1]]", "[[text|Signer 1|name=title]]"]);
    await expect(page.getByTestId("upload-next-step")).toContainText("The text tags in your file placed 2 fields");
    await expect(page.locator("[data-field-key]")).toHaveCount(2);
    await expect(fieldOnPage(page, "title")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "builder after an upload with tags");
    await page.getByRole("button", { name: "Send as tagged" }).click();
    await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1, name: "ui-with-tags" })).toBeVisible();
  });

  test("ten fields added by pressing the palette never overlap (each other or the template's)", async ({ page }) => {
    await openDraft(page, `Placement ${Date.now()}`);
    const kinds = ["signature", "text", "date", "initials", "checkbox", "text", "signature", "date", "text", "initials"];
    for (const kind of kinds) await page.locator(`[data-palette="${kind}"]`).click();
    const placed = [...(await rectsOn(pageOf(page, 1))), ...(await rectsOn(pageOf(page, 2)))];
    expect(placed.length).toBe(6 + 10); // the template's four fields and two merge fields, and the ten new ones
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        expect(intersects(placed[i]!.rect, placed[j]!.rect), `${placed[i]!.name} and ${placed[j]!.name} overlap`).toBe(false);
      }
    }
  });

  test("a dragged field snaps to another field's edge; boxes keep a readable minimum size", async ({ page }) => {
    await openDraft(page, `Snapping ${Date.now()}`);
    await page.locator('[data-palette="text"]').click();
    await page.locator('[data-palette="text"]').click();
    const [a, b] = [fieldOnPage(page, "text_1"), fieldOnPage(page, "text_2")];
    const ra = (await a.boundingBox())!;
    const rb = (await b.boundingBox())!;
    // Drag the second field below the first with its left edge 3 px off the first's: it joins the edge.
    await page.mouse.move(rb.x + rb.width / 2, rb.y + rb.height / 2);
    await page.mouse.down();
    await page.mouse.move(rb.x + rb.width / 2 + (ra.x - rb.x) + 3, rb.y + rb.height / 2 + 70, { steps: 8 });
    await page.mouse.up();
    const after = (await b.boundingBox())!;
    expect(Math.abs(after.x - ra.x)).toBeLessThan(0.6);
    expect(after.y).toBeGreaterThan(ra.y + 40);

    // Shrinking with the keyboard stops at the text field's minimum, 24 × 12 pt (the page is 612 × 792 pt).
    await b.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press("Shift+Alt+ArrowLeft");
    for (let i = 0; i < 20; i++) await page.keyboard.press("Shift+Alt+ArrowUp");
    const box = await selectedBox(page);
    expect(box.width * 612).toBeGreaterThanOrEqual(23.9);
    expect(box.height * 792).toBeGreaterThanOrEqual(11.9);
    expect(box.width * 612).toBeLessThan(26);
    // Typing a smaller size into the inspector is raised to the minimum too.
    await inspector(page).getByLabel("Height", { exact: true }).fill("0.5");
    await expect.poll(async () => (await selectedBox(page)).height * 792).toBeGreaterThanOrEqual(11.9);
  });

  test("a merge value too long for its box is refused at send time, at the merge field", async ({ page }) => {
    await signInToDashboard(page, alice, `/templates/${fx.templates.alice.id}/send`);
    await page.getByLabel("Client: signer name").fill("Lena Long");
    await page.getByLabel("Client: e-mail").fill("lena@long.example");
    await page.getByLabel("Customer Name").fill("Very Long Customer Name Incorporated ".repeat(30).trim());
    await page.getByRole("button", { name: "Send document" }).click();
    // At the merge value's own input: marked, described by the message, focused.
    const input = page.getByLabel("Customer Name");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await input.getAttribute("id")}-error`)).toContainText("“Customer Name” is too long for its box");
    await expect(input).toBeFocused();
    await expect(page.getByText(/Bad input parameter/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/send$/);
  });
});

test("the signer page shrinks typed text the way the signed PDF does, and flags text too long for its box", async ({ page }) => {
  const token = (await dashboardTokenFor("alice")).access_token;
  const sent = await api(`/public/v2/reusable_templates/${fx.templates.alice.id}/send_document`, {
    token,
    method: "POST",
    body: {
      name: `Fit ${Date.now()}`,
      roles: [{ name: "Client", signer_name: "Fay Fit", signer_email: "fay@fit.example" }],
      expires_in: 30,
      merge_field_identifier: "name",
      merge_field_values: [{ name: "Customer Name", value: "Very Long Customer Name Incorporated of Greater Springfield" }],
    },
  });
  expect(sent.status, sent.text).toBe(200);
  const client = sent.body.document.recipients.find((r: { role_name: string }) => r.role_name === "Client");
  await page.goto(client.sign_url);
  await settled(page);
  const title = page.getByRole("textbox", { name: "client title" });
  const fontPx = () => title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  await title.fill("CEO");
  const short = await fontPx();
  await title.fill("Chief Executive Officer and Chairman of the Board of Directors");
  const long = await fontPx();
  expect(long).toBeLessThan(short);
  await expect(title).not.toHaveAttribute("aria-invalid", "true");
  await title.fill("Chief Executive Officer and Chairman of the Board of Directors ".repeat(12));
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/Too long for this box/)).toBeVisible();
  await title.fill("CEO");
  await expect(title).not.toHaveAttribute("aria-invalid", "true");

  // The merge value is shown at the size the PDF draws it: shrunk to fit its box (0.4 × 0.03 of a 612 × 792 pt page).
  const merge = page.getByText("Very Long Customer Name Incorporated of Greater Springfield");
  const pt = await merge.evaluate((el) => {
    const pageEl = el.closest("section")!.querySelector("[class*='@container']") as HTMLElement;
    return (parseFloat(getComputedStyle(el).fontSize) / pageEl.getBoundingClientRect().width) * 612;
  });
  expect(pt).toBeGreaterThanOrEqual(6);
  expect(pt).toBeLessThan(11);
  const box = (await merge.boundingBox())!;
  const width = await merge.evaluate((el) => el.scrollWidth);
  expect(width).toBeLessThanOrEqual(Math.ceil(box.width) + 1);
});

/** A template made in the builder's API with a Witness role that has no field. */
async function templateWithBareRole(name: string) {
  const token = (await dashboardTokenFor("alice")).access_token;
  const upload = await api("/ext/template_uploads", { token, method: "POST", body: { file_name: "witness.pdf" } });
  expect(upload.status, upload.text).toBe(200);
  const file = await taggedPdf("witness.pdf", []);
  const put = await fetch(upload.body.template_upload.upload_url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: new Uint8Array(file.buffer) });
  expect(put.status).toBe(200);
  expect((await api(`/ext/template_uploads/${upload.body.template_upload.id}/uploaded`, { token, method: "POST", body: {} })).status).toBe(200);
  await expect
    .poll(async () => (await api(`/ext/template_uploads/${upload.body.template_upload.id}`, { token })).body.template_upload.status, { timeout: 90_000 })
    .toBe("completed");
  const created = await api("/ext/templates", {
    token,
    method: "POST",
    body: {
      upload_id: upload.body.template_upload.id,
      definition: {
        name,
        roles: [{ name: "Client" }, { name: "Witness" }],
        fields: [{ type: "signature", role: "Client", name: "client_sig", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }],
      },
    },
  });
  expect(created.status, created.text).toBe(200);
  return created.body.template.id as string;
}

test("a template with a field-less role: the builder warns, sending from it is refused naming the role", async ({ page }) => {
  test.setTimeout(180_000);
  const id = await templateWithBareRole(`Witness ${Date.now()}`);
  await signInToDashboard(page, alice, `/templates/${id}/edit`);
  await expect(page.getByTestId("bare-roles-warning")).toHaveText("“Witness” has no field yet: documents cannot be sent from this template until Witness has one.");
  await expectNoSeriousA11yViolations(page, "template builder with a field-less role");

  await gotoDashboard(page, `/templates/${id}/send`);
  await page.getByLabel("Client: signer name").fill("Cleo Client");
  await page.getByLabel("Client: e-mail").fill("cleo.bare@client.example");
  await page.getByLabel("Witness: signer name").fill("Will Witness");
  await page.getByLabel("Witness: e-mail").fill("will.bare@witness.example");
  await page.getByRole("button", { name: "Send document" }).click();
  const signers = page.getByRole("group", { name: "Signers" });
  await expect(signers.getByRole("alert")).toHaveText("“Witness” has no field to fill in or sign. Add at least one field for Witness before sending.");
  await expect(page).toHaveURL(new RegExp(`/templates/${id}/send$`));
  // The focus is in the group the message belongs to.
  await expect(signers.locator("input:focus")).toHaveCount(1);
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("pressing the palette on a phone also lands on free spots, and the page does not scroll sideways", async ({ page }) => {
    await openDraft(page, `Phone placement ${Date.now()}`);
    for (const kind of ["signature", "text", "date", "text", "checkbox"]) await page.locator(`[data-palette="${kind}"]`).click();
    const placed = [...(await rectsOn(pageOf(page, 1))), ...(await rectsOn(pageOf(page, 2)))];
    expect(placed.length).toBe(6 + 5);
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) expect(intersects(placed[i]!.rect, placed[j]!.rect), `${placed[i]!.name} / ${placed[j]!.name}`).toBe(false);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
