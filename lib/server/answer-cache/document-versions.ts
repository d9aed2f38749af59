import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documentListVersions, documents, documentShareCounts, type users } from "@/lib/server/db/schema";
import { embeddedChangeCount } from "@/lib/server/db/embedded-changes";

type User = typeof users.$inferSelect;

/**
 * The validator of a user's documents list: the versions of the user's own documents and of every
 * sender who has ever shared a document with the user's confirmed e-mail (document_share_counts
 * names them; its rows stay when their count falls to 0), as `sender:version:transaction,…`. Any
 * change the list could show raises one of them. The named senders only ever grow in number: with
 * only the senders sharing *now*, an answer read while a share was being made (validator before it,
 * data after it) would match again once that share was withdrawn, and show the unshared document.
 * The raising transaction rides along so that versions restored to an older value (a backup) do not
 * match answers kept before.
 */
export async function getListValidator(db: Db, user: User): Promise<string> {
  const embedded = embeddedValidator();
  if (embedded) return embedded;
  const v = documentListVersions;
  const sharers =
    user.emailConfirmedAt !== null
      ? sql`or ${v.senderUserId} in (select ${documentShareCounts.senderUserId} from ${documentShareCounts} where ${documentShareCounts.email} = ${user.email})`
      : sql``;
  const result = (await db.execute(
    sql`select coalesce(string_agg(${v.senderUserId} || ':' || ${v.version} || ':' || ${v.bumpedBy}, ',' order by ${v.senderUserId}), '') as versions
        from ${v} where ${v.senderUserId} = ${user.id} ${sharers}`,
  )) as unknown as { rows: { versions: string }[] };
  return `${user.id};${result.rows[0]?.versions ?? ""}`;
}

/**
 * The validator of one document's answer, `sender:version:transaction` (null when there is no such document):
 * every change the answer could show, access included (sharing, unsharing, a new sender), raises the
 * version of the document's sender.
 */
export async function getDocumentValidator(db: Db, id: string): Promise<{ validator: string; senderUserId?: string } | null> {
  const embedded = embeddedValidator();
  if (embedded) return { validator: embedded };
  const result = (await db.execute(
    sql`select ${documents.senderUserId} as sender, ${documentListVersions.version} || ':' || ${documentListVersions.bumpedBy} as version
        from ${documents} left join ${documentListVersions} on ${documentListVersions.senderUserId} = ${documents.senderUserId}
        where ${documents.id} = ${id}`,
  )) as unknown as { rows: { sender: string; version: string | null }[] };
  const row = result.rows[0];
  return row ? { validator: `${row.sender}:${row.version ?? ""}`, senderUserId: row.sender } : null;
}

/**
 * With the embedded database, the count of committed document changes this process heard of
 * (lib/server/db/embedded-changes.ts): no statement at all. Coarser than the versions — any change
 * to any document makes every kept answer stale — and right for one process with one session.
 */
function embeddedValidator(): string | null {
  const count = embeddedChangeCount();
  return count === null ? null : `embedded:${count}`;
}
