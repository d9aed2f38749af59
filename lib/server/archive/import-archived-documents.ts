import "server-only";
import { and, eq } from "drizzle-orm";
import { archivedDocumentSchema, type ArchivedDocument } from "@/lib/api/archived-document";
import { formatIssues } from "@/lib/api/template-definition";
import type { Db } from "@/lib/server/db/client";
import { archivedDocuments, users } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";

/** Some records are invalid; nothing was imported. The message names each problem by record index. */
export class ArchiveImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
    this.name = "ArchiveImportError";
  }
}

/**
 * Imports legacy records (spec 2.5) into the owner's account, all or none.
 * A record whose original_guid the account already holds replaces it and
 * keeps its id, so re-running an import is safe. Returns the ids in input order.
 */
export async function importArchivedDocuments(
  db: Db,
  input: { ownerUserId: string; records: unknown[] },
): Promise<string[]> {
  const [owner] = await db
    .select({ id: users.id, accountId: users.accountId, email: users.email })
    .from(users)
    .where(eq(users.id, input.ownerUserId))
    .limit(1);
  if (!owner) throw new ArchiveImportError([`no user with id ${input.ownerUserId}`]);

  const problems: string[] = [];
  const parsed = input.records.map((record, i) => {
    const result = archivedDocumentSchema.safeParse(record);
    if (!result.success) problems.push(...formatIssues(result.error).map((p) => `records[${i}].${p}`));
    return result.data;
  });
  const guids = new Set<string>();
  parsed.forEach((r, i) => {
    if (r && guids.has(r.original_guid)) problems.push(`records[${i}].original_guid: "${r.original_guid}" appears twice`);
    if (r) guids.add(r.original_guid);
  });
  if (problems.length) throw new ArchiveImportError(problems);

  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const r of parsed) {
      const rec = r!;
      const [existing] = await tx
        .select({ id: archivedDocuments.id })
        .from(archivedDocuments)
        .where(and(eq(archivedDocuments.accountId, owner.accountId), eq(archivedDocuments.originalGuid, rec.original_guid)))
        .limit(1);
      const id = existing?.id ?? rec.id ?? newId();
      const data: ArchivedDocument = {
        ...rec,
        id,
        user_id: owner.id,
        sender_email: rec.sender_email || owner.email,
      };
      const values = {
        userId: owner.id,
        senderEmail: data.sender_email.toLowerCase(),
        sharedWith: data.shared_with.map((e) => e.toLowerCase()),
        data,
      };
      if (existing) {
        await tx.update(archivedDocuments).set(values).where(eq(archivedDocuments.id, id));
      } else {
        await tx
          .insert(archivedDocuments)
          .values({ id, accountId: owner.accountId, originalGuid: rec.original_guid, ...values });
      }
      ids.push(id);
    }
    return ids;
  });
}
