import { getDb } from "@/lib/server/db/client";
import { getWebSessionUser, readCookie, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { isForeignOrigin, seeOther } from "@/lib/server/http/form";
import { sendDraftDocument } from "@/lib/server/sending/send-draft-document";

export async function POST(req: Request, ctx: { params: Promise<{ id: string }> }) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const { id } = await ctx.params;
  const db = await getDb();
  const user = await getWebSessionUser(db, readCookie(req, SESSION_COOKIE));
  if (!user) return seeOther(`/login?next=${encodeURIComponent(`/documents/${id}/prepare`)}`);
  const result = await sendDraftDocument(db, user, id);
  return seeOther(result === "sent" ? `/documents/${id}/prepare` : `/documents/${id}/prepare?error=${result}`);
}
