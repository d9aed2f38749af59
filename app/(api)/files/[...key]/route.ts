import { getStorage } from "@/lib/server/storage/storage";
import { verifyFileSignature } from "@/lib/server/storage/signed-url";
import { contentDisposition } from "@/lib/server/http/content-disposition";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// Serves stored files to whoever holds a signed, unexpired address (page
// images in <img>, downloads). No session is involved: the signature is the
// permission, so the address must never outlive its expiry.

export const dynamic = "force-dynamic";

const deny = (message: string, status: number) =>
  Response.json(
    { error: message },
    { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } },
  );

export async function GET(req: Request, ctx: { params: Promise<{ key: string[] }> }) {
  const { key: segments } = await ctx.params;
  const key = segments.join("/");
  const query = new URL(req.url).searchParams;
  const now = new Date();

  // Signature before existence, so an unsigned request learns nothing about which keys exist.
  if (!query.get("signature") || !query.get("expires")) return deny("Missing file signature.", 403);
  if (!verifyFileSignature(key, query, now)) return deny("Invalid or expired file signature.", 403);

  const file = await getStorage()
    .get(key)
    .catch(() => null);
  if (!file) return deny("File not found.", 404);

  const expires = Number(query.get("expires"));
  const maxAge = Math.max(0, expires - Math.floor(now.getTime() / 1000));
  const filename = query.get("filename");
  return new Response(new Uint8Array(file.data), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Cache-Control": `private, max-age=${maxAge}`,
      "Content-Disposition": filename ? contentDisposition("attachment", filename) : "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };
