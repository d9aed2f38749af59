import { archivedDocumentSchema, type ArchivedDocument } from "@/lib/api/archived-document";
import type { ApiClient } from "@/lib/api-client/client";
import { loadOrMessage } from "../_lib/api-errors";
import { Alert } from "@/components/ui/alert";
import { ArchivedDocumentView } from "@/components/archived/archived-document-view";

/** Looks the GUID up and shows the record, or the API's refusal in its place. */
export async function ArchivedResult({ api, guid }: { api: ApiClient; guid: string }) {
  const self = `/archived?guid=${encodeURIComponent(guid)}`;
  const res = await loadOrMessage(self, () => api.getArchivedDocument(guid));
  if (res.error !== null) return <Alert>{res.error}</Alert>;
  // The API answers records as imported; the import schema fills what a legacy export left out.
  const parsed = archivedDocumentSchema.safeParse(res.data.archived_document);
  if (!parsed.success) {
    return (
      <div className="space-y-2">
        <Alert tone="info">This record has fields the dashboard cannot display; here it is as the API answered it.</Alert>
        <pre className="overflow-auto rounded-lg bg-white p-4 text-xs ring-1 ring-slate-200">{JSON.stringify(res.data.archived_document, null, 2)}</pre>
      </div>
    );
  }
  return <ArchivedDocumentView doc={parsed.data as ArchivedDocument} />;
}
