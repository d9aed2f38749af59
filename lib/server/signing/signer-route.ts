import "server-only";
import type { z } from "zod";
import { getDb, type Db } from "@/lib/server/db/client";
import { requestOrigin } from "@/lib/server/documents/record-audit";
import { readCookie } from "@/lib/server/auth/web-session";
import { getSignerContextOrThrow, type SignerContext } from "./signer-context";
import { hasPassedPin, pinCookieName } from "./signer-pin";
import { SigningError, signingErrorResponse } from "./signing-error";

type Handler<S extends z.ZodType> = (a: {
  db: Db;
  ctx: SignerContext;
  input: z.output<S>;
  origin: ReturnType<typeof requestOrigin>;
}) => Promise<{ body: unknown; headers?: Record<string, string> }>;

/**
 * A call of the signer page: parse the JSON body, resolve the signer from the
 * link's token, require the PIN unless this is the PIN call itself, run.
 */
export function signerRoute<S extends z.ZodType>(schema: S, options: { needsPin: boolean }, handler: Handler<S>) {
  return async (req: Request, context: { params: Promise<{ signerId: string }> }) => {
    try {
      const { signerId } = await context.params;
      const body = await req.json().catch(() => null);
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new SigningError(422, parsed.error.issues[0]?.message ?? "The request is not valid.");
      const db = await getDb();
      const ctx = await getSignerContextOrThrow(db, signerId, (parsed.data as { access_token: string }).access_token);
      if (options.needsPin && !hasPassedPin(ctx, readCookie(req, pinCookieName(signerId)))) {
        throw new SigningError(403, "Enter the document's PIN first.");
      }
      const result = await handler({ db, ctx, input: parsed.data, origin: requestOrigin(req) });
      return Response.json(result.body, { headers: { "Cache-Control": "no-store", ...result.headers } });
    } catch (err) {
      return signingErrorResponse(err);
    }
  };
}
