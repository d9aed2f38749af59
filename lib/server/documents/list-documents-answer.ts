import "server-only";
import type { ListDocumentsQuery } from "@/lib/api/documents";
import type { Db } from "@/lib/server/db/client";
import type { users } from "@/lib/server/db/schema";
import type { ApiVersion } from "@/lib/server/http/api-route";
import { serveCachedAnswer } from "@/lib/server/answer-cache/serve-cached-answer";
import { getListValidator } from "@/lib/server/answer-cache/document-versions";
import { listDocuments } from "./list-documents";
import { serializeDocument } from "./serialize-document";

type User = typeof users.$inferSelect;

/** `GET /documents`: `{documents, meta}`, served again while none of the listed senders' documents changed. */
export function listDocumentsAnswer(db: Db, user: User, query: ListDocumentsQuery, version: ApiVersion): Promise<Response> {
  return serveCachedAnswer({
    route: "list",
    // The caller's own name and e-mail are in the answer (the sender of their documents), the
    // confirmation decides what is shared with them; the parsed query, so equivalent spellings share one answer.
    key: JSON.stringify(["list", version, user.id, user.name, user.email, user.emailConfirmedAt !== null, query]),
    validator: () => getListValidator(db, user),
    make: async () => {
      const { details, totalPages } = await listDocuments(db, user, query);
      return { body: { documents: details.map((d) => serializeDocument(d, version, false, user.id)), meta: { total_pages: totalPages } }, keep: true };
    },
  });
}
