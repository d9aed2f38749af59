import "server-only";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readBodyWithLimit } from "@/lib/server/http/read-body-with-limit";

export type VerifyUpload = { ok: true; bytes: Uint8Array } | { ok: false; status: 413 | 422; error: string };

/**
 * The PDF to verify, from either body a client would send: the raw file
 * (`Content-Type: application/pdf`, what the page sends) or a multipart form
 * with the file in a field named `file` (what `curl -F file=@signed.pdf`
 * sends). Read within the verify limit before anything else.
 */
export async function readVerifyUpload(req: Request): Promise<VerifyUpload> {
  const body = await readBodyWithLimit(req, BODY_LIMITS.verify);
  if (body === "too_large") return { ok: false, status: 413, error: "The file is larger than 50 MB." };
  let bytes: Uint8Array = body;
  const type = req.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(body, { headers: { "Content-Type": type } }).formData().catch(() => null);
    const file = form?.get("file");
    if (!form) return { ok: false, status: 422, error: "The multipart body could not be read." };
    if (!file || typeof file === "string") return { ok: false, status: 422, error: "Send the PDF in a form field named \"file\"." };
    bytes = new Uint8Array(await file.arrayBuffer());
  }
  if (bytes.byteLength === 0) return { ok: false, status: 422, error: "Choose a PDF file to verify." };
  if (!Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-")) return { ok: false, status: 422, error: "The file is not a PDF." };
  return { ok: true, bytes };
}
