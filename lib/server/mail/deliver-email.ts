import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { outboxEmails } from "@/lib/server/db/schema";
import { env } from "@/lib/env";

const g = globalThis as unknown as { __transport?: Promise<import("nodemailer").Transporter> };

async function transport() {
  g.__transport ??= import("nodemailer").then((m) => m.default.createTransport(env().SMTP_URL));
  return g.__transport;
}

/** The send-email job: hands a queued outbox message to SMTP once. */
export async function deliverEmail(db: Db, emailId: string) {
  const [email] = await db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.id, emailId), eq(outboxEmails.status, "queued")))
    .limit(1);
  if (!email || !env().SMTP_URL) return;
  try {
    await (await transport()).sendMail({ from: env().MAIL_FROM, to: email.to, subject: email.subject, text: email.text, html: email.html });
    await db.update(outboxEmails).set({ status: "sent", sentAt: new Date(), error: null }).where(eq(outboxEmails.id, email.id));
  } catch (err) {
    await db
      .update(outboxEmails)
      .set({ error: err instanceof Error ? err.message : String(err) })
      .where(eq(outboxEmails.id, email.id));
    throw err; // pg-boss retries with backoff
  }
}
