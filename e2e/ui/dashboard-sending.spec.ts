// The one-off upload wizard (/send) as a sender uses it: choose or drop a
// file, name the signers, upload with a progress bar, follow processing to
// the new document; files that are not PDF/PNG/JPEG are refused in the
// browser; a processing error keeps the form for another try.
import { expect, test, type Page } from "@playwright/test";
import { loadFixtures } from "./fixtures";
import { signInToDashboard, toast } from "./support/dashboard-sign-in";
import { fakePdf, taggedPdf, textFile, type UploadFile } from "./support/sending-files";

const fx = loadFixtures();
const alice = fx.users.alice;

const signer = (page: Page) => page.getByRole("listitem", { name: "Signer 1" });

async function fillSigner(page: Page, roleName: string) {
  await signer(page).getByLabel("Signer 1: role name").fill(roleName);
  await signer(page).getByLabel("Signer 1: name").fill("Uma Upload");
  await signer(page).getByLabel("Signer 1: e-mail").fill("uma@upload.example");
}

/** Drops a file on the drop zone the way a browser does (a DataTransfer with the file). */
async function dropFile(page: Page, file: UploadFile) {
  const transfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
      return dt;
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] },
  );
  await page.dispatchEvent("[data-dropzone]", "drop", { dataTransfer: transfer });
}

test("upload a PDF with a text tag and follow it to the new document", async ({ page }) => {
  await signInToDashboard(page, alice, "/send");
  const file = await taggedPdf("ui-upload-contract.pdf", ["[[signature|Signer 1]]"]);
  await page.getByLabel("Choose a file").setInputFiles(file);
  await expect(page.getByTestId("chosen-file")).toContainText("ui-upload-contract.pdf");
  await expect(page.getByTestId("chosen-file")).toContainText(/\(\d+(\.\d)? (B|KB)\)/);
  // The document name is taken from the file name.
  await expect(page.getByLabel("Document name")).toHaveValue("ui-upload-contract");
  const docName = `UI upload ${Date.now()}`;
  await page.getByLabel("Document name").fill(docName);
  await fillSigner(page, "Signer 1");

  // Sequencing asks for each signer's sequence.
  await page.getByLabel("Signers sign in sequence").check();
  await expect(signer(page).getByLabel("Signer 1: sequence")).toHaveValue("0");

  await page.getByRole("button", { name: "Upload and place fields" }).click();
  const progress = page.getByTestId("upload-progress");
  await expect(progress).toBeVisible();
  // The builder opens on the file, its tag already a field; "Send as tagged" sends it as it is.
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\/prepare\?from=upload$/, { timeout: 60_000 });
  await page.getByRole("button", { name: "Send as tagged" }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(toast(page, "Document sent")).toBeVisible();
  await expect(page.getByRole("heading", { name: docName })).toBeVisible();
});

test("files that are not PDF, PNG or JPEG are refused in the browser (picker and drop)", async ({ page }) => {
  await signInToDashboard(page, alice, "/send");
  await page.getByLabel("Choose a file").setInputFiles(textFile());
  await expect(page.getByRole("alert").filter({ hasText: "“notes.txt” is not a PDF, PNG or JPEG file" })).toBeVisible();
  await expect(page.getByTestId("chosen-file")).toHaveCount(0);

  // A text file renamed .pdf: the content decides.
  await dropFile(page, fakePdf());
  await expect(page.getByRole("alert").filter({ hasText: "“notes.pdf” is not a PDF, PNG or JPEG file: its content is something else." })).toBeVisible();
  await expect(page.getByTestId("chosen-file")).toHaveCount(0);

  // Sending without a file says so at the file, and nothing is created.
  await fillSigner(page, "Signer 1");
  await page.getByRole("button", { name: "Upload and place fields" }).click();
  await expect(page.getByText("Choose a PDF, PNG or JPEG file to send.")).toBeVisible();
  await expect(page.getByTestId("upload-progress")).toHaveCount(0);

  // A real PDF dropped on the zone is taken.
  await dropFile(page, await taggedPdf("dropped.pdf", []));
  await expect(page.getByTestId("chosen-file")).toContainText("dropped.pdf");
});

test("a processing error shows the status message and keeps the form for another try", async ({ page }) => {
  await signInToDashboard(page, alice, "/send");
  await page.getByLabel("Choose a file").setInputFiles(await taggedPdf("ui-wrong-role.pdf", ["[[signature|Buyer]]"]));
  await page.getByLabel("Document name").fill("UI wrong role");
  await fillSigner(page, "Signer 1");
  await page.getByRole("button", { name: "Upload and place fields" }).click();

  const message = page.getByTestId("status-message");
  await expect(message).toContainText("Buyer", { timeout: 60_000 });
  await expect(toast(page, "The file could not be processed")).toBeVisible();
  await expect(page.getByTestId("upload-progress").locator('[data-state="failed"]')).toHaveCount(1);

  // Start again: everything typed is still there; rename the role to the tag's and send.
  await page.getByRole("button", { name: "Start again" }).click();
  await expect(signer(page).getByLabel("Signer 1: e-mail")).toHaveValue("uma@upload.example");
  await expect(page.getByTestId("chosen-file")).toContainText("ui-wrong-role.pdf");
  await signer(page).getByLabel("Signer 1: role name").fill("Buyer");
  await page.getByRole("button", { name: "Upload and place fields" }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\/prepare\?from=upload$/, { timeout: 60_000 });
});

test("every upload opens the builder on the draft before it is sent", async ({ page }) => {
  await signInToDashboard(page, alice, "/send");
  await page.getByLabel("Choose a file").setInputFiles(await taggedPdf("ui-prepare.pdf", ["[[signature|Signer 1]]"]));
  await page.getByLabel("Document name").fill("UI prepared upload");
  await fillSigner(page, "Signer 1");
  await page.getByRole("button", { name: "Upload and place fields" }).click();
  // The wizard follows processing, then opens the builder on the draft.
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\/prepare\?from=upload$/, { timeout: 60_000 });
  await expect(page.getByLabel("Document name")).toHaveValue("UI prepared upload");
  await expect(page.getByRole("button", { name: "Send for signature" })).toBeVisible();
});

test("the status route needs a dashboard session and never shows the upload address", async ({ page, request }) => {
  const anonymous = await request.get("/send/status/0123456789abcdef0123456789abcdef");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: "Not signed in." });

  await signInToDashboard(page, alice, "/send");
  const unknown = await page.request.get("/send/status/0123456789abcdef0123456789abcdef");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "This upload no longer exists. Start again with the file." });
});
