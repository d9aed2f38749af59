import type { DocumentResource } from "@/lib/api/documents";

type Recipient = DocumentResource["recipients"][number];

export const REMINDER_LIMIT = 30;

/** Spec 4.7 allows 30 reminders per document; each one leaves a "reminder_sent" audit entry. */
export function remindersLeft(doc: DocumentResource): number {
  const sent = doc.audits.filter((a) => a.metadata.keyword === "reminder_sent").length;
  return Math.max(0, REMINDER_LIMIT - sent);
}

/**
 * Why this recipient cannot be reminded now, or null when they can. Mirrors
 * the API's rules (spec 4.7, docs/api-decisions.md) so the button is disabled
 * with a reason instead of failing; the API still has the last word.
 */
export function reminderBlockedReason(doc: DocumentResource, r: Recipient, ctx: { isSender: boolean; left: number; sequential: boolean | null }): string | null {
  if (!ctx.isSender) return "Only the sender can send reminders.";
  if (doc.state !== "pending") return `The document is ${doc.state}, not pending.`;
  if (r.status === "signed") return "Already signed.";
  if (r.status !== "pending") return `Their status is ${r.status}.`;
  // current_signer_id is "the recipient whose turn it is" (spec 2.1); it is
  // set on every document, but only a document signed in sequence makes the others wait.
  if (ctx.sequential !== false && doc.current_signer_id && doc.current_signer_id !== r.id) {
    const current = doc.recipients.find((x) => x.id === doc.current_signer_id);
    return current ? `Not their turn yet: waiting for ${current.name || current.role_name}.` : "Not their turn yet.";
  }
  if (!r.email) return "They have no e-mail address.";
  if (ctx.left <= 0) return `The limit of ${REMINDER_LIMIT} reminders for this document is reached.`;
  return null;
}

/**
 * Which of the detail page's actions apply to the document as it stands, so
 * the page offers only those (a signer cannot be reminded of, or locked out
 * of, a document that is executed, declined, voided, expired or not sent).
 * Sharing and tags apply in every state and are not listed.
 */
export function offeredActions(doc: Pick<DocumentResource, "state">, isSender: boolean) {
  const pending = doc.state === "pending";
  return {
    reminders: isSender && pending,
    pin: isSender && pending,
    /** Per pending recipient: their link, and a new name or address (which re-issues the link). */
    copyLink: isSender && pending,
    editRecipient: isSender && pending,
    correct: isSender && (doc.state === "declined" || doc.state === "expired"),
    deleteDraft: isSender && doc.state === "draft",
  };
}
export type OfferedActions = ReturnType<typeof offeredActions>;
