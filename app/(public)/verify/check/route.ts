import { getDb } from "@/lib/server/db/client";
import { readBodyWithLimit } from "@/lib/server/http/read-body-with-limit";
import { getWebSessionUser, readCookie, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { verifyUploadedPdf } from "@/lib/server/completion/verify-document";

const MAX_BYTES = 50 * 1024 * 1024;

/**
 * The /verify page's check: the raw PDF is the body; the answer says whether
 * we executed it, unaltered. Anyone may ask and gets masked signers and the
 * audit events only; a user signed in to the service (its own `sid` session,
 * which every dashboard sign-in goes through) who may see the document gets
 * the full trail.
 */
export async function POST(req: Request) {
  const bytes = await readBodyWithLimit(req, MAX_BYTES);
  if (bytes === "too_large") return Response.json({ error: "The file is larger than 50 MB." }, { status: 413 });
  if (bytes.byteLength === 0) return Response.json({ error: "Choose a PDF file to verify." }, { status: 422 });
  const db = await getDb();
  const viewer = await getWebSessionUser(db, readCookie(req, SESSION_COOKIE));
  const result = await verifyUploadedPdf(db, bytes, viewer);
  // The answer depends on the session: never cached, never shared between users.
  return Response.json(result, { headers: { "Cache-Control": "no-store, private", Vary: "Cookie" } });
}
