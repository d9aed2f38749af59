import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, users } from "@/lib/server/db/schema";
import { SigningError } from "./signing-error";
import { verifySignerToken } from "./signer-token";

export type SignerContext = {
  doc: typeof documents.$inferSelect;
  signer: typeof recipients.$inferSelect;
  people: (typeof recipients.$inferSelect)[];
  sender: { id: string; name: string; email: string };
};

/**
 * The signer's link is the only credential: a recipient id and the token
 * derived from it and the recipient's link version (signer-token.ts). The row
 * is read first because the version is in it; an unknown id and a wrong or
 * revoked token are refused alike.
 */
export async function getSignerContextOrThrow(db: Db, recipientId: string, token: string | null): Promise<SignerContext> {
  if (!token) throw SigningError.invalidLink();
  const [row] = await db
    .select({ signer: recipients, doc: documents, sender: { id: users.id, name: users.name, email: users.email } })
    .from(recipients)
    .innerJoin(documents, eq(documents.id, recipients.documentId))
    .innerJoin(users, eq(users.id, documents.senderUserId))
    .where(eq(recipients.id, recipientId))
    .limit(1);
  if (!row || !verifySignerToken(row.signer, token)) throw SigningError.invalidLink();
  const people = await db.select().from(recipients).where(eq(recipients.documentId, row.doc.id)).orderBy(asc(recipients.sequence), asc(recipients.createdAt));
  return { ...row, people };
}

/** Signing is open only while the document is pending and before its expiry. */
export const isOpenForSigning = (doc: SignerContext["doc"], now = new Date()) =>
  doc.state === "pending" && doc.expiresAt.getTime() > now.getTime();

/** Whose turn it is: with sequencing the current signer only; otherwise anyone who has not signed. */
export function turnOf(ctx: SignerContext, now = new Date()): "yours" | "waiting" | "done" | "closed" {
  if (ctx.signer.status === "signed" || ctx.signer.status === "declined") return "done";
  if (!isOpenForSigning(ctx.doc, now) || ctx.signer.omitted) return "closed";
  if (ctx.doc.signerSequencing && ctx.doc.currentSignerId !== ctx.signer.id) return "waiting";
  return "yours";
}

export function assertCanSignNow(ctx: SignerContext) {
  const turn = turnOf(ctx);
  if (turn === "closed") throw SigningError.closed(ctx.doc.state === "pending" ? "expired" : ctx.doc.state);
  if (turn === "done") throw new SigningError(409, `You have already ${ctx.signer.status} this document.`);
  if (turn === "waiting") {
    const current = ctx.people.find((p) => p.id === ctx.doc.currentSignerId);
    throw new SigningError(409, `It is not your turn yet: ${current?.name ?? "an earlier signer"} signs first.`);
  }
}
