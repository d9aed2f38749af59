import NextAuth from "next-auth";
import { authOptions } from "@/lib/server/dashboard/auth-options";

// Options are built per request: configuration is read at run time, never during `next build`.
const handler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) =>
  NextAuth(authOptions())(req, ctx);

export { handler as GET, handler as POST };
