import "server-only";
import crypto from "node:crypto";
import { asc, eq, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { audits, documents, recipients, type users } from "@/lib/server/db/schema";
import { checkAuditChain, type ChainHead } from "@/lib/server/documents/audit-chain";
import { canAccessDocument } from "@/lib/server/documents/document-access";
import { maskEmail, maskName } from "@/lib/server/completion/mask-personal-data";
import { inspectPdfSignatures, type CertificateInfo, type SignatureReport } from "@/lib/server/pdf-signing/inspect-pdf-signatures";

// The verification report of /verify (page, PDF) and POST /verify (JSON):
// what a court, an auditor or a machine needs to trust a copy. Per signature
// in the file: integrity, signer and chain, timestamp, PAdES level, whether
// this service made it; for a document of ours, its signers, audit trail and
// whether that trail's hash chain is intact and matches the head sealed into
// the file. Snake case, like the rest of the public API.
//
// Privacy (issue 10, point 12): anyone may ask. Without access to the
// document, names and e-mail addresses are masked, audit entries are reduced
// to their events, and no IP address appears. A file that carries our
// signature but was changed names only the document id it claims: a forged
// file must not become a way to read another document's details.

export type Verdict =
  /** This exact file was sealed by this service, and the document's audit chain is intact. */
  | "verified"
  /** This exact file was sealed by this service, but the stored audit trail no longer matches its chain. */
  | "audit_trail_altered"
  /** The file carries this service's signature but is not the file it sealed: changed or added to after signing. */
  | "altered"
  /** Signed, but not by this service (each signature is still checked on its own). */
  | "not_executed_here"
  | "unsigned";

type Certificate = {
  subject: string;
  common_name: string | null;
  issuer: string;
  serial_number: string;
  not_before: string;
  not_after: string;
  sha256_fingerprint: string;
  self_signed: boolean;
};

export type SignatureJson = {
  kind: "signature" | "document_timestamp";
  field_name: string | null;
  sub_filter: string | null;
  byte_range: [number, number, number, number];
  integrity: {
    intact: boolean;
    digest_matches: boolean;
    signature_valid: boolean;
    covers_whole_document: boolean;
    bytes_appended_after: number;
  };
  signer: Certificate | null;
  chain: Certificate[];
  signing_time: string | null;
  timestamp: { time: string; authority: string | null; valid: boolean } | null;
  pades_level: string | null;
  issued_by_this_service: boolean;
  problems: string[];
};

export type AuditChainJson = {
  intact: boolean;
  length: number;
  head: ChainHead | null;
  /** The head written into this file when it was sealed (null for files sealed before the chain existed). */
  sealed_head: (ChainHead & { matches: boolean }) | null;
  problems: { seq: number | null; problem: string }[];
};

type Person = { name: string; email: string | null; signed_at: Date | null };
type PublicEntry = { seq: number | null; time: Date; keyword: string; actor: string | null };
type FullEntry = PublicEntry & { payload: string; ip_address: string | null };

export type DocumentJson = {
  id: string;
  /** Null when the file is not exactly one we sealed and the viewer has no access. */
  name: string | null;
  executed_at: Date | null;
  /** Which of the document's sealed files this is; null when it is neither. */
  file: "signed" | "merged" | null;
  signature_level: string | null;
  dashboard_path?: string;
  signers: Person[];
  audit: (PublicEntry | FullEntry)[];
  audit_chain: AuditChainJson;
};

export type VerificationReport = {
  verdict: Verdict;
  /** One sentence for a person. */
  summary: string;
  access: "public" | "full";
  file: { sha256: string; size: number };
  signatures: SignatureJson[];
  document: DocumentJson | null;
  generated_at: Date;
};

type User = typeof users.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;

/** Builds the report for an uploaded file. `viewer`: the signed-in user of the service (`sid` session), or null. */
export async function buildVerificationReport(db: Db, bytes: Uint8Array, viewer: User | null): Promise<VerificationReport> {
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const { signatures, marks } = await inspectPdfSignatures(bytes);
  const ours = signatures.filter((s) => s.issuedByThisService);

  const [exact] = await db
    .select()
    .from(documents)
    .where(or(eq(documents.signedPdfSha256, sha256), eq(documents.mergedPdfSha256, sha256)))
    .limit(1);
  // A changed copy is tied to a document only by our own signature and the id it claims.
  const claimed = !exact && ours.length && marks.documentId ? await getDocument(db, marks.documentId) : null;
  const doc = exact ?? claimed ?? null;
  const full = !!doc && !!viewer && canAccessDocument(doc, viewer);

  const base = { access: full ? ("full" as const) : ("public" as const), file: { sha256, size: bytes.byteLength }, signatures: signatures.map(signatureJson), generated_at: new Date() };
  if (!doc) {
    if (!signatures.length) return { ...base, verdict: "unsigned", summary: "Not verified: this file has no digital signature, so it is not a document this service executed.", document: null };
    if (ours.length) {
      return { ...base, verdict: "altered", summary: `Not verified: this file carries this service's signature, but it is not a file the service sealed: ${alterationOf(signatures)}.`, document: null };
    }
    return { ...base, verdict: "not_executed_here", summary: "Not verified: this file was signed, but not by this service. Its signatures are checked below.", document: null };
  }

  const documentJson = await documentPart(db, doc, { exact: !!exact, sha256, full, anchor: exact ? marks.auditHead : null });
  if (!exact) {
    return {
      ...base,
      verdict: "altered",
      summary: `Not verified: this file claims to be document ${doc.id} of this service, but it was changed after signing: ${alterationOf(signatures)}.`,
      document: documentJson,
    };
  }
  const name = `“${doc.name}”`;
  if (!documentJson.audit_chain.intact) {
    return {
      ...base,
      verdict: "audit_trail_altered",
      summary: `Not verified: this file is the one this service sealed for ${name}, but the stored audit trail was changed afterwards (${documentJson.audit_chain.problems[0]?.problem ?? "its chain is broken"}).`,
      document: documentJson,
    };
  }
  return { ...base, verdict: "verified", summary: `Verified: ${name} was executed by this service and this file is unaltered.`, document: documentJson };
}

async function getDocument(db: Db, id: string): Promise<DocumentRow | null> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return doc ?? null;
}

