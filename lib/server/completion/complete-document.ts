import "server-only";
import { eq } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Db } from "@/lib/server/db/client";
import { documents } from "@/lib/server/db/schema";
import { recordAudit } from "@/lib/server/documents/record-audit";
import { enqueue } from "@/lib/server/jobs/boss";
import { queueEmail } from "@/lib/server/mail/queue-email";
import { notifySender } from "@/lib/server/notifications/notify-sender";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import { getStorage, type Storage } from "@/lib/server/storage/storage";
import { completedEmail } from "./completed-email";
import { loadCompletionData, type CompletionData } from "./load-completion-data";
import { produceFiles, type CompletionFiles } from "./produce-files";
import { renderSignedPages, storeSignedPages } from "./signed-pages";

const LINK_TTL_SECONDS = 7 * 24 * 3600;

/** Fixed keys: a second run overwrites rather than leaving stray copies. */
export const completionKeys = (documentId: string) => ({
  signedPdfKey: `documents/${documentId}/signed.pdf`,
  certificateKey: `documents/${documentId}/certificate.pdf`,
  mergedPdfKey: `documents/${documentId}/merged.pdf`,
});

/**
 * The three files side by side (independent keys). Every write has ended
 * before this returns or throws: a failure rolls the transaction back and
 * frees the row lock, and a write of this run still under way could then land
 * on top of the files of the run that takes the lock next.
 */
export async function storeCompletionFiles(storage: Storage, keys: ReturnType<typeof completionKeys>, files: CompletionFiles) {
  const writes = await Promise.allSettled([
    storage.put(keys.signedPdfKey, files.signed, "application/pdf"),
    storage.put(keys.certificateKey, files.certificate, "application/pdf"),
    storage.put(keys.mergedPdfKey, files.merged, "application/pdf"),
  ]);
  const failed = writes.find((w) => w.status === "rejected");
  if (failed) throw failed.reason;
}

type Completion = Pick<
  typeof documents.$inferSelect,
  "signedPdfKey" | "certificateKey" | "mergedPdfKey" | "originalSha256" | "signedPdfSha256" | "mergedPdfSha256"
>;

const isComplete = (d: Completion) =>
  !!(d.signedPdfKey && d.certificateKey && d.mergedPdfKey && d.originalSha256 && d.signedPdfSha256 && d.mergedPdfSha256);

/**
 * The `complete-document` job: for an executed document, produces the signed
 * PDF (every answer drawn in, sealed with a PDF signature), the signature
 * certificate and the merged PDF (both together, sealed again), stores them,
 * records their SHA-256, writes a "completed" audit entry and e-mails every
 * signer a link to the signed PDF. Then, once the signed PDF is available,
 * the signed pages' images for the dashboard's preview (until they are
 * stored, and if they cannot be made, the preview shows the original pages).
 *
 * Idempotent: a document that already has its files and hashes is left
 * alone, and a second run racing the first waits on the row lock and then
 * finds the work done, so it never replaces files whose hashes were recorded.
 */
