import "server-only";
import type { Db } from "@/lib/server/db/client";
import { templateUploads, type users } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { UPLOAD_URL_TTL_SECONDS } from "@/lib/server/sending-requests/upload-url";

/** The first step of a new template: a row and an address to PUT the file to. */
export async function createTemplateUpload(db: Db, user: typeof users.$inferSelect, input: { file_name: string }) {
  const [row] = await db
    .insert(templateUploads)
    .values({
      id: newId(),
      accountId: user.accountId,
      userId: user.id,
      fileName: input.file_name,
      uploadExpiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
    })
    .returning();
  return row!;
}
