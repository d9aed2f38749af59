import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documentListVersions, documents, documentShareCounts, type users } from "@/lib/server/db/schema";

type User = typeof users.$inferSelect;

/**
 * The validator of a user's documents list: the versions of the user's own documents and of every
 * sender with a document shared with the user's confirmed e-mail (document_share_counts names them),
 * as `sender:version,…`. Any change the list could show raises one of them, and sharing or unsharing
 * also changes which senders are named (migrations 0014, 0015).
 */
export async function getListValidator(db: Db, user: User): Promise<string> {
  const v = documentListVersions;
  const sharers =
    user.emailConfirmedAt !== null
      ? sql`or ${v.senderUserId} in (select ${documentShareCounts.senderUserId} from ${documentShareCounts} where ${documentShareCounts.email} = ${user.email} and ${documentShareCounts.n} <> 0)`
      : sql``;
  const result = (await db.execute(
    sql`select coalesce(string_agg(${v.senderUserId} || ':' || ${v.version}, ',' order by ${v.senderUserId}), '') as versions
        from ${v} where ${v.senderUserId} = ${user.id} ${sharers}`,
  )) as unknown as { rows: { versions: string }[] };
  return `${user.id};${result.rows[0]?.versions ?? ""}`;
}

/**
 * The validator of one document's answer, `sender:version` (null when there is no such document):
 * every change the answer could show, access included (sharing, unsharing, a new sender), raises the
 * version of the document's sender.
 */
export async function getDocumentValidator(db: Db, id: string): Promise<{ validator: string; senderUserId: string } | null> {
  const result = (await db.execute(
    sql`select ${documents.senderUserId} as sender, ${documentListVersions.version} as version
        from ${documents} left join ${documentListVersions} on ${documentListVersions.senderUserId} = ${documents.senderUserId}
        where ${documents.id} = ${id}`,
  )) as unknown as { rows: { sender: string; version: string | number | null }[] };
  const row = result.rows[0];
  return row ? { validator: `${row.sender}:${row.version ?? 0}`, senderUserId: row.sender } : null;
}
