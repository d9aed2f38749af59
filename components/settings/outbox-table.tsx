import type { z } from "zod";
import type { outboxEmailSchema } from "@/lib/api/ext";
import { DateTime } from "@/components/dashboard/time-zone";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, Td, Th } from "@/components/ui/table";
import { OutboxMessageButton } from "./outbox-message-button";

export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

// "stored": kept in the outbox only (no SMTP configured); "queued": waiting for SMTP delivery.
const tone = { sent: "success", stored: "muted", queued: "info", failed: "danger" } as const;

/** The e-mails the service sent (or tried to) for the account, newest first. */
export function OutboxTable({ emails }: { emails: OutboxEmail[] }) {
  if (emails.length === 0) return <EmptyState title="No e-mails yet.">Signing requests and reminders appear here once they are sent.</EmptyState>;
  return (
    <Table caption="Outbox" captionHidden>
      <thead className="bg-slate-50">
        <tr>
          <Th>Subject</Th>
          <Th className="hidden sm:table-cell">To</Th>
          <Th>Status</Th>
          <Th className="hidden md:table-cell">Created</Th>
          <Th>
            <span className="sr-only">Open</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {emails.map((e) => (
          <tr key={e.id} data-testid="outbox-row">
            <Td className="max-w-xs">
              <p className="font-medium">{e.subject}</p>
              <p className="text-xs text-slate-500">{e.kind.replaceAll("_", " ")}</p>
              <p className="break-all text-xs text-slate-500 sm:hidden">{e.to}</p>
            </Td>
            <Td className="hidden break-all sm:table-cell">{e.to}</Td>
            <Td>
              <Badge tone={tone[e.status as keyof typeof tone] ?? "neutral"}>{e.status}</Badge>
            </Td>
            <Td className="hidden whitespace-nowrap md:table-cell"><DateTime value={e.created_at} /></Td>
            <Td className="text-right">
              <OutboxMessageButton email={e} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
