import type { DocumentResource } from "@/lib/api/documents";

/**
 * The document's files. The signed PDF appears once the document is executed
 * and its files are produced; the certificates are there from the start (the
 * API answers the audit trail so far until then), labelled as drafts.
 */
export function DocumentDownloads({ doc }: { doc: DocumentResource }) {
  const soFar = doc.signed_pdf_url ? "" : " so far";
  const files = [
    { label: "Original file", url: doc.original_file_url },
    { label: "Signed PDF", url: doc.signed_pdf_url },
    { label: `Signature certificate${soFar}`, url: doc.signature_certificate_url },
    { label: `Document with certificate${soFar}`, url: doc.merged_document_certificate_url },
  ].filter((f): f is { label: string; url: string } => Boolean(f.url));
  return (
    <div className="space-y-2">
      <ul className="space-y-1">
        {files.map((f) => (
          <li key={f.label}>
            <a href={f.url} className="text-sm font-medium text-brand-700 hover:underline" download>
              {f.label}
            </a>
          </li>
        ))}
      </ul>
      {doc.state === "executed" && !doc.signed_pdf_url ? (
        <p className="text-xs text-slate-500" role="status">
          The signed PDF and certificate are being produced…
        </p>
      ) : doc.state !== "executed" ? (
        <p className="text-xs text-slate-500">The signed PDF and the final certificate are available once everyone has signed.</p>
      ) : null}
    </div>
  );
}
