import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { CreateSendingRequestBody } from "@/lib/api/sending";
import type { Db } from "@/lib/server/db/client";
import { sendingRequests, type accounts, type users } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { sealCallbackUrl } from "@/lib/server/callbacks/callback-credentials";
import { assertCallbackUrl } from "@/lib/server/sending/assert-callback-url";
import { assertCanSend, assertQuotaLeft } from "@/lib/server/sending/plan-limits";
import { UPLOAD_URL_TTL_SECONDS } from "./upload-url";

/** Spec 4.6: a request waiting for its file, with the parameters of the document to come. */
export async function createSendingRequest(
  db: Db,
  user: typeof users.$inferSelect,
  account: typeof accounts.$inferSelect,
  body: CreateSendingRequestBody,
) {
  const doc = body.document;
  assertCanSend(account, doc.kba ?? false);
  await assertQuotaLeft(db, account);
  assertCallbackUrl("document[callback_url]", doc.callback_url);
  assertCallbackUrl("callback_url", body.callback_url);

  const names = new Set<string>();
  doc.roles.forEach((r, i) => {
    if (names.has(r.name)) throw ApiError.badInput(`document[roles][${i}][name]`, `"${r.name}" is used by two roles.`);
    names.add(r.name);
  });

  const now = new Date();
  const [row] = await db
    .insert(sendingRequests)
    .values({
      id: newId(),
      accountId: account.id,
      userId: user.id,
      fileName: body.file.name,
      callbackUrl: sealCallbackUrl(body.callback_url), // basic-auth credentials only ever stored encrypted
      uploadExpiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000),
      documentParams: {
        name: doc.name,
        signer_sequencing: doc.signer_sequencing,
        personalized_messages: doc.personalized_messages ?? false,
        shared_with: doc.shared_with ?? [],
        identity_method: doc.identity_method ?? "email",
        callback_url: sealCallbackUrl(doc.callback_url),
        api_embedded: doc.api_embedded ?? false,
        api_embed_width: doc.api_embed_width ?? null,
        api_embed_height: doc.api_embed_height ?? null,
        roles: doc.roles.map((r, i) => ({
          name: r.name,
          signer_name: r.signer_name,
          signer_email: r.signer_email,
          is_sender: r.is_sender ?? false,
          sequence: doc.signer_sequencing ? r.sequence! : (r.sequence ?? i),
          message: r.message ?? "",
        })),
        expires_in: doc.expires_in,
        pin: doc.pin ?? null,
        tags: doc.tags ?? {},
        kba: doc.kba ?? false,
      },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}
