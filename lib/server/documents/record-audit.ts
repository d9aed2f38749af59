import "server-only";
import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { audits, documents } from "@/lib/server/db/schema";
import { auditEntryHash, type ChainedEntry } from "./audit-chain";

export type AuditInput = {
  documentId: string;
  accountId: string;
  keyword: string;
  payload: string;
  userId?: string | null;
  recipientId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** When it happened, if not now (a template sent "as executed" backdates its trail). */
  createdAt?: Date;
};

export async function recordAudit(db: Db, input: AuditInput) {
  await appendAudits(db, [input]);
}

/**
 * The only way entries enter a trail: each gets the next position of its
 * document's chain and the hash linking it to the entry before
 * (audit-chain.ts). Writers of one document are serialised by that
 * document's row lock, taken as FOR NO KEY UPDATE (the lock an UPDATE of the
 * document takes, which most callers already hold; it does not wait for the
 * key-share locks of rows being inserted beside it), and the unique
 * (document_id, seq) index stops a fork should anything bypass this.
 */
export async function appendAudits(db: Db, inputs: readonly AuditInput[]) {
  if (!inputs.length) return;
  // A savepoint inside the caller's transaction, or a transaction of its own: the lock must last until the insert.
  await db.transaction(async (tx) => {
    const documentIds = [...new Set(inputs.map((i) => i.documentId))].sort();
    await tx.select({ id: documents.id }).from(documents).where(inArray(documents.id, documentIds)).orderBy(asc(documents.id)).for("no key update");
    const heads = await tx
      .selectDistinctOn([audits.documentId], { documentId: audits.documentId, seq: audits.seq, hash: audits.hash })
      .from(audits)
      .where(inArray(audits.documentId, documentIds))
      .orderBy(audits.documentId, desc(audits.seq));
    const head = new Map(heads.map((h) => [h.documentId, { seq: h.seq ?? 0, hash: h.hash }]));
    const now = new Date();
    const rows = inputs.map((input) => {
      const before = head.get(input.documentId) ?? { seq: 0, hash: null };
      const entry = chainedEntry(input, before.seq + 1, before.hash, input.createdAt ?? now);
      head.set(input.documentId, { seq: entry.seq, hash: entry.hash });
      return entry;
    });
    await tx.insert(audits).values(rows);
  });
}

function chainedEntry(input: AuditInput, seq: number, prevHash: string | null, createdAt: Date): ChainedEntry & { hash: string } {
  const content = {
    documentId: input.documentId,
    accountId: input.accountId,
    seq,
    keyword: input.keyword,
    payload: input.payload,
    userId: input.userId ?? null,
    recipientId: input.recipientId ?? null,
    ipAddress: input.ipAddress ?? null,
    userAgent: input.userAgent ?? null,
    createdAt,
  };
  return { ...content, prevHash, hash: auditEntryHash(prevHash, content) };
}

/**
 * Chains entries written before the chain existed (migration 0008 numbered
 * them) or by an older instance during a rolling upgrade (no seq): per
 * document, under its lock, every entry from the first unhashed one on gets
 * its position and hash. Idempotent; run at start-up.
 */
export async function chainUnhashedAudits(db: Db, batch = 200): Promise<number> {
  let chained = 0;
  for (;;) {
    const pending = await db
      .selectDistinct({ documentId: audits.documentId })
      .from(audits)
      .where(or(isNull(audits.hash), isNull(audits.seq)))
      .limit(batch);
    if (!pending.length) return chained;
    for (const { documentId } of pending) chained += await chainDocument(db, documentId);
  }
}

async function chainDocument(db: Db, documentId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for("no key update");
    const trail = await tx.select().from(audits).where(eq(audits.documentId, documentId));
    // Numbered entries in their order, then unnumbered ones in the order they were written.
    trail.sort((a, b) => (a.seq ?? Infinity) - (b.seq ?? Infinity) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    let prevHash: string | null = null;
    let updated = 0;
    let rewriting = false;
    for (const [i, row] of trail.entries()) {
      rewriting ||= !row.hash || row.seq !== i + 1;
      if (rewriting) {
        const entry = chainedEntry(row, i + 1, prevHash, row.createdAt);
        await tx.update(audits).set({ seq: entry.seq, prevHash, hash: entry.hash }).where(and(eq(audits.id, row.id), eq(audits.documentId, documentId)));
        prevHash = entry.hash;
        updated++;
      } else prevHash = row.hash;
    }
    return updated;
  });
}

/** The caller's address as seen by the first proxy, for audit entries. */
export function requestOrigin(req: Request) {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return { ipAddress: forwarded || req.headers.get("x-real-ip") || null, userAgent: req.headers.get("user-agent") };
}
