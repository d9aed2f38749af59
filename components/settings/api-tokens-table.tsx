import type { ApiToken } from "@/lib/api/api-tokens";
import type { ActionResult } from "@/components/dashboard/action-result";
import { DateTime } from "@/components/dashboard/time-zone";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, Td, Th } from "@/components/ui/table";
import { RevokeApiTokenButton } from "./revoke-api-token-button";

const ACCESS: Record<string, string> = { "read write": "Read and write", read: "Read only", write: "Write only" };

export function ApiTokensTable({ tokens, revoke }: { tokens: ApiToken[]; revoke: (id: string) => Promise<ActionResult<null>> }) {
  if (tokens.length === 0) {
    return <EmptyState title="No API tokens yet.">Create one below to call the API from a script without the OAuth flow.</EmptyState>;
  }
  return (
    <Table caption="Private API tokens" captionHidden>
      <thead className="bg-slate-50">
        <tr>
          <Th>Name</Th>
          <Th>Access</Th>
          <Th className="hidden md:table-cell">Token</Th>
          <Th className="hidden sm:table-cell">Created</Th>
          <Th>Last used</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {tokens.map((t) => (
          <tr key={t.id} data-testid="api-token-row">
            <Td className="font-medium">{t.name}</Td>
            <Td className="whitespace-nowrap">{ACCESS[t.scope] ?? t.scope}</Td>
            <Td className="hidden md:table-cell">
              <code className="text-xs">{t.hint}</code>
            </Td>
            <Td className="hidden whitespace-nowrap sm:table-cell"><DateTime value={t.created_at} /></Td>
            <Td className="whitespace-nowrap" data-testid="api-token-last-used">
              <DateTime value={t.last_used_at} empty="Never" />
            </Td>
            <Td className="text-right">
              <RevokeApiTokenButton name={t.name} revoke={revoke.bind(null, t.id)} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
