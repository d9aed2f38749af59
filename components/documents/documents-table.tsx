import Link from "next/link";
import type { ReactNode } from "react";
import type { DocumentResource, DocumentSort } from "@/lib/api/documents";
import type { ActionResult } from "@/components/dashboard/action-result";
import { DateTime } from "@/components/dashboard/time-zone";
import { Table, Td, Th } from "@/components/ui/table";
import type { BulkOutcome } from "./bulk-contracts";
import { SelectAllCheckbox, SelectRowCheckbox } from "./bulk-selection";
import { currentSigners, namesOf } from "./current-signers";
import { SortButton } from "./documents-sort";
import { sortHref, type DocumentListParams } from "./list-params";
import { RowActions } from "./row-actions";
import { rowActionsDocument } from "./row-actions-document";
import { DocumentStateBadge } from "./state-badge";

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

/** A header that sorts by its column: a button inside, the order in aria-sort. */
function SortableTh({ params, sort, label, className = "" }: { params: DocumentListParams; sort: DocumentSort; label: string; className?: string }) {
  const active = params.sort === sort;
  return (
    <Th className={className} aria-sort={active ? (params.direction === "asc" ? "ascending" : "descending") : "none"}>
      <SortButton label={label} href={sortHref(params, sort)} active={active} direction={params.direction} />
    </Th>
  );
}

export type RemindAction = (ids: string[]) => Promise<ActionResult<BulkOutcome[]>>;

/**
 * The documents of one list page. Server-rendered; the checkboxes, sort
 * buttons and row actions are client leaves (selection state lives in
 * BulkSelectionProvider around this table and the bulk toolbar).
 */
export function DocumentsTable({
  documents,
  params,
  viewerEmail,
  remind,
}: {
  documents: DocumentResource[];
  params: DocumentListParams;
  viewerEmail: string;
  remind: RemindAction;
}) {
  const isSender = (d: DocumentResource) => d.sender.email.toLowerCase() === viewerEmail.toLowerCase();
  return (
    <Table caption="Documents" captionHidden>
      <thead className="bg-slate-50">
        <tr>
          <Th className="w-8">
            <SelectAllCheckbox />
          </Th>
          <SortableTh params={params} sort="name" label="Document" />
          <SortableTh params={params} sort="state" label="State" className="hidden sm:table-cell" />
          <Th className="hidden md:table-cell">Recipients</Th>
          <SortableTh params={params} sort="sent_at" label="Sent" className="hidden sm:table-cell" />
          <SortableTh params={params} sort="expired_at" label="Expires" className="hidden sm:table-cell" />
          <Th>Actions</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {documents.map((d) => (
          <tr key={d.id} data-testid="document-row" data-document-id={d.id} className="hover:bg-slate-50">
            <Td>
              <SelectRowCheckbox id={d.id} name={d.name} />
            </Td>
            <Td className="max-w-xs">
              <Link href={`/documents/${d.id}`} className="font-medium break-words text-brand-700 hover:underline">
                {d.name}
              </Link>
              <p className="truncate text-xs text-slate-500">{d.filename}</p>
              {/* On a phone the date and recipient columns are hidden; what they say moves here. */}
              <p className="text-xs text-slate-500 sm:hidden">
                Sent <DateTime value={d.sent_at} empty="not yet" dateOnly /> · expires <DateTime value={d.expired_at} dateOnly />
              </p>
              <p className="text-xs text-slate-500 md:hidden">
                {d.recipients.filter((r) => r.status === "signed").length}/{d.recipients.length} signed
              </p>
              {/* So is the state: three columns fit a phone (select, document, actions). */}
              <div className="mt-1 sm:hidden">
                <DocumentStateBadge state={d.state} />
                <WaitingHint doc={d} />
              </div>
            </Td>
            <Td className="hidden sm:table-cell">
              <DocumentStateBadge state={d.state} />
              <WaitingHint doc={d} testId="waiting-for" />
            </Td>
            <Td className="hidden md:table-cell">
              <SigningProgress doc={d} />
            </Td>
            <Td className="hidden whitespace-nowrap sm:table-cell">
              <DateTime value={d.sent_at} empty="Not sent" dateOnly />
            </Td>
            <Td className="hidden whitespace-nowrap sm:table-cell">
              <DateTime value={d.expired_at} dateOnly />
            </Td>
            <Td>
              <RowActions doc={rowActionsDocument(d, isSender(d))} isSender={isSender(d)} remind={remind} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** "Waiting for Rita Remind" under a pending document's state. */
function WaitingHint({ doc, testId }: { doc: DocumentResource; testId?: string }): ReactNode {
  const waiting = currentSigners(doc);
  if (!waiting.length) return null;
  return (
    <p className="mt-1 max-w-40 text-xs break-words text-slate-600" data-testid={testId}>
      Waiting for {namesOf(waiting)}
    </p>
  );
}
