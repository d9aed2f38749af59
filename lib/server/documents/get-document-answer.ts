import "server-only";
import type { Db } from "@/lib/server/db/client";
import type { users } from "@/lib/server/db/schema";
import type { ApiVersion } from "@/lib/server/http/api-route";
import { serveCachedAnswer } from "@/lib/server/answer-cache/serve-cached-answer";
import { getDocumentValidator } from "@/lib/server/answer-cache/document-versions";
import { getAccessibleDocumentOrThrow } from "./document-access";
import { documentResponse } from "./document-response";

type User = typeof users.$inferSelect;

/** `GET /documents/:id`: `{document}`, served again while its sender's documents did not change. */
export function getDocumentAnswer(db: Db, user: User, id: string, version: ApiVersion): Promise<Response> {
  let sender: string | undefined;
  return serveCachedAnswer({
    route: "get",
    key: JSON.stringify(["get", version, user.id, user.name, user.email, user.emailConfirmedAt !== null, id]),
    validator: async () => {
      const found = await getDocumentValidator(db, id);
      sender = found?.senderUserId;
      return found?.validator ?? null;
    },
    make: async () => {
      // Access is checked on every answer made; a kept answer is one this caller was allowed, and any
      // change of access (sharing, a new sender) changes the validator.
      const doc = await getAccessibleDocumentOrThrow(db, user, id);
      // Kept only under the sender whose version was read (a sender change in between: not kept);
      // the embedded database's validator covers every sender.
      return { body: await documentResponse(db, doc, version, user), keep: sender === undefined || doc.senderUserId === sender };
    },
  });
}
