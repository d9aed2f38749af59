import "server-only";
import { eq } from "drizzle-orm";
import { pageProblems, type TemplateDefinition } from "@/lib/api/template-definition";
import type { Db } from "@/lib/server/db/client";
import { templates, users } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { definitionToRows, templateSettingsOf } from "./definition-rows";
import { deleteStoredPdf, storePdfWithPages } from "@/lib/server/pdf/store-pdf-with-pages";

/** The definition does not fit the PDF (or its owner is unknown); the message lists every problem. */
export class TemplateImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
    this.name = "TemplateImportError";
  }
}

/**
 * Creates a template from a PDF and a parsed definition: renders and stores
 * the PDF under `templates/<id>/`, gives every field and merge field an id,
 * and inserts the row in the owner's account. Throws PdfReadError for an
 * unusable PDF and TemplateImportError when the definition does not fit it.
 */
export async function importTemplate(
  db: Db,
  input: { ownerUserId: string; pdf: Uint8Array; filename: string; definition: TemplateDefinition },
): Promise<typeof templates.$inferSelect> {
  const [owner] = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(eq(users.id, input.ownerUserId))
    .limit(1);
  if (!owner) throw new TemplateImportError([`no user with id ${input.ownerUserId}`]);

  const def = input.definition;
  const id = newId();
  const stored = await storePdfWithPages(input.pdf, `templates/${id}`);
  try {
    const problems = pageProblems(def, stored.pages.length);
    if (problems.length) throw new TemplateImportError(problems);


    const [row] = await db
      .insert(templates)
      .values({
        id,
        accountId: owner.accountId,
        creatorUserId: owner.id,
        filename: input.filename,
        ...templateSettingsOf(def),
        ...definitionToRows(def),
        originalFileKey: stored.originalFileKey,
        pages: stored.pages,
      })
      .returning();
    return row!;
  } catch (e) {
    // No row points at the files: do not leave them behind.
    await deleteStoredPdf(stored);
    throw e;
  }
}
