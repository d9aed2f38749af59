import "server-only";
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { ListDocumentsQuery } from "@/lib/api/documents";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, type users } from "@/lib/server/db/schema";
import { accessibleDocumentsWhere } from "./document-access";
import { loadDocumentDetails } from "./load-document-details";
import { escapeLike } from "@/lib/server/db/escape-like";

/**
 * Documents the user may see (sent by them or shared with them), newest
 * first. `search` matches the name, the file name and recipients' names and
 * e-mails.
 */
export async function listDocuments(db: Db, user: typeof users.$inferSelect, query: ListDocumentsQuery) {
  const conditions: SQL[] = [accessibleDocumentsWhere(user)];
  if (query.state?.length) conditions.push(inArray(documents.state, query.state));
  if (query.template_id) conditions.push(eq(documents.templateId, query.template_id));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(
        ilike(documents.name, pattern),
        ilike(documents.filename, pattern),
        sql`exists (select 1 from ${recipients} where ${recipients.documentId} = ${documents.id} and (${ilike(recipients.name, pattern)} or ${ilike(recipients.email, pattern)}))`,
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return {
    details: await loadDocumentDetails(db, rows),
    // At least one page, so a client paging `1..total_pages` always makes one call.
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / query.per_page)),
  };
}
