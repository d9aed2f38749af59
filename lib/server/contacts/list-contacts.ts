import "server-only";
import { and, desc, eq, ilike, isNotNull, ne, or, sql } from "drizzle-orm";
import { apiTime } from "@/lib/api/time";
import type { Contact } from "@/lib/api/contacts";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, type users } from "@/lib/server/db/schema";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

/**
 * People the user sent documents to: recipients of the user's own documents
 * (never a teammate's or a shared one), one per e-mail address with the name
 * used last, most recently used first. `q` matches the name or the address.
 */
export async function listContacts(db: Db, user: typeof users.$inferSelect, input: { q: string; limit: number }): Promise<Contact[]> {
  const p = `%${escapeLike(input.q)}%`;
  const address = sql`lower(${recipients.email})`;
  const latest = db
    .selectDistinctOn([address], { email: recipients.email, name: recipients.name, at: recipients.createdAt })
    .from(recipients)
    .innerJoin(documents, eq(documents.id, recipients.documentId))
    .where(
      and(
        eq(documents.senderUserId, user.id),
        isNotNull(recipients.email),
        ne(recipients.email, ""),
        input.q ? or(ilike(recipients.name, p), ilike(recipients.email, p)) : undefined,
      ),
    )
    .orderBy(address, desc(recipients.createdAt))
    .as("latest");
  const rows = await db.select().from(latest).orderBy(desc(latest.at)).limit(input.limit);
  return rows.map((r) => ({ name: r.name, email: (r.email ?? "").toLowerCase(), last_sent_at: apiTime(r.at) }));
}
