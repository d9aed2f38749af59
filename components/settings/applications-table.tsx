import type { Application } from "@/lib/api/ext";
import type { ActionResult } from "@/components/dashboard/action-result";
import { DateTime } from "@/components/dashboard/time-zone";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, Td, Th } from "@/components/ui/table";
import { DeleteApplicationButton } from "./delete-application-button";

export function ApplicationsTable({ applications, remove }: { applications: Application[]; remove: (id: string) => Promise<ActionResult<null>> }) {
  if (applications.length === 0) {
    return <EmptyState title="No API applications yet.">Create one below to get a client ID and secret for the OAuth flow.</EmptyState>;
  }
  return (
    <Table caption="API applications" captionHidden>
      <thead className="bg-slate-50">
        <tr>
          <Th>Name</Th>
          <Th>Client ID</Th>
          <Th className="hidden md:table-cell">Redirect URI</Th>
          <Th className="hidden sm:table-cell">Created</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {applications.map((a) => (
          <tr key={a.id} data-testid="application-row">
            <Td className="font-medium">{a.name}</Td>
            <Td>
              <code className="break-all text-xs">{a.client_id}</code>
            </Td>
            <Td className="hidden break-all text-xs md:table-cell">{a.redirect_uri}</Td>
            <Td className="hidden whitespace-nowrap sm:table-cell"><DateTime value={a.created_at} dateOnly /></Td>
            <Td className="text-right">
              <DeleteApplicationButton name={a.name} remove={remove.bind(null, a.id)} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
