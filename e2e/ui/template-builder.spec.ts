// The template builder and document preparation (components/builder/*), as a
// sender uses them: a template built from a PDF with portrait, landscape and
// rotated pages, sent through the API by merge-field name, signed by both
// signers; the signed PDF's stamps are where the builder placed the fields.
import { expect, test, type Page } from "@playwright/test";
import { api, dashboardTokenFor } from "../api/helpers";
import { download, fixtures, getDocument, recipient, waitForDocument } from "../api/support/signing-calls";
import { settled, signInToDashboard, toast } from "./support/dashboard-sign-in";
import { dropField, expectInside, fieldOnPage, inkBox, inspector, pageOf, renderGray, selectedBox, threeShapePdf, type Box } from "./support/builder-ui";
import { finishButton, signByTyping, signedHeading } from "./support/signing-ui";
import { expectNoSeriousA11yViolations } from "./support/accessibility";

const alice = fixtures.users.alice;
let token: string;

// A desktop screen: the builder's three columns side by side.
test.use({ viewport: { width: 1440, height: 1000 } });

test.beforeAll(async () => {
  // The dashboard's own client: the /ext builder endpoints refuse third-party tokens.
  token = (await dashboardTokenFor("alice")).access_token;
});

/** Selects a field by clicking it and answers its box from the inspector. */
async function boxOf(page: Page, name: string): Promise<Box> {
  await fieldOnPage(page, name).click();
  await expect(inspector(page).getByLabel("Field name").or(inspector(page).getByLabel("Merge field name"))).toHaveValue(name);
  return selectedBox(page);
}

