// Pure (no I/O), so without "server-only": the verification code and tests use it directly.
import crypto from "node:crypto";

// The audit trail of a document is a hash chain: entry n stores the SHA-256 of
// its own content together with the hash of entry n-1. Editing a stored entry
// changes its hash; deleting one leaves a gap in `seq` or a `prevHash` that no
// longer matches; inserting one breaks the link of the entry after it. The
// head (last seq and hash) at execution is written into the sealed PDFs, so
// even rewriting the whole chain in the database is caught against a file.

/** Version tag inside every hashed text: a future change of the content rules stays verifiable. */
const CHAIN_VERSION = "audit-chain-v1";

/** What an entry's hash covers: every stored column except the database's own row id. */
export type ChainedContent = {
  documentId: string;
  accountId: string;
  seq: number;
  keyword: string;
  payload: string;
  userId: string | null;
  recipientId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
};

export type ChainedEntry = ChainedContent & { prevHash: string | null; hash: string | null };

export type ChainHead = { seq: number; hash: string };

/** SHA-256 (hex) of an entry: the version, the previous hash and the content as a JSON array (fixed order, no key ambiguity). */
export function auditEntryHash(prevHash: string | null, c: ChainedContent): string {
  const content = JSON.stringify([
    CHAIN_VERSION,
    prevHash ?? "",
    c.documentId,
    c.accountId,
    c.seq,
    c.keyword,
    c.payload,
    c.userId ?? null,
    c.recipientId ?? null,
    c.ipAddress ?? null,
    c.userAgent ?? null,
    c.createdAt.toISOString(),
  ]);
  return crypto.createHash("sha256").update(content, "utf8").digest("hex");
}

export type ChainProblem = { seq: number | null; problem: string };

export type ChainCheck = {
  intact: boolean;
  length: number;
  head: ChainHead | null;
  problems: ChainProblem[];
  /** Set when an anchor (the head written into a sealed PDF) was given. */
  anchor?: { seq: number; hash: string; matches: boolean };
};

/**
 * Checks a document's entries (any order; sorted here by seq) from the first:
 * positions 1, 2, 3… without gaps, each `prevHash` equal to the hash before,
 * each `hash` equal to the recomputed one. With `anchor`, the entry at its seq
 * must exist and carry exactly its hash (so entries deleted or rewritten up to
 * the moment the PDF was sealed are caught even if the chain was recomputed).
 */
export function checkAuditChain(entries: readonly ChainedEntry[], anchor?: ChainHead | null): ChainCheck {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const problems: ChainProblem[] = [];
  let prev: string | null = null;
  sorted.forEach((e, i) => {
    const expectedSeq = i + 1;
    if (e.seq !== expectedSeq) problems.push({ seq: e.seq, problem: `entry ${expectedSeq} is missing (found ${e.seq} in its place)` });
    if (!e.hash) problems.push({ seq: e.seq, problem: `entry ${e.seq} has no hash` });
    else {
      if ((e.prevHash ?? null) !== prev) problems.push({ seq: e.seq, problem: `entry ${e.seq} does not link to the entry before it` });
      if (auditEntryHash(e.prevHash ?? null, e) !== e.hash) problems.push({ seq: e.seq, problem: `entry ${e.seq} was changed after it was recorded` });
    }
    prev = e.hash;
  });
  const last = sorted.at(-1);
  const head = last?.hash ? { seq: last.seq, hash: last.hash } : null;
  const check: ChainCheck = { intact: problems.length === 0, length: sorted.length, head, problems };
  if (anchor) {
    const at = sorted.find((e) => e.seq === anchor.seq);
    const matches = !!at && at.hash === anchor.hash;
    if (!matches) {
      problems.push({
        seq: anchor.seq,
        problem: at
          ? `entry ${anchor.seq} differs from the one sealed into the PDF`
          : `entry ${anchor.seq}, sealed into the PDF, is missing`,
      });
    }
    check.anchor = { ...anchor, matches };
    check.intact = problems.length === 0;
  }
  return check;
}

/** How the head is written into a sealed PDF's document information ("seq:hash") and read back. */
export const formatChainHead = (head: ChainHead) => `${head.seq}:${head.hash}`;

export function parseChainHead(text: string | null | undefined): ChainHead | null {
  const m = /^(\d{1,9}):([0-9a-f]{64})$/.exec(text?.trim() ?? "");
  return m ? { seq: Number(m[1]), hash: m[2]! } : null;
}
