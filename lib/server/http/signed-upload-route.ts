import "server-only";
import { MAX_UPLOAD_BYTES } from "@/lib/server/processing/processing-error";
import { getDb, type Db } from "@/lib/server/db/client";
import { checkUploadUrl, type UploadKind } from "@/lib/server/sending-requests/upload-url";
import { json } from "./respond";
import { readBodyWithLimit } from "./read-body-with-limit";

// The signed address is the credential, so any origin may PUT to it (browser uploads from other apps).
const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "PUT, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
};

type StoreResult = "stored" | "not_found" | "already_processed";

/**
 * The PUT behind an upload_url: checks the signature and expiry, reads at
 * most the upload limit, and hands the raw bytes to `store`. `label` names
 * the thing in the 404/409 messages ("Sending Request").
 */
export function signedUploadRoute(opts: { kind: UploadKind; label: string; store: (db: Db, id: string, bytes: Uint8Array) => Promise<StoreResult> }) {
  const OPTIONS = () => new Response(null, { status: 204, headers: cors });
  const PUT = async (req: Request, ctx: { params: Promise<{ id: string }> }) => {
    const { id } = await ctx.params;
    const problem = checkUploadUrl(id, new URL(req.url).searchParams, opts.kind);
    if (problem === "invalid") return json({ error: "The upload address is not valid." }, 403, cors);
    if (problem === "expired") return json({ error: "The upload address has expired." }, 403, cors);

    const bytes = await readBodyWithLimit(req, MAX_UPLOAD_BYTES);
    if (bytes === "too_large") {
      return json({ error: `The file is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB limit.` }, 413, cors);
    }
    const result = await opts.store(await getDb(), id, bytes);
    if (result === "not_found") return json({ error: `${opts.label} not found.` }, 404, cors);
    if (result === "already_processed") return json({ error: `${opts.label} already processed.` }, 409, cors);
    return json({}, 200, cors);
  };
  return { OPTIONS, PUT };
}
