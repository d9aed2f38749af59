import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/server/dashboard/auth-options";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { formTooLarge } from "@/lib/server/http/form";
import { describeLimit, readBodyWithLimit } from "@/lib/server/http/read-body-with-limit";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Options are built per request: configuration is read at run time, never during `next build`.
const handler = (req: Request, ctx: Ctx) => NextAuth(authOptions())(req, ctx);

/**
 * next-auth reads POST bodies itself, without a limit: the body is read here
 * first, bounded like every other form (BODY_LIMITS.form), and handed on.
 */
async function boundedPost(req: Request, ctx: Ctx) {
  const bytes = await readBodyWithLimit(req, BODY_LIMITS.form);
  if (bytes === "too_large") return formTooLarge(`The request is too large (at most ${describeLimit(BODY_LIMITS.form)}).`);
  return handler(new NextRequest(req.url, { method: req.method, headers: req.headers, body: bytes }), ctx);
}

export { handler as GET, boundedPost as POST };
