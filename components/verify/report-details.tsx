import type { ReportDocument, ReportSignature, VerificationReport } from "./report-types";

const when = (iso: string | null) => (iso ? new Date(iso).toUTCString() : "—");

/** The verification report on the page: verdict, each signature, and for our documents the signers, chain and trail. */
export function ReportDetails({ report }: { report: VerificationReport }) {
  const good = report.verdict === "verified";
  return (
    <section className={`space-y-5 rounded-lg bg-white p-4 ring-1 ${good ? "ring-emerald-300" : "ring-amber-300"}`}>
      <p role="status" className={`font-semibold ${good ? "text-emerald-700" : "text-amber-800"}`}>
        {report.summary}
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="text-slate-500">SHA-256</dt>
        <dd className="font-mono text-xs">{report.file.sha256}</dd>
        {report.document ? <DocumentFacts doc={report.document} /> : null}
      </dl>
      <Signatures signatures={report.signatures} />
      {report.document ? <DocumentDetails doc={report.document} access={report.access} /> : null}
    </section>
  );
}

function DocumentFacts({ doc }: { doc: ReportDocument }) {
  return (
    <>
      <dt className="text-slate-500">Document id</dt>
      <dd className="font-mono">{doc.id}</dd>
      <dt className="text-slate-500">File</dt>
      <dd>{doc.file === "merged" ? "signed PDF with signature certificate" : doc.file === "signed" ? "signed PDF" : "not a file this service sealed"}</dd>
      <dt className="text-slate-500">Executed</dt>
      <dd>{when(doc.executed_at)}</dd>
      <dt className="text-slate-500">Signature level</dt>
      <dd>{doc.signature_level ? `PAdES ${doc.signature_level}` : "—"}</dd>
      <dt className="text-slate-500">Audit chain</dt>
      <dd>
        {doc.audit_chain.intact
          ? `intact (${doc.audit_chain.length} entries${doc.audit_chain.sealed_head ? ", matching the head sealed into this file" : ""})`
          : `broken: ${doc.audit_chain.problems.map((p) => p.problem).join("; ")}`}
      </dd>
    </>
  );
}

function Signatures({ signatures }: { signatures: ReportSignature[] }) {
  return (
    <div>
      <h2 className="mb-1 text-sm font-medium">Signatures in this file</h2>
      {signatures.length === 0 ? (
        <p className="text-sm text-slate-600">None: the file is not digitally signed.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {signatures.map((s, i) => (
            <li key={i} className="rounded-md bg-slate-50 p-2 [overflow-wrap:anywhere]">
              <p className="font-medium">
                {s.kind === "document_timestamp" ? "Document timestamp" : "Signature"}
                {s.pades_level ? ` · PAdES ${s.pades_level}` : ""}
                {s.issued_by_this_service ? " · made by this service" : ""}
              </p>
              <p>
                {s.integrity.intact ? "Intact" : "Broken: the signed bytes were changed"}
                {s.integrity.intact && !s.integrity.covers_whole_document ? ` · ${s.integrity.bytes_appended_after} bytes were added after it` : ""}
              </p>
              <p className="text-slate-600">
                {s.signer ? `By ${s.signer.common_name ?? s.signer.subject}, certificate valid ${when(s.signer.not_before)} to ${when(s.signer.not_after)}` : "No signer certificate"}
              </p>
              <p className="text-slate-600">
                {s.timestamp
                  ? `Timestamp ${when(s.timestamp.time)} by ${s.timestamp.authority ?? "an unnamed authority"}${s.timestamp.valid ? "" : " (invalid)"}`
                  : `No timestamp${s.signing_time ? `; the signer's clock said ${when(s.signing_time)}` : ""}`}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** An event of the public trail, which has no texts: "signed by C*** C***". */
function describeEvent(a: ReportDocument["audit"][number]) {
  if ("payload" in a) return a.payload;
  return a.actor ? `${a.keyword} by ${a.actor}` : a.keyword;
}

function DocumentDetails({ doc, access }: { doc: ReportDocument; access: VerificationReport["access"] }) {
  if (!doc.signers.length && !doc.audit.length) return null;
  return (
    <>
      <div>
        <h2 className="mb-1 text-sm font-medium">Signers</h2>
        <ul className="text-sm">
          {doc.signers.map((s, i) => (
            <li key={i}>
              {s.name} {s.email ? `(${s.email})` : ""} — {s.signed_at ? `signed ${when(s.signed_at)}` : "did not sign"}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="mb-1 text-sm font-medium">Audit trail</h2>
        <ol className="space-y-1 text-sm [overflow-wrap:anywhere]">
          {doc.audit.map((a, i) => (
            <li key={i}>
              <span className="text-slate-500">{when(a.time)}</span> · {describeEvent(a)}
              {"ip_address" in a && a.ip_address ? <span className="text-slate-500"> · {a.ip_address}</span> : null}
            </li>
          ))}
        </ol>
      </div>
      {access === "full" ? (
        doc.dashboard_path ? (
          <p className="text-sm">
            <a className="text-brand-700 underline" href={doc.dashboard_path}>
              Open this document in the dashboard
            </a>
          </p>
        ) : null
      ) : (
        <p className="text-sm text-slate-600">
          Names and e-mail addresses are masked and the audit trail shows events only.{" "}
          <a className="text-brand-700 underline" href="/login?next=%2Fverify">
            Sign in
          </a>{" "}
          as the sender or a party the document is shared with to see the full audit trail.
        </p>
      )}
    </>
  );
}
