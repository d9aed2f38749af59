import { getDb } from "@/lib/server/db/client";
import { readBodyWithLimit } from "@/lib/server/http/read-body-with-limit";
import { verifyUploadedPdf } from "@/lib/server/completion/verify-document";

const MAX_BYTES = 50 * 1024 * 1024;

/** The /verify page's check: the raw PDF is the body; the answer says whether we executed it, unaltered. */
export async function POST(req: Request) {
  const bytes = await readBodyWithLimit(req, MAX_BYTES);
  if (bytes === "too_large") return Response.json({ error: "The file is larger than 50 MB." }, { status: 413 });
  if (bytes.byteLength === 0) return Response.json({ error: "Choose a PDF file to verify." }, { status: 422 });
  const result = await verifyUploadedPdf(await getDb(), bytes);
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
}
