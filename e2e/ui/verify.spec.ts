// The public /verify page in Chromium (issue 4, item 5): anyone uploads a PDF
// and learns whether this service executed it, unaltered. The files are those
// of the fixture document alice.executed, which the admin CLI sends through
// the real completion job (signed PDF, certificate, merged PDF).
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { flipByteInSignedRange } from "../api/support/pdfsig";
import { aliceToken, download, fixtures, getDocument, type Doc } from "../api/support/signing-calls";

let doc: Doc;
let signed: Uint8Array;
let merged: Uint8Array;
let original: Uint8Array;

test.beforeAll(async () => {
  const token = await aliceToken();
  doc = await getDocument(token, fixtures.documents.alice.executed);
  if (doc.state !== "executed" || !doc.signed_pdf_url || !doc.merged_document_certificate_url) {
    throw new Error(`fixture alice.executed has no signed files: ${JSON.stringify(doc).slice(0, 600)}`);
  }
  signed = await download(doc.signed_pdf_url, "signed_pdf_url");
  merged = await download(doc.merged_document_certificate_url, "merged_document_certificate_url");
  original = await download(doc.original_file_url, "original_file_url");
});

async function check(page: Page, name: string, bytes: Uint8Array) {
  await page.getByLabel("PDF file").setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.from(bytes) });
  await page.getByRole("button", { name: "Verify" }).click();
}

const verified = (page: Page) => page.getByText(/^Verified: /);
const notVerified = (page: Page) => page.getByText(/^Not verified: /);

test("the signed PDF and the merged PDF are verified, with the document, its signers and audit trail", async ({ page }) => {
  await page.goto("/verify");
  await expect(page.getByRole("heading", { name: "Verify a signed PDF" })).toBeVisible();

  await check(page, "signed.pdf", signed);
  await expect(verified(page)).toHaveText(`Verified: “${doc.name}” was executed by this service and this file is unaltered.`);
  await expect(page.getByText(doc.id, { exact: true })).toBeVisible();
  await expect(page.getByText("signed PDF", { exact: true })).toBeVisible();
  const signers = page.getByRole("heading", { name: "Signers" }).locator("xpath=following-sibling::ul/li");
  await expect(signers).toHaveCount(doc.recipients.length);
  // Names and e-mail addresses are masked for anyone holding a copy (issue 10 point 12): "C*** C***", "c***@c***.example".
  const maskedName = (name: string) => name.split(/\s+/).map((w) => `${w[0]}***`).join(" ");
  const maskedEmail = (email: string) => {
    const domain = email.slice(email.indexOf("@") + 1);
    return `${email[0]}***@${domain[0]}***${domain.slice(domain.lastIndexOf("."))}`;
  };
  for (const [i, r] of doc.recipients.entries()) {
    await expect(signers.nth(i)).toContainText(maskedName(r.name));
    await expect(signers.nth(i)).toContainText(/signed/);
    await expect(page.getByText(r.name)).toHaveCount(0);
  }
  for (const r of doc.recipients.filter((x) => x.email)) {
    await expect(page.getByText(r.email!)).toHaveCount(0);
    await expect(page.getByText(maskedEmail(r.email!)).first()).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  expect(await page.getByRole("heading", { name: "Audit trail" }).locator("xpath=following-sibling::ol/li").count()).toBeGreaterThanOrEqual(3);

  await check(page, "merged.pdf", merged);
  await expect(page.getByText("signed PDF with signature certificate", { exact: true })).toBeVisible();
  await expect(verified(page)).toBeVisible();
});

test("a copy with one changed byte, and the unsigned original, are not verified", async ({ page }) => {
  await page.goto("/verify");
  await check(page, "tampered.pdf", flipByteInSignedRange(signed));
  await expect(notVerified(page)).toBeVisible();
  await expect(verified(page)).toHaveCount(0);
  // It names the document it claims to be, and nothing about it or its people.
  await expect(notVerified(page)).toContainText(`claims to be document ${doc.id}`);
  await expect(page.getByText(doc.name)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Signers" })).toHaveCount(0);
  await expect(page.getByText("Broken: the signed bytes were changed").first()).toBeVisible();

  await check(page, "original.pdf", original);
  await expect(notVerified(page)).toBeVisible();
  await expect(verified(page)).toHaveCount(0);

  // and the real file right after: verified again (the answer is per upload)
  await check(page, "signed.pdf", signed);
  await expect(verified(page)).toBeVisible();
  await expect(notVerified(page)).toHaveCount(0);
});

test("Verify without a file says to choose one", async ({ page }) => {
  await page.goto("/verify");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Choose a PDF file to verify.")).toBeVisible();
});

test("the report lists the file's signatures and downloads as a PDF", async ({ page }) => {
  await page.goto("/verify");
  await check(page, "signed.pdf", signed);
  await expect(verified(page)).toBeVisible();
  const signatures = page.getByRole("heading", { name: "Signatures in this file" }).locator("xpath=following-sibling::ol/li");
  await expect(signatures.first()).toContainText("made by this service");
  await expect(signatures.first()).toContainText("Intact");
  await expect(page.getByText(/^intact \(\d+ entries, matching the head sealed into this file\)$/)).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download this report (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^verification-report-[0-9a-f]{12}\.pdf$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});
