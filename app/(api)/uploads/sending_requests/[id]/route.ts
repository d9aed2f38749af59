import { MAX_UPLOAD_BYTES } from "@/lib/server/processing/processing-error";
import { getDb } from "@/lib/server/db/client";
import { checkUploadUrl } from "@/lib/server/sending-requests/upload-url";
import { storeUpload } from "@/lib/server/sending-requests/store-upload";
import { json } from "@/lib/server/http/respond";
import { readBodyWithLimit } from "@/lib/server/http/read-body-with-limit";

// The signed address is the credential, so any origin may PUT to it (browser uploads from other apps).
const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "PUT, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
};

export function OPTIONS() {
  return new Response(null, { status: 204, headers: cors });
}

/** The upload step of spec 4.6: the raw file is the body. */
export async function PUT(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const problem = checkUploadUrl(id, new URL(req.url).searchParams);
  if (problem === "invalid") return json({ error: "The upload address is not valid." }, 403, cors);
  if (problem === "expired") return json({ error: "The upload address has expired." }, 403, cors);

  const bytes = await readBodyWithLimit(req, MAX_UPLOAD_BYTES);
  if (bytes === "too_large") {
    return json({ error: `The file is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB limit.` }, 413, cors);
  }
  const result = await storeUpload(await getDb(), id, bytes);
  if (result === "not_found") return json({ error: "Sending Request not found." }, 404, cors);
  if (result === "already_processed") return json({ error: "Sending Request already processed." }, 409, cors);
  return json({}, 200, cors);
}