/** What changed, said as precisely as the signatures allow. */
function alterationOf(signatures: SignatureReport[]): string {
  const broken = signatures.find((s) => !s.integrity.digestMatches || !s.integrity.signatureValid);
  if (broken) return "bytes covered by a signature were changed";
  const last = signatures.at(-1);
  if (last && !last.integrity.coversWholeDocument) return `${last.integrity.bytesAppendedAfter} bytes were added after the last signature`;
  return "its fingerprint matches no file the service sealed";
}

async function documentPart(
  db: Db,
  doc: DocumentRow,
  o: { exact: boolean; sha256: string; full: boolean; anchor: ChainHead | null },
): Promise<DocumentJson> {
  const [people, trail] = await Promise.all([
    db.select().from(recipients).where(eq(recipients.documentId, doc.id)).orderBy(asc(recipients.sequence), asc(recipients.createdAt)),
    db.select().from(audits).where(eq(audits.documentId, doc.id)).orderBy(asc(audits.seq), asc(audits.id)),
  ]);
  const check = checkAuditChain(
    trail.map((a) => ({ ...a, seq: a.seq ?? 0 })),
    o.anchor,
  );
  const audit_chain: AuditChainJson = {
    intact: check.intact,
    length: check.length,
    head: check.head,
    sealed_head: check.anchor ?? null,
    problems: check.problems,
  };
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const signers = people.filter((p) => !p.omitted);
  const file = !o.exact ? null : doc.signedPdfSha256 === o.sha256 ? ("signed" as const) : ("merged" as const);
  const common = { id: doc.id, executed_at: doc.executedAt, file, signature_level: doc.signatureLevel, audit_chain };
  if (o.full) {
    return {
      ...common,
      name: doc.name,
      dashboard_path: `/documents/${doc.id}`,
      signers: signers.map((p) => ({ name: p.name, email: p.email, signed_at: p.signedAt })),
      audit: trail.map((a) => ({
        seq: a.seq,
        time: a.createdAt,
        keyword: a.keyword,
        actor: a.recipientId ? (nameOf.get(a.recipientId) ?? null) : null,
        payload: a.payload,
        ip_address: a.ipAddress,
      })),
    };
  }
  if (!o.exact) {
    // A changed copy: the id it claims and the state of the trail, nothing about people.
    return { ...common, name: null, signers: [], audit: [] };
  }
  const actor = (recipientId: string | null) => {
    const name = recipientId ? nameOf.get(recipientId) : undefined;
    return name === undefined ? null : maskName(name);
  };
  return {
    ...common,
    name: doc.name,
    signers: signers.map((p) => ({ name: maskName(p.name), email: p.email ? maskEmail(p.email) : null, signed_at: p.signedAt })),
    audit: trail.map((a) => ({ seq: a.seq, time: a.createdAt, keyword: a.keyword, actor: actor(a.recipientId) })),
  };
}

const certificateJson = (c: CertificateInfo): Certificate => ({
  subject: c.subject,
  common_name: c.commonName,
  issuer: c.issuer,
  serial_number: c.serialNumber,
  not_before: c.notBefore,
  not_after: c.notAfter,
  sha256_fingerprint: c.sha256Fingerprint,
  self_signed: c.selfSigned,
});

function signatureJson(s: SignatureReport): SignatureJson {
  const i = s.integrity;
  return {
    kind: s.kind === "document-timestamp" ? "document_timestamp" : "signature",
    field_name: s.fieldName,
    sub_filter: s.subFilter,
    byte_range: s.byteRange,
    integrity: {
      intact: i.digestMatches && i.signatureValid && i.byteRangeWellFormed,
      digest_matches: i.digestMatches,
      signature_valid: i.signatureValid,
      covers_whole_document: i.coversWholeDocument,
      bytes_appended_after: i.bytesAppendedAfter,
    },
    signer: s.signer ? certificateJson(s.signer) : null,
    chain: s.chain.map(certificateJson),
    signing_time: s.signingTime,
    timestamp: s.timestamp ? { time: s.timestamp.time, authority: s.timestamp.tsaName, valid: s.timestamp.tokenValid && s.timestamp.imprintMatches } : null,
    pades_level: s.padesLevel,
    issued_by_this_service: s.issuedByThisService,
    problems: s.problems,
  };
}
