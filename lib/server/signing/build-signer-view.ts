import "server-only";
import { eq } from "drizzle-orm";
import type { SignerView } from "@/lib/api/signing";
import { apiTime } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import { fieldValues } from "@/lib/server/db/schema";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import { lockedUntil } from "./signer-pin";
import { turnOf, type SignerContext } from "./signer-context";

/**
 * What one signer's page shows. Page images and other people's answers are
 * left out until the PIN (when there is one) has been given.
 */
export async function buildSignerView(db: Db, ctx: SignerContext, opts: { pinPassed: boolean; accessToken: string }): Promise<SignerView> {
  const { doc, signer } = ctx;
  const turn = turnOf(ctx);
  const visible = opts.pinPassed && turn !== "closed";
  const current = ctx.people.find((p) => p.id === doc.currentSignerId);

  const answers = visible ? await db.select().from(fieldValues).where(eq(fieldValues.documentId, doc.id)) : [];
  const answerOf = new Map(answers.map((a) => [a.fieldId, a.value]));
  const prefilled = visible
    ? [
        ...doc.mergeFields.flatMap((m) => {
          const value = doc.mergeFieldValues.find((v) => v.id === m.id)?.value;
          return value ? [{ page: m.page, x: m.x, y: m.y, width: m.width, height: m.height, text: value }] : [];
        }),
        // Earlier signers' typed answers; their signature images stay out of others' pages.
        ...doc.fields.flatMap((f) => {
          const value = answerOf.get(f.id);
          if (!value || f.role === signer.roleName || f.type === "signature" || f.type === "initials") return [];
          return [{ page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, text: f.type === "checkbox" ? (value === "true" ? "✓" : "") : value }];
        }),
      ]
    : [];

  return {
    document: {
      id: doc.id,
      name: doc.name,
      state: doc.state,
      message: signer.message || doc.message,
      embedded: doc.apiEmbedded,
      inPerson: doc.inPerson,
      redirectUrl: doc.redirectUrl,
      expiresAt: apiTime(doc.expiresAt),
      pages: visible ? doc.pages.map((p) => ({ url: signedFileUrl(p.imageKey), width: p.width, height: p.height })) : [],
    },
    sender: { name: ctx.sender.name, email: ctx.sender.email },
    signer: { id: signer.id, name: signer.name, email: signer.email, roleName: signer.roleName, status: signer.status },
    fields: visible
      ? doc.fields
          .filter((f) => f.role === signer.roleName)
          .map((f) => ({ id: f.id, type: f.type, name: f.name, required: f.required, help_text: f.helpText ?? "", page: f.page, x: f.x, y: f.y, width: f.width, height: f.height }))
      : [],
    prefilled,
    turn,
    waitingFor: turn === "waiting" ? (current?.name ?? null) : null,
    pin: { required: !!doc.pinHash && !opts.pinPassed, lockedUntil: lockedUntil(ctx) ? apiTime(lockedUntil(ctx)!) : null },
    accessToken: opts.accessToken,
  };
}
