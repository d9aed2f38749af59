import type { ArchivedDocument } from "@/lib/api/archived-document";
import type { ReactNode } from "react";
import { DateTime } from "@/components/dashboard/time-zone";
import { Section } from "@/components/dashboard/section";
import { AuditTimeline } from "@/components/documents/audit-timeline";
import { StateBadge } from "@/components/documents/state-badge";
import { ArchivedSigners } from "./archived-signers";

/** An archived record as the API answers it (spec 2.5), read-only. */
export function ArchivedDocumentView({ doc }: { doc: ArchivedDocument }) {
  const tags = Object.entries(doc.tags);
  const facts: [string, ReactNode][] = [
    ["Original GUID", doc.original_guid],
    ["Sender", doc.sender_email || "—"],
    ["Sent", <DateTime value={doc.document_sent_at} />],
    ["Executed", <DateTime value={doc.document_executed_at} />],
    ["Expires", <DateTime value={doc.document_expires_at} />],
    ["Shared with", doc.shared_with.length ? doc.shared_with.join(", ") : "No one"],
    ["Tags", tags.length ? tags.map(([k, v]) => (v === null ? k : `${k}: ${v}`)).join(" · ") : "None"],
    ["Page size", doc.image_width && doc.image_height ? `${doc.image_width} × ${doc.image_height} px` : "—"],
  ];
  return (
    <article aria-labelledby="archived-title" className="space-y-6">
      <header className="space-y-1">
        <h2 id="archived-title" className="text-xl font-semibold">
          {doc.name}
        </h2>
        <StateBadge state={doc.document_state} />
      </header>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{k}</dt>
            <dd className="mt-0.5 break-words">{v}</dd>
          </div>
        ))}
      </dl>
      <Section id="archived-files" title="Files">
        <ul className="space-y-1 text-sm">
          {doc.signed_pdf_url ? (
            <li>
              <a className="font-medium text-brand-700 hover:underline" href={doc.signed_pdf_url}>
                Signed PDF
              </a>
            </li>
          ) : (
            <li className="text-slate-600">No signed PDF in the archive.</li>
          )}
          {[...doc.page_images]
            .sort((a, b) => a.page_number - b.page_number)
            .map((p) => (
              <li key={p.page_number}>
                Page {p.page_number}:{" "}
                <a className="text-brand-700 hover:underline" href={p.original}>
                  full size
                </a>{" "}
                ·{" "}
                <a className="text-brand-700 hover:underline" href={p.thumbnail}>
                  thumbnail
                </a>
              </li>
            ))}
        </ul>
      </Section>
      <Section id="archived-signers" title="Signers">
        <ArchivedSigners signers={doc.signers} />
      </Section>
      <Section id="archived-audits" title="Audit trail">
        <AuditTimeline audits={doc.audits} />
      </Section>
    </article>
  );
}
