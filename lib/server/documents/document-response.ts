import "server-only";
import type { Db } from "@/lib/server/db/client";
import type { ApiVersion } from "@/lib/server/http/api-route";
import type { DocumentRow } from "./document-access";
import { loadOneDocumentDetails } from "./load-document-details";
import { serializeDocument } from "./serialize-document";

/** `{document: Document}` with every single-retrieval field. */
export async function documentResponse(db: Db, doc: DocumentRow, version: ApiVersion, viewerUserId: string) {
  return { document: serializeDocument(await loadOneDocumentDetails(db, doc), version, true, viewerUserId) };
}
