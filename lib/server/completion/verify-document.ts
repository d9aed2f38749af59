import "server-only";
import crypto from "node:crypto";
import { asc, eq, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { audits, documents, recipients } from "@/lib/server/db/schema";

export type VerifyResult =
  | {
      status: "match";
      document: { id: string; name: string; executedAt: Date | null; kind: "signed" | "merged" };
      audit: { time: Date; keyword: string; payload: string; ipAddress: string | null }[];
      signers: { name: string; email: string | null; signedAt: Date | null }[];
    }
  | { status: "unknown" };

/**
 * The public /verify check: is this exact file a signed or merged PDF this
 * service produced? Matching is by SHA-256 only, so a copy changed by a
 * single byte is "unknown".
 *
 * Anyone with a copy of the file can ask, so e-mail addresses are masked
 * (a***@example.com), in the signer list and inside audit texts alike: the
 * answer confirms who signed and when without handing out addresses.
 */
export async function verifyUploadedPdf(db: Db, bytes: Uint8Array): Promise<VerifyResult> {
  // Hashed here rather than via produce-files, so the public route does not load the PDF and signing code.
  const hash = crypto.createHash("sha256").update(bytes).digest("hex");
  const [doc] = await db
    .select()
    .from(documents)
    .where(or(eq(documents.signedPdfSha256, hash), eq(documents.mergedPdfSha256, hash)))
    .limit(1);
  if (!doc) return { status: "unknown" };

  const people = await db
    .select()
    .from(recipients)
    .where(eq(recipients.documentId, doc.id))
    .orderBy(asc(recipients.sequence), asc(recipients.createdAt));
  const trail = await db.select().from(audits).where(eq(audits.documentId, doc.id)).orderBy(asc(audits.createdAt), asc(audits.id));

  return {
    status: "match",
    document: { id: doc.id, name: doc.name, executedAt: doc.executedAt, kind: doc.signedPdfSha256 === hash ? "signed" : "merged" },
    audit: trail.map((a) => ({ time: a.createdAt, keyword: a.keyword, payload: maskEmailsIn(a.payload), ipAddress: a.ipAddress })),
    signers: people
      .filter((p) => !p.omitted)
      .map((p) => ({ name: p.name, email: p.email ? maskEmail(p.email) : null, signedAt: p.signedAt })),
  };
}

/** "alice@example.com" → "a***@example.com": the first letter of the local part and the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

const EMAIL_IN_TEXT = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/g;

export const maskEmailsIn = (text: string) => text.replace(EMAIL_IN_TEXT, maskEmail);
