import "server-only";
import type { z } from "zod";
import { getDb, type Db } from "@/lib/server/db/client";
import { requestOrigin } from "@/lib/server/documents/record-audit";
import { readCookie } from "@/lib/server/auth/web-session";
import { getSignerContextOrThrow, type SignerContext } from "./signer-context";
import { hasPassedPin, pinCookieName } from "./signer-pin";
import { SigningError, signingErrorResponse } from "./signing-error";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { describeLimit, readTextWithLimit } from "@/lib/server/http/read-body-with-limit";
import { findUnstorableText, UNSTORABLE_TEXT } from "@/lib/server/http/invalid-text";

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
export function signerRoute<S extends z.ZodType>(
  schema: S,
  /** bodyLimit: bytes read at most (BODY_LIMITS.signerSmall unless the call carries signature images). */
  options: { needsPin: boolean; bodyLimit?: number },
  handler: Handler<S>,
) {
  return async (req: Request, context: { params: Promise<{ signerId: string }> }) => {
    try {
      const { signerId } = await context.params;
      // Bounded before the link's token is checked: see read-body-with-limit.ts.
      const limit = options.bodyLimit ?? BODY_LIMITS.signerSmall;
      const text = await readTextWithLimit(req, limit);
      if (text === "too_large") throw new SigningError(413, `The request is too large (at most ${describeLimit(limit)}).`);
      const body = parseJson(text);
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new SigningError(422, parsed.error.issues[0]?.message ?? "The request is not valid.");
      const unstorable = findUnstorableText(body) ?? findUnstorableText({ signerId });
      if (unstorable) throw new SigningError(422, `${unstorable}: ${UNSTORABLE_TEXT}`);
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
