import type { DocumentResource } from "@/lib/api/documents";

/** The document's files that exist now; the signed ones appear once the document is executed and they are produced. */
export function DocumentDownloads({ doc }: { doc: DocumentResource }) {
  const files = [
    { label: "Original file", url: doc.original_file_url },
    { label: "Signed PDF", url: doc.signed_pdf_url },
    { label: "Signature certificate", url: doc.signature_certificate_url },
    { label: "Document with certificate", url: doc.merged_document_certificate_url },
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
        <p className="text-xs text-slate-500">The signed PDF and certificate are available once everyone has signed.</p>
      ) : null}
    </div>
  );
}
