import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents } from "@/lib/server/db/schema";

/**
 * What the verification address printed on every executed page and in the
 * certificate's QR code shows without a file: that the id is a document of
 * this service, its state and the fingerprints of its sealed files, so a
 * printed or forwarded copy can be traced back and a digital one compared.
 * Nothing about people, and not the document's name.
 */
export type DocumentStatus = {
  id: string;
  state: string;
  executedAt: Date | null;
  signatureLevel: string | null;
  signedPdfSha256: string | null;
  mergedPdfSha256: string | null;
};

export async function getDocumentStatus(db: Db, id: string): Promise<DocumentStatus | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const [doc] = await db
    .select({
      id: documents.id,
      state: documents.state,
      executedAt: documents.executedAt,
      signatureLevel: documents.signatureLevel,
      signedPdfSha256: documents.signedPdfSha256,
      mergedPdfSha256: documents.mergedPdfSha256,
    })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  return doc ?? null;
}
