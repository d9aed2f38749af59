import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { recipients } from "@/lib/server/db/schema";
import { recordDocumentCallback } from "@/lib/server/callbacks/record-callback";
import { recordAudit } from "@/lib/server/documents/record-audit";
import { notifySender } from "@/lib/server/notifications/notify-sender";
import { dispatchSideEffects } from "@/lib/server/sending/after-commit";
import { isOpenForSigning, type SignerContext } from "./signer-context";

/** `viewed`: the first time each signer opens an open document (audit + callback + the sender's notice). */
export async function recordFirstView(db: Db, ctx: SignerContext, origin: { ipAddress: string | null; userAgent: string | null }) {
  if (ctx.signer.viewedAt || !isOpenForSigning(ctx.doc)) return;
  const effects = await db.transaction(async (tx) => {
    const [first] = await tx
      .update(recipients)
      .set({ viewedAt: new Date() })
      .where(and(eq(recipients.id, ctx.signer.id), isNull(recipients.viewedAt)))
      .returning();
    if (!first) return null;
    await recordAudit(tx, {
      documentId: ctx.doc.id,
      accountId: ctx.doc.accountId,
      recipientId: ctx.signer.id,
      keyword: "viewed",
      payload: `${ctx.signer.name}${ctx.signer.email ? ` (${ctx.signer.email})` : ""} opened the document.`,
      ...origin,
    });
    // Only the request whose update set viewed_at gets here: the sender hears of the first view once.
    const emailIds = await notifySender(tx, ctx.doc, { event: "viewed", signer: first, at: first.viewedAt ?? new Date() });
    return { emailIds, callbackIds: [await recordDocumentCallback(tx, { document: ctx.doc, event: "viewed" })] };
  });
  if (effects) await dispatchSideEffects(effects);
}
