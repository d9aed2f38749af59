import "server-only";
import crypto from "node:crypto";
import { asc, eq, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { audits, documents, recipients, type users } from "@/lib/server/db/schema";
import { canAccessDocument } from "@/lib/server/documents/document-access";
import { maskEmail, maskName } from "./mask-personal-data";

type Found = { id: string; name: string; executedAt: Date | null; kind: "signed" | "merged" };

/**
 * What anyone holding a copy learns: the file is one this service executed,
 * unaltered, when, and that each signer signed, with names and addresses
 * masked ("C*** C***", "c***@c***.example"). The audit trail is reduced to
 * its events (no texts, which name people and addresses, and no IP addresses).
 */
export type PublicVerifyResult = {
  status: "match";
  access: "public";
  document: Found;
  signers: { name: string; email: string | null; signedAt: Date | null }[];
  audit: { time: Date; keyword: string; actor: string | null }[];
};

/** For a signed-in user who may see the document (its sender, or a party it is shared with): the full trail. */
export type FullVerifyResult = {
  status: "match";
  access: "full";
  document: Found & { dashboardPath: string };
  signers: { name: string; email: string | null; signedAt: Date | null }[];
  audit: { time: Date; keyword: string; actor: string | null; payload: string; ipAddress: string | null }[];
};

export type VerifyResult = PublicVerifyResult | FullVerifyResult | { status: "unknown" };

type User = typeof users.$inferSelect;

/**
 * The /verify check: is this exact file a signed or merged PDF this service
 * produced? Matching is by SHA-256 only, so a copy changed by a single byte is
 * "unknown". `viewer` is the service's signed-in user (the `sid` session), or
 * null: only a viewer with access to the document gets names, addresses, IP
 * addresses and the audit texts.
 */
export async function verifyUploadedPdf(db: Db, bytes: Uint8Array, viewer: User | null): Promise<VerifyResult> {
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
  const found: Found = { id: doc.id, name: doc.name, executedAt: doc.executedAt, kind: doc.signedPdfSha256 === hash ? "signed" : "merged" };
  const signers = people.filter((p) => !p.omitted);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const actor = (recipientId: string | null) => (recipientId ? (nameOf.get(recipientId) ?? null) : null);

  if (viewer && canAccessDocument(doc, viewer)) {
    return {
      status: "match",
      access: "full",
      document: { ...found, dashboardPath: `/documents/${doc.id}` },
      signers: signers.map((p) => ({ name: p.name, email: p.email, signedAt: p.signedAt })),
      audit: trail.map((a) => ({ time: a.createdAt, keyword: a.keyword, actor: actor(a.recipientId), payload: a.payload, ipAddress: a.ipAddress })),
    };
  }
  const masked = (name: string | null) => (name === null ? null : maskName(name));
  return {
    status: "match",
    access: "public",
    document: found,
    signers: signers.map((p) => ({ name: maskName(p.name), email: p.email ? maskEmail(p.email) : null, signedAt: p.signedAt })),
    audit: trail.map((a) => ({ time: a.createdAt, keyword: a.keyword, actor: masked(actor(a.recipientId)) })),
  };
}
