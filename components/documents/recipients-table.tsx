import type { DocumentResource } from "@/lib/api/documents";
import type { ActionResult } from "@/components/dashboard/action-result";
import { Table, Td, Th } from "@/components/ui/table";
import { RemindButton } from "./remind-button";
import { reminderBlockedReason } from "./reminder-rules";
import { StateBadge } from "./state-badge";

/** The recipients in signing order, their status, and a reminder action each. */
export function RecipientsTable({
  doc,
  isSender,
  left,
  remindAction,
}: {
  doc: DocumentResource;
  isSender: boolean;
  left: number;
  remindAction: (signerId: string) => Promise<ActionResult<{ status: string }>>;
}) {
  const ordered = [...doc.recipients].sort((a, b) => a.sequence - b.sequence);
  return (
    <Table caption="Recipients" captionHidden>
      <thead className="bg-slate-50">
        <tr>
          <Th>Order</Th>
          <Th>Recipient</Th>
          <Th>Status</Th>
          <Th>Reminder</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {ordered.map((r) => (
          <tr key={r.id} data-testid="recipient-row">
            <Td className="whitespace-nowrap">
              {/* The API numbers from 0; people count from 1. */}
              {r.sequence + 1}
              {doc.current_signer_id === r.id && doc.state === "pending" ? <span className="block text-xs text-brand-700">their turn</span> : null}
            </Td>
            <Td>
              <p className="font-medium">{r.name || "(no name)"}</p>
              <p className="text-xs text-slate-600">{r.role_name}</p>
              <p className="break-all text-xs text-slate-600">{r.email ?? "no e-mail"}</p>
            </Td>
            <Td>
              <StateBadge state={r.status} />
            </Td>
            <Td>
              <RemindButton
                signerName={r.name || r.role_name}
                blockedReason={reminderBlockedReason(doc, r, { isSender, left })}
                remind={remindAction.bind(null, r.id)}
              />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
