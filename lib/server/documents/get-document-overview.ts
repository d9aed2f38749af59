import "server-only";
import { asc, eq } from "drizzle-orm";
import type { DocumentOverview } from "@/lib/api/document-actions";
import type { DocumentState } from "@/lib/api/common";
import { apiTimeOrNull } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import { recipients, type users } from "@/lib/server/db/schema";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import { signUrl } from "@/lib/server/signing/signer-token";
import { getAccessibleDocumentOrThrow, type DocumentRow } from "./document-access";

type User = typeof users.$inferSelect;
type Recipient = typeof recipients.$inferSelect;

/**
 * What the detail page shows beyond the spec's document: decline reasons,
 * the signed pages, where a corrected copy came from, and whether the caller
 * can sign now. Anyone who may see the document reads it (the reasons are in
 * its audit trail already); only the sender gets `sign_now`, whose link is a
 * credential.
 */
export async function getDocumentOverview(db: Db, user: User, id: string): Promise<DocumentOverview> {
  const doc = await getAccessibleDocumentOrThrow(db, user, id);
  const people = await db.select().from(recipients).where(eq(recipients.documentId, id)).orderBy(asc(recipients.sequence), asc(recipients.createdAt));
  const mine = doc.senderUserId === user.id ? signerNow(doc, people, user) : null;
  return {
    id: doc.id,
    state: doc.state as DocumentState,
    corrected_from_id: doc.correctedFromId,
    // Only once executed: a document's signed pages exist only then, but say so explicitly.
    signed_page_image_urls: doc.state === "executed" ? doc.signedPages.map((p) => signedFileUrl(p.imageKey)) : [],
    recipients: people.map((r) => ({ id: r.id, decline_reason: r.declineReason, declined_at: apiTimeOrNull(r.declinedAt), is_sender: r.isSender })),
    sign_now: mine ? { recipient_id: mine.id, sign_url: signUrl(mine) } : null,
  };
}

/**
 * The recipient the sender signs as whose turn it is now: one marked as the
 * sender, or one with the sender's own address (confirmed: an unconfirmed
 * user cannot sign in at all). With sequencing only the current signer;
 * otherwise anyone who has not signed. The signer page applies the same rule.
 */
export function signerNow(doc: DocumentRow, people: Recipient[], user: User, now = new Date()): Recipient | null {
  if (doc.state !== "pending" || doc.expiresAt.getTime() <= now.getTime()) return null;
  const email = user.emailConfirmedAt ? user.email.toLowerCase() : null;
  const isMe = (r: Recipient) => r.isSender || (email !== null && r.email?.toLowerCase() === email);
  const open = people.filter((r) => r.status === "pending" && !r.omitted && isMe(r));
  return (doc.signerSequencing ? open.find((r) => r.id === doc.currentSignerId) : open[0]) ?? null;
}
