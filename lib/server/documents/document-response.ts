import "server-only";
import type { Db } from "@/lib/server/db/client";
import type { ApiVersion } from "@/lib/server/http/api-route";
import type { DocumentRow } from "./document-access";
import { loadOneDocumentDetails } from "./load-document-details";
import { serializeDocument } from "./serialize-document";

/**
 * `{document: Document}` with every single-retrieval field. The viewer may be
 * given whole (the route's authenticated user): when they sent the document
 * their name and e-mail are not read again.
 */
export async function documentResponse(db: Db, doc: DocumentRow, version: ApiVersion, viewer: string | { id: string; name: string; email: string }) {
  const known = typeof viewer === "string" ? undefined : [viewer];
  const viewerUserId = typeof viewer === "string" ? viewer : viewer.id;
  return { document: serializeDocument(await loadOneDocumentDetails(db, doc, known), version, true, viewerUserId) };
}
