import Link from "next/link";
import type { DocumentResource } from "@/lib/api/documents";
import { DateTime } from "@/components/dashboard/time-zone";
import { Table, Td, Th } from "@/components/ui/table";
import { StateBadge } from "./state-badge";

/** How many recipients have signed, as text with a bar that only repeats it. */
function SigningProgress({ doc }: { doc: DocumentResource }) {
  const total = doc.recipients.length;
  const signed = doc.recipients.filter((r) => r.status === "signed").length;
  return (
    <div className="min-w-16 space-y-1">
      <p className="whitespace-nowrap">
        {signed}/{total} signed
      </p>
      <div aria-hidden="true" className="h-1.5 w-full rounded-full bg-slate-200">
        <div className="h-1.5 rounded-full bg-green-600" style={{ width: `${total ? (signed / total) * 100 : 0}%` }} />
      </div>
    </div>
  );
}

export function DocumentsTable({ documents }: { documents: DocumentResource[] }) {
  return (
    <Table caption="Documents" captionHidden>
      <thead className="bg-slate-50">
        <tr>
          <Th>Document</Th>
          <Th>State</Th>
          <Th>Recipients</Th>
          <Th className="hidden sm:table-cell">Sent</Th>
          <Th className="hidden sm:table-cell">Expires</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {documents.map((d) => (
          <tr key={d.id} data-testid="document-row" className="hover:bg-slate-50">
            <Td className="max-w-xs">
              <Link href={`/documents/${d.id}`} className="font-medium text-brand-700 hover:underline">
                {d.name}
              </Link>
              <p className="truncate text-xs text-slate-500">{d.filename}</p>
              {/* On a phone the date columns are hidden; the dates move here. */}
              <p className="text-xs text-slate-500 sm:hidden">
                Sent <DateTime value={d.sent_at} empty="not yet" dateOnly /> · expires <DateTime value={d.expired_at} dateOnly />
              </p>
            </Td>
            <Td>
              <StateBadge state={d.state} />
            </Td>
            <Td>
              <SigningProgress doc={d} />
            </Td>
            <Td className="hidden whitespace-nowrap sm:table-cell"><DateTime value={d.sent_at} empty="Not sent" dateOnly /></Td>
            <Td className="hidden whitespace-nowrap sm:table-cell"><DateTime value={d.expired_at} dateOnly /></Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
