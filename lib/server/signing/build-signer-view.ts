import "server-only";
import { eq } from "drizzle-orm";
import type { SignerView } from "@/lib/api/signing";
import { autofillOf, formatFullDate } from "@/lib/api/signer-fields";
import { apiTime } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import { fieldValues } from "@/lib/server/db/schema";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import { getSignerStatus } from "./get-signer-status";
import { lockedUntil } from "./signer-pin";
import { turnOf, type SignerContext } from "./signer-context";
import { signerMessage } from "@/lib/server/sending/signer-message";

const STORAGE_PREFIX = "storage:";

/**
 * What one signer's page shows. Page images and other people's answers are
 * left out until the PIN (when there is one) has been given. Of the others'
 * answers only those of recipients who have signed are shown (a pending
 * signer's values are never stored, and never shown), drawn where they will
 * be in the signed PDF: signatures and initials as images, dates in full.
 */
export async function buildSignerView(
  db: Db,
  ctx: SignerContext,
  opts: { pinPassed: boolean; accessToken: string; locale: string },
): Promise<SignerView> {
  const { doc, signer } = ctx;
  const turn = turnOf(ctx);
  const visible = opts.pinPassed && turn !== "closed";
  const current = ctx.people.find((p) => p.id === doc.currentSignerId);

  const signedBy = new Map(ctx.people.filter((p) => p.status === "signed" && p.id !== signer.id).map((p) => [p.id, p]));
  const answers = visible ? await db.select().from(fieldValues).where(eq(fieldValues.documentId, doc.id)) : [];
  const answerOf = new Map(answers.flatMap((a) => (a.recipientId && signedBy.has(a.recipientId) ? [[a.fieldId, a] as const] : [])));
  const prefilled = visible
    ? [
        ...doc.mergeFields.flatMap((m) => {
          const value = doc.mergeFieldValues.find((v) => v.id === m.id)?.value;
          if (!value) return [];
          const text = m.type === "date" ? (formatFullDate(value, opts.locale) ?? value) : value;
          return [{ page: m.page, x: m.x, y: m.y, width: m.width, height: m.height, text }];
        }),
        ...doc.fields.flatMap((f) => {
          const answer = answerOf.get(f.id);
          if (!answer?.value || f.role === signer.roleName) return [];
          const at = { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height };
          switch (f.type) {
            case "signature":
            case "initials": {
              if (!answer.value.startsWith(STORAGE_PREFIX)) return [];
              const who = signedBy.get(answer.recipientId!)?.name || "an earlier signer";
              return [{ ...at, text: `${f.type === "signature" ? "Signature" : "Initials"} of ${who}`, image: signedFileUrl(answer.value.slice(STORAGE_PREFIX.length)) }];
            }
            case "checkbox":
              return answer.value === "true" ? [{ ...at, text: "✓" }] : [];
            case "date":
              return [{ ...at, text: formatFullDate(answer.value, opts.locale) ?? answer.value }];
            default:
              return [{ ...at, text: answer.value }];
          }
        }),
      ]
    : [];

  return {
    document: {
      id: doc.id,
      name: doc.name,
      state: doc.state,
      message: signerMessage(doc.message, signer.message),
      embedded: doc.apiEmbedded,
      inPerson: doc.inPerson,
      redirectUrl: doc.redirectUrl,
      expiresAt: apiTime(doc.expiresAt),
      pages: visible ? doc.pages.map((p) => ({ url: signedFileUrl(p.imageKey), width: p.width, height: p.height })) : [],
    },
    sender: { name: ctx.sender.name, email: ctx.sender.email },
    signer: {
      id: signer.id,
      name: signer.name,
      email: signer.email,
      roleName: signer.roleName,
      status: signer.status,
      isSender: !!signer.email && signer.email.trim().toLowerCase() === ctx.sender.email.trim().toLowerCase(),
    },
    locale: opts.locale,
    fields: visible
      ? doc.fields
          .filter((f) => f.role === signer.roleName)
          .map((f) => ({
            id: f.id,
            type: f.type,
            name: f.name,
            required: f.required,
            help_text: f.helpText ?? "",
            autofill: autofillOf(f, signer.roleName),
            page: f.page,
            x: f.x,
            y: f.y,
            width: f.width,
            height: f.height,
          }))
      : [],
    prefilled,
    turn,
    waitingFor: turn === "waiting" ? (current?.name ?? null) : null,
    pin: { required: !!doc.pinHash && !opts.pinPassed, lockedUntil: lockedUntil(ctx) ? apiTime(lockedUntil(ctx)!) : null },
    accessToken: opts.accessToken,
    completion: getSignerStatus(ctx, { pinPassed: opts.pinPassed }),
  };
}
