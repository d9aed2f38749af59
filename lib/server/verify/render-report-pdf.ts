import "server-only";
import { PDFDocument } from "pdf-lib";
import { utc, writer, type PageWriter } from "@/lib/server/completion/page-writer";
import type { SignatureJson, VerificationReport } from "./verification-report";

const iso = (s: string | null) => (s ? utc(new Date(s)) : "-");
const yesNo = (b: boolean) => (b ? "yes" : "no");

/**
 * The verification report as a PDF a person can file or print: the verdict,
 * the file's fingerprint, each signature, and for a document of ours its
 * signers, the state of its audit chain and its trail, exactly as the JSON
 * answer gives them to the same viewer (masked for the public).
 */
export async function renderReportPdf(report: VerificationReport): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Verification report - ${report.file.sha256.slice(0, 12)}`);
  pdf.setCreationDate(report.generated_at);
  const w = await writer(pdf);
  const bold = "bold" as const;

  w.line("Verification report", { font: bold, size: 20, after: 6 });
  w.line(`Made on ${utc(report.generated_at)}`, { size: 9, after: 6 });
  w.paragraph(report.summary, { font: bold, size: 11 });
  w.rule();

  w.heading("File");
  w.pair("SHA-256", report.file.sha256);
  w.pair("Size", `${report.file.size} bytes`);
  w.pair("Verdict", report.verdict.replaceAll("_", " "));

  w.heading(`Signatures (${report.signatures.length})`);
  if (!report.signatures.length) w.paragraph("The file has no digital signature.");
  report.signatures.forEach((s, i) => signature(w, s, i + 1));

  const doc = report.document;
  if (doc) {
    w.heading("Document");
    w.pair("Document ID", doc.id);
    if (doc.name !== null) w.pair("Name", doc.name);
    w.pair("Executed", utc(doc.executed_at));
    w.pair("This file", doc.file === "merged" ? "signed PDF with signature certificate" : doc.file === "signed" ? "signed PDF" : "not a file the service sealed");
    w.pair("PAdES level", doc.signature_level ?? "-");

    const chain = doc.audit_chain;
    w.heading("Audit chain");
    w.pair("Intact", yesNo(chain.intact));
    w.pair("Entries", String(chain.length));
    w.pair("Head", chain.head ? `${chain.head.seq}:${chain.head.hash}` : "-");
    w.pair("Sealed in file", chain.sealed_head ? `${chain.sealed_head.seq}:${chain.sealed_head.hash} (${chain.sealed_head.matches ? "matches" : "does not match"})` : "-");
    for (const p of chain.problems) w.pair("Problem", p.problem);

    if (doc.signers.length) {
      w.heading("Signers");
      for (const s of doc.signers) w.pair(s.name, `${s.email ?? "-"}  -  ${s.signed_at ? `signed ${utc(s.signed_at)}` : "did not sign"}`);
    }
    if (doc.audit.length) {
      w.heading("Audit trail");
      for (const a of doc.audit) {
        const payload = "payload" in a ? a.payload : a.actor ? `${a.keyword} by ${a.actor}` : a.keyword;
        w.event({ time: a.time, keyword: a.keyword, payload, ipAddress: "ip_address" in a ? a.ip_address : null });
      }
    }
  }
  w.finish(`Verification report - ${report.file.sha256.slice(0, 16)}`);
  return pdf.save();
}

function signature(w: PageWriter, s: SignatureJson, n: number) {
  w.keep(9 * 13 + 20);
  w.line(`${n}. ${s.kind === "document_timestamp" ? "Document timestamp" : "Signature"}${s.field_name ? ` (${s.field_name})` : ""}`, { font: "bold", size: 10.5, after: 2 });
  w.pair("Intact", `${yesNo(s.integrity.intact)} (digest ${s.integrity.digest_matches ? "matches" : "does not match"}, signature ${s.integrity.signature_valid ? "valid" : "invalid"})`);
  w.pair("Covers", s.integrity.covers_whole_document ? "the whole file" : `the file up to ${s.integrity.bytes_appended_after} bytes added after it`);
  w.pair("Signer", s.signer ? s.signer.subject : "-");
  w.pair("Issued by", s.signer ? s.signer.issuer : "-");
  w.pair("Valid", s.signer ? `${iso(s.signer.not_before)} to ${iso(s.signer.not_after)}` : "-");
  w.pair("Chain", s.chain.map((c) => c.common_name ?? c.subject).join("  >  ") || "-");
  w.pair("Signing time", iso(s.signing_time));
  w.pair("Timestamp", s.timestamp ? `${iso(s.timestamp.time)} by ${s.timestamp.authority ?? "an unnamed authority"}${s.timestamp.valid ? "" : " (invalid)"}` : "none");
  w.pair("PAdES level", s.pades_level ?? "-");
  w.pair("By this service", yesNo(s.issued_by_this_service));
  for (const p of s.problems) w.pair("Problem", p);
  w.gap(6);
}
