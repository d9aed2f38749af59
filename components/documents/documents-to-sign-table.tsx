import type { DocumentToSign } from "@/lib/api/documents-to-sign";
import { DateTime } from "@/components/dashboard/time-zone";
import { Table, Td, Th } from "@/components/ui/table";

const signButton =
  "inline-flex items-center justify-center whitespace-nowrap rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700";

/** "Needs my signature": documents whose turn it is for the signed-in user, each with its Sign link. */
export function DocumentsToSignTable({ documents }: { documents: DocumentToSign[] }) {
  return (
    <Table caption="Documents that need your signature" captionHidden>
      <thead className="bg-slate-50">
        <tr>
          <Th>Document</Th>
          <Th className="hidden sm:table-cell">From</Th>
          <Th className="hidden sm:table-cell">Sent</Th>
          <Th className="hidden sm:table-cell">Expires</Th>
          <Th>
            <span className="sr-only">Action</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {documents.map((d) => (
          <tr key={d.signer_id} data-testid="to-sign-row" className="hover:bg-slate-50">
            <Td className="max-w-xs">
              <p className="font-medium break-words text-slate-900">{d.name}</p>
              <p className="text-xs text-slate-500">as {d.role_name}</p>
              <p className="text-xs break-words text-slate-500 sm:hidden">
                From {d.sender.name} · expires <DateTime value={d.expired_at} dateOnly />
              </p>
            </Td>
            <Td className="hidden sm:table-cell">
              <p>{d.sender.name}</p>
              <p className="text-xs break-all text-slate-500">{d.sender.email}</p>
            </Td>
            <Td className="hidden whitespace-nowrap sm:table-cell">
              <DateTime value={d.sent_at} empty="—" dateOnly />
            </Td>
            <Td className="hidden whitespace-nowrap sm:table-cell">
              <DateTime value={d.expired_at} dateOnly />
            </Td>
            <Td>
              <a href={d.sign_url} className={signButton}>
                Sign<span className="sr-only"> {d.name}</span>
              </a>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