export async function completeDocument(db: Db, documentId: string): Promise<void> {
  const data = await loadCompletionData(db, documentId);
  if (!data || isComplete(data.doc)) return; // deleted, or already done by an earlier run
  if (data.doc.state !== "executed") {
    // Not an error to retry: nothing will make a voided or pending document complete.
    console.warn(`[complete-document] ${documentId} is ${data.doc.state}, not executed; nothing to produce.`);
    return;
  }

  const storage = getStorage();
  const original = await storage.get(data.doc.originalFileKey);
  if (!original) throw new Error(`The original PDF of document ${documentId} (${data.doc.originalFileKey}) is missing.`);

  const now = new Date();
  const appUrl = env().APP_URL;
  const files = await produceFiles(data, new Uint8Array(original.data), storage, {
    now,
    issuer: new URL(appUrl).host,
    contactInfo: appUrl,
  });

  const emailIds = await db.transaction(async (tx) => {
    // Row lock: the loser of two concurrent runs blocks here, then sees the winner's hashes and stops.
    const [row] = await tx.select().from(documents).where(eq(documents.id, documentId)).for("update");
    if (!row || isComplete(row)) return null;

    // Written inside the transaction so only the run that records the hashes writes the files.
    // If the commit then fails, the row stays incomplete and the retry overwrites them.
    const keys = completionKeys(documentId);
    await storeCompletionFiles(storage, keys, files);

    await tx
      .update(documents)
      .set({
        ...keys,
        originalSha256: files.originalSha256,
        signedPdfSha256: files.signedPdfSha256,
        mergedPdfSha256: files.mergedPdfSha256,
        signatureLevel: files.signatureLevel,
        updatedAt: now,
      })
      .where(eq(documents.id, documentId));
    await recordAudit(tx, {
      documentId,
      accountId: row.accountId,
      keyword: "completed",
      payload:
        `Signed PDF and signature certificate produced. SHA-256 of the original PDF: ${files.originalSha256}; ` +
        `of the signed PDF: ${files.signedPdfSha256}; of the signed PDF with certificate: ${files.mergedPdfSha256}.`,
    });
    const signerMail = await queueCompletedEmails(tx, data, keys.signedPdfKey, files, now);
    // The sender's "completed" notice (with the same 7-day link), in this transaction: once per completion.
    const senderMail = await notifySender(tx, row, {
      event: "completed",
      downloadUrl: signedDownloadUrl(data, keys.signedPdfKey, now),
      linkExpiresAt: new Date(now.getTime() + LINK_TTL_SECONDS * 1000),
      signedPdfSha256: files.signedPdfSha256,
      signerEmails: data.people.filter((p) => p.status === "signed" && p.email).map((p) => p.email!),
    });
    return [...signerMail, ...senderMail];
  });

  // Jobs only after the commit (on PGlite the queue would wait for the transaction).
  for (const emailId of emailIds ?? []) await enqueue("send-email", { emailId });
  if (emailIds) await storeSignedPreview(db, documentId, files.signed);
}

/**
 * The signed PDF's pages as images, for the dashboard's preview of an
 * executed document (documents.signed_pages). Made after the signed PDF is
 * recorded, so that signed_pdf_url never waits for them (rendering every page
 * costs more than the rest of completion: bench/completion). Not part of the
 * evidence: a run that stops before this leaves the original pages in the
 * preview, as for documents executed before these images existed.
 */
async function storeSignedPreview(db: Db, documentId: string, signed: Uint8Array) {
  const rendered = await renderSignedPages(documentId, signed);
  if (!rendered) return;
  const signedPages = await storeSignedPages(getStorage(), documentId, rendered);
  await db.update(documents).set({ signedPages }).where(eq(documents.id, documentId));
}

/** The time-limited (7 days) address of the signed PDF that the completion e-mails carry. */
function signedDownloadUrl(data: CompletionData, signedKey: string, now: Date) {
  const filename = `${data.doc.filename.replace(/\.[^.]+$/, "") || "document"}-signed.pdf`;
  return signedFileUrl(signedKey, { filename, ttlSeconds: LINK_TTL_SECONDS, now });
}

/** One message per signer address (someone holding two roles gets one); returns the ids that need SMTP delivery. */
async function queueCompletedEmails(db: Db, data: CompletionData, signedKey: string, files: CompletionFiles, now: Date) {
  const { doc } = data;
  const downloadUrl = signedDownloadUrl(data, signedKey, now);
  const linkExpiresAt = new Date(now.getTime() + LINK_TTL_SECONDS * 1000);
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const person of data.people) {
    if (person.status !== "signed" || !person.email || seen.has(person.email.toLowerCase())) continue;
    seen.add(person.email.toLowerCase());
    const message = completedEmail({
      documentName: doc.name,
      senderName: data.sender.name,
      recipientName: person.name,
      downloadUrl,
      linkExpiresAt,
      signedPdfSha256: files.signedPdfSha256,
    });
    const email = await queueEmail(db, {
      accountId: doc.accountId,
      documentId: doc.id,
      recipientId: person.id,
      causedByUserId: doc.senderUserId,
      kind: "completed",
      to: person.email,
      ...message,
    });
    if (email.needsDelivery) ids.push(email.id);
  }
  return ids;
}