test("build a template on portrait, landscape and rotated pages; send by merge-field name; both sign; stamps land where placed", async ({ page }) => {
  test.setTimeout(240_000);
  await signInToDashboard(page, alice, "/templates");
  await page.getByRole("link", { name: "New template" }).first().click();
  await expect(page).toHaveURL(/\/templates\/new$/);
  await settled(page);
  await page.getByLabel("Choose a file").setInputFiles(await threeShapePdf("three-shapes.pdf"));
  await page.getByRole("button", { name: "Upload and open the builder" }).click();
  await expect(page).toHaveURL(/\/templates\/new\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  await settled(page);
  await expect(page.getByLabel("Template name")).toHaveValue("three-shapes");
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await page.getByLabel("Template name").fill("Builder agreement");

  // Roles: Buyer then Seller, signing in order.
  await page.getByLabel("Role 1 name").fill("Buyer");
  await page.getByRole("button", { name: "Add role" }).click();
  await page.getByLabel("Role 2 name").fill("Seller");
  await page.getByLabel("Sign in order (one after another)").check();

  // Page 1 (portrait): the Buyer's signature, dropped, then dragged a little with the mouse.
  await dropField(page, "signature", 1, 0.4, 0.3);
  await expect(inspector(page).getByLabel("Role")).toHaveValue("Buyer");
  const sig1 = fieldOnPage(page, "signature_1");
  const at = (await sig1.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width / 2 + 40, at.y + at.height / 2 + 60, { steps: 5 });
  await page.mouse.up();
  const moved = await boxOf(page, "signature_1");
  const pageBox = (await pageOf(page, 1).boundingBox())!;
  expect(moved.x).toBeCloseTo(0.4 - moved.width / 2 + 40 / pageBox.width, 2);

  // Undo puts it back where it was dropped; redo moves it again.
  await page.getByRole("button", { name: "Undo" }).click();
  expect((await selectedBox(page)).y).toBeCloseTo(moved.y - 60 / pageBox.height, 2);
  await page.getByRole("button", { name: "Redo" }).click();
  expect((await selectedBox(page)).y).toBeCloseTo(moved.y, 3);

  // A merge field on page 1, its name the one send_document will use.
  await dropField(page, "merge_text", 1, 0.5, 0.6);
  await inspector(page).getByLabel("Merge field name").fill("customer_name");

  // Page 2 (landscape): the Seller's signature, resized with the keyboard (Alt+arrows) and moved with arrows.
  await dropField(page, "signature", 2, 0.6, 0.5);
  await inspector(page).getByLabel("Role").selectOption("Seller");
  const before2 = await selectedBox(page);
  await fieldOnPage(page, "signature_2").focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Alt+ArrowDown");
  const after2 = await selectedBox(page);
  expect(after2.x).toBeCloseTo(before2.x + 0.02, 3);
  expect(after2.height).toBeCloseTo(before2.height + 0.005, 3);
  // Ctrl+D copies the field (for the same role, a little lower right); Delete removes the copy again.
  await page.keyboard.press("Control+d");
  await expect(fieldOnPage(page, "signature_3")).toBeFocused();
  await expect(inspector(page).getByLabel("Role")).toHaveValue("Seller");
  await page.keyboard.press("Delete");
  await expect(fieldOnPage(page, "signature_3")).toHaveCount(0);

  // Page 3 (rotated): a text field for the Buyer, with help text and a font size, placed exactly.
  await pageOf(page, 3).scrollIntoViewIfNeeded();
  await dropField(page, "text", 3, 0.3, 0.4);
  await inspector(page).getByLabel("Field name").fill("buyer_company");
  await inspector(page).getByLabel("Help text").fill("Your company's registered name");
  await inspector(page).getByLabel("Font size (pt)").fill("14");
  await inspector(page).getByLabel("Width", { exact: true }).fill("30");
  await inspector(page).getByLabel("Height", { exact: true }).fill("6");

  // Zoom changes the drawing, not the fractions.
  const placedText = await selectedBox(page);
  await page.getByRole("button", { name: "Zoom in" }).click();
  expect(await boxOf(page, "buyer_company")).toEqual(placedText);
  await page.getByRole("button", { name: "Zoom out" }).click();

  await expectNoSeriousA11yViolations(page, "template builder with fields of two roles, a field selected");

  const placed = {
    sig1: await boxOf(page, "signature_1"),
    merge: await boxOf(page, "customer_name"),
    sig2: await boxOf(page, "signature_2"),
    text: await boxOf(page, "buyer_company"),
  };

  await page.getByRole("button", { name: "Save template" }).click();
  await expect(toast(page, "Template created")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByTestId("template-version")).toContainText("Version 1");
  const templateId = page.url().split("/").at(-2)!;

  const v1 = await api(`/public/v2/reusable_templates/${templateId}`, { token });
  expect(v1.status, v1.text).toBe(200);
  const merge1 = v1.body.reusable_template.merge_field_components;
  expect(merge1).toHaveLength(1);
  expect(merge1[0]).toMatchObject({ name: "customer_name", type: "text", page: 1 });
  expect(v1.body.reusable_template.roles.map((r: { name: string }) => r.name)).toEqual(["Buyer", "Seller"]);
  expect(v1.body.reusable_template.signer_sequencing).toBe(true);

  // A second version (template settings changed) keeps the merge field's id and name.
  await settled(page);
  await page.getByLabel("Expires after (days)").fill("14");
  await page.getByRole("button", { name: "Save new version" }).click();
  await expect(toast(page, "Saved as version 2")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("template-version")).toContainText("Version 2");
  const v2 = await api(`/public/v2/reusable_templates/${templateId}`, { token });
  expect(v2.body.reusable_template.expires_in).toBe(14);
  expect(v2.body.reusable_template.merge_field_components).toEqual(merge1);

  // Send through the API, merge values by name.
  const sent = await api(`/public/v2/reusable_templates/${templateId}/send_document`, {
    token,
    method: "POST",
    body: {
      name: "Builder agreement for ACME",
      expires_in: 30,
      roles: [
        { name: "Buyer", signer_name: "Bea Buyer", signer_email: "bea@buyer.example" },
        { name: "Seller", signer_name: "Sal Seller", signer_email: "sal@seller.example" },
      ],
      merge_field_identifier: "name",
      merge_field_values: [{ name: "customer_name", value: "ACME Holdings" }],
    },
  });
  expect(sent.status, sent.text).toBe(200);
  const docId = sent.body.document.id as string;

  // Both sign in the browser: the Buyer (signature and the text field on the rotated page), then the Seller.
  const buyer = recipient(sent.body.document, "Buyer");
  await page.goto(buyer.sign_url);
  await expect(page.getByRole("heading", { name: "Builder agreement for ACME" })).toBeVisible();
  const company = page.getByLabel("buyer company");
  await expect(company).toHaveAccessibleDescription("Your company's registered name");
  await company.fill("Bea Trading");
  await signByTyping(page, "signature 1", "Bea Buyer");
  await finishButton(page).click();
  await expect(signedHeading(page, "Builder agreement for ACME")).toBeVisible();

  const seller = recipient(await getDocument(token, docId), "Seller");
  await page.goto(seller.sign_url);
  await signByTyping(page, "signature 2", "Sal Seller");
  await finishButton(page).click();
  await expect(signedHeading(page, "Builder agreement for ACME")).toBeVisible();

  const done = await waitForDocument(token, docId, (d) => d.state === "executed" && !!d.signed_pdf_url, "the signed PDF");
  const pdf = await download(done.signed_pdf_url!, "signed PDF");

  // The stamps, found on the rendered pages, sit where the builder placed the fields.
  const p1 = renderGray(pdf, 1);
  const p2 = renderGray(pdf, 2);
  const p3 = renderGray(pdf, 3);
  expect(p2.width).toBeGreaterThan(p2.height); // landscape
  expect(p3.width).toBeGreaterThan(p3.height); // /Rotate 90 shows it landscape
  expectInside(inkBox(p1, placed.sig1), placed.sig1, "Buyer's signature on the portrait page");
  expectInside(inkBox(p1, placed.merge), placed.merge, "merge field on the portrait page");
  expectInside(inkBox(p2, placed.sig2), placed.sig2, "Seller's signature on the landscape page");
  const text = inkBox(p3, placed.text);
  expectInside(text, placed.text, "text field on the rotated page");
  // Typed text starts at the box's left edge (2 pt of padding).
  expect(Math.abs(text!.x - placed.text.x)).toBeLessThanOrEqual(0.02);
  // The 14 pt font size caps the text: sized to fit its 6 %-high box it would be about 26 pt (ink ≈ 0.039 of the page height).
  expect(text!.height).toBeLessThan(0.03);
  // Nothing was stamped where no field was placed (the middle of page 2's left half).
  expect(inkBox(p2, { x: 0.1, y: 0.3, width: 0.2, height: 0.3 }, 0)).toBeNull();
});

test("prepare a document: adjust a field in the builder, send it, and see it pending", async ({ page }) => {
  const prepared = await api(`/public/v2/reusable_templates/${fixtures.templates.alice.id}/prepare_document`, {
    token,
    method: "POST",
    body: { name: "Prepared in the builder", roles: [{ name: "Client", signer_name: "Pam Prepared", signer_email: "pam@prepared.example" }], expires_in: 30 },
  });
  expect(prepared.status, prepared.text).toBe(200);
  const id = new URL(prepared.body.url).pathname.split("/")[2]!;
  const before = (await api(`/ext/documents/${id}/draft`, { token })).body.document;
  const first = before.fields[0];

  await signInToDashboard(page, alice, new URL(prepared.body.url).pathname);
  await expect(page.getByLabel("Document name")).toHaveValue("Prepared in the builder");
  await expect(page.getByLabel("Client: signer name")).toHaveValue("Pam Prepared");
  await expect(page.getByTestId("draft-state")).toHaveText("draft");
  await expectNoSeriousA11yViolations(page, "draft in the builder");
  // The first field, moved 5 % right with the arrow keys.
  await fieldOnPage(page, first.name).focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  await page.getByRole("button", { name: "Send for signature" }).click();
  await expect(toast(page, "Document sent")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/documents/${id}$`));

  const doc = await getDocument(token, id);
  expect(doc.state).toBe("pending");
  const after = (await api(`/ext/documents/${id}/draft`, { token })).body.document;
  const moved = after.fields.find((f: { id: string }) => f.id === first.id);
  expect(moved.x).toBeCloseTo(Math.min(first.x + 0.05, 1 - first.width), 3);
  expect(moved.y).toBeCloseTo(first.y, 5);
});

test("closing a draft without sending keeps it: the documents list shows it and it can be deleted", async ({ page }) => {
  const prepared = await api(`/public/v2/reusable_templates/${fixtures.templates.alice.id}/prepare_document`, {
    token,
    method: "POST",
    body: { name: "Draft left for later", roles: [{ name: "Client", signer_name: "Lee Later", signer_email: "lee@later.example" }], expires_in: 30 },
  });
  const id = new URL(prepared.body.url).pathname.split("/")[2]!;
  await signInToDashboard(page, alice, new URL(prepared.body.url).pathname);
  await page.getByLabel("Client: signer name").fill("Lee Later-Changed");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, "Draft saved")).toBeVisible();
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto("/documents?state=draft&search=Draft%20left%20for%20later");
  await expect(page.getByRole("link", { name: "Draft left for later" }).first()).toBeVisible();
  await page.goto(`/documents/${id}`);
  await expect(page.getByText("Lee Later-Changed", { exact: true })).toBeVisible();
  // A sender's own draft is deleted rather than voided (e2e/ui/document-actions.spec.ts covers the dialog).
  await expect(page.getByRole("button", { name: "Void document" })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete draft" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete draft" }).click();
  await expect(toast(page, "Draft deleted")).toBeVisible();
  const gone = await api(`/public/v2/documents/${id}`, { token });
  expect(gone.status, gone.text).not.toBe(200);
});

test("a template saved through /ext without signing order: every signer of its documents can be reminded at once", async ({ page }) => {
  const created = await api("/ext/template_uploads", { token, method: "POST", body: { file_name: "unordered.pdf" } });
  expect(created.status, created.text).toBe(200);
  const upload = created.body.template_upload;
  const put = await fetch(upload.upload_url, { method: "PUT", body: new Uint8Array((await threeShapePdf("unordered.pdf")).buffer) });
  expect(put.status).toBe(200);
  expect((await api(`/ext/template_uploads/${upload.id}/uploaded`, { token, method: "POST", body: {} })).status).toBe(200);
  await expect.poll(async () => (await api(`/ext/template_uploads/${upload.id}`, { token })).body.template_upload.status, { timeout: 60_000 }).toBe("completed");

  const sig = (role: string, page: number) => ({ type: "signature", role, name: `${role.toLowerCase()}_signature`, page, x: 0.1, y: 0.8, width: 0.3, height: 0.06 });
  const definition = { name: "Unordered", roles: [{ name: "A" }, { name: "B" }], fields: [sig("A", 1), sig("B", 2)] };
  const template = await api("/ext/templates", { token, method: "POST", body: { upload_id: upload.id, definition } });
  expect(template.status, template.text).toBe(200);
  expect(template.body.template.version).toBe(1);
  // An upload becomes one template only.
  const again = await api("/ext/templates", { token, method: "POST", body: { upload_id: upload.id, definition } });
  expect(again.status).toBe(422);

  const sent = await api(`/public/v2/reusable_templates/${template.body.template.id}/send_document`, {
    token,
    method: "POST",
    body: { name: "Unordered agreement", expires_in: 30, roles: [{ name: "A", signer_name: "Ann A", signer_email: "ann@a.example" }, { name: "B", signer_name: "Ben B", signer_email: "ben@b.example" }] },
  });
  expect(sent.status, sent.text).toBe(200);
  await signInToDashboard(page, alice, `/documents/${sent.body.document.id}`);
  await expect(page.getByRole("button", { name: "Send reminder to Ann A" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Send reminder to Ben B" })).toBeEnabled();
  await page.getByRole("button", { name: "Send reminder to Ben B" }).click();
  await expect(toast(page, /Reminder sent/)).toBeVisible();
});
