import { getDb } from "@/lib/server/db/client";
import { getStorage } from "@/lib/server/storage/storage";
import { verifyRouteSignature } from "@/lib/server/storage/signed-url";
import { certificatePath } from "@/lib/server/completion/certificate-url";
import { currentCertificate } from "@/lib/server/completion/current-certificate";
import { contentDisposition } from "@/lib/server/http/content-disposition";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// A document's certificate as it stands, for whoever holds a signed,
// unexpired address (the API hands them out as signature_certificate_url and
// merged_document_certificate_url before completion). Like /files, the
// signature is the permission; unlike /files, the answer is made on request.

export const dynamic = "force-dynamic";

const deny = (message: string, status: number) =>
  Response.json({ error: message }, { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });

export async function GET(req: Request, ctx: { params: Promise<{ id: string; kind: string }> }) {
  const { id, kind } = await ctx.params;
  const query = new URL(req.url).searchParams;
  if (kind !== "signature" && kind !== "merged") return deny("File not found.", 404);
  if (!query.get("signature") || !query.get("expires")) return deny("Missing file signature.", 403);
  if (!verifyRouteSignature(certificatePath(id, kind), query)) return deny("Invalid or expired file signature.", 403);

  const certificate = await currentCertificate(await getDb(), getStorage(), id, kind);
  if (!certificate) return deny("File not found.", 404);
  const filename = query.get("filename");
  return new Response(new Uint8Array(certificate.data), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(certificate.data.length),
      // Before completion every request may show new events: never reuse an old answer.
      "Cache-Control": certificate.final ? "private, max-age=600" : "no-store",
      "Content-Disposition": filename ? contentDisposition("attachment", filename) : "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };
