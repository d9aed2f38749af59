import "server-only";
import { asc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { RoleItem } from "@/lib/api/sending";
import type { Db } from "@/lib/server/db/client";
import { recipients, type accounts, type Tags, type users } from "@/lib/server/db/schema";
import { hashPassword } from "@/lib/server/crypto";
import { recordDocumentCallback } from "@/lib/server/callbacks/record-callback";
import { getAccountTemplateOrThrow, type TemplateRow } from "@/lib/server/templates/template-access";
import { cloneTemplateToDocument } from "@/lib/server/templates/clone-template-to-document";
import type { ApiVersion } from "@/lib/server/http/api-route";
import { sealCallbackUrl } from "@/lib/server/callbacks/callback-credentials";
import { assertCallbackUrl } from "./assert-callback-url";
import { dispatchSideEffects } from "./after-commit";
import { assertCanSend, lockAccountAndCheckQuota } from "./plan-limits";
import { queueSigningRequests } from "./queue-signing-requests";
import { resolveMergeFieldValues } from "./resolve-merge-field-values";
import { assertMergeValuesFit } from "./assert-merge-values-fit";

export type TemplateSendMode = "send" | "embed" | "prepare";

/** The parameters send_document, embed_document and prepare_document share (spec 4.4). */
export type TemplateSendInput = {
  name?: string;
  shared_with?: string[];
  message?: string;
  callback_url?: string;
  redirect_url?: string;
  roles: RoleItem[];
  expires_in: number;
  pin?: string;
  tags?: Tags;
  kba?: boolean;
  in_person?: boolean;
  merge_field_identifier?: "id" | "name";
  merge_field_values?: { id?: string; name?: string; value: string }[];
  api_embed_width?: number;
  api_embed_height?: number;
};

type Caller = { user: typeof users.$inferSelect; account: typeof accounts.$inferSelect };

/**
 * Clones a template into a document: `pending` and sent (send), `pending`
 * for signing in iframes (embed), or a `draft` the sender finishes on the
 * review page (prepare).
 */
export async function createDocumentFromTemplate(
  db: Db,
  { user, account }: Caller,
  templateId: string,
  mode: TemplateSendMode,
  input: TemplateSendInput,
  version: ApiVersion,
) {
  const template = await getAccountTemplateOrThrow(db, user, templateId);
  assertCanSend(account, input.kba ?? false);
  assertCallbackUrl("callback_url", input.callback_url);
  assertRoles(template, input.roles, mode === "send" && !input.in_person, user.email);
  const mergeFieldValues = resolveMergeFieldValues(
    template.mergeFields,
    input.merge_field_values ?? [],
    version === "v2" ? (input.merge_field_identifier ?? "id") : "id",
  );
  await assertMergeValuesFit(template.mergeFields, template.pages, mergeFieldValues, input.merge_field_values ?? []);
  const pinHash = input.pin ? await hashPassword(input.pin) : null;

  const { document, effects } = await db.transaction(async (tx) => {
    await lockAccountAndCheckQuota(tx, account);
    const document = await cloneTemplateToDocument(tx, {
      template,
      sender: { id: user.id, accountId: account.id, name: user.name, email: user.email },
      name: input.name,
      state: mode === "prepare" ? "draft" : "pending",
      roles: input.roles,
      sharedWith: input.shared_with,
      tags: input.tags,
      message: input.message,
      expiresInDays: input.expires_in,
      settings: {
        inPerson: input.in_person ?? false,
        kba: input.kba ?? template.kba,
        pinHash,
        callbackUrl: sealCallbackUrl(input.callback_url), // basic-auth credentials only ever stored encrypted
        redirectUrl: input.redirect_url ?? null,
        apiEmbedded: mode === "embed",
        embedWidth: input.api_embed_width ?? null,
        embedHeight: input.api_embed_height ?? null,
        mergeFieldValues,
      },
    });
    if (mode === "prepare") return { document, effects: { emailIds: [], callbackIds: [] } };
    const people = await tx.select().from(recipients).where(eq(recipients.documentId, document.id)).orderBy(asc(recipients.sequence));
    const emailIds = await queueSigningRequests(tx, document, people, user);
    const callbackId = await recordDocumentCallback(tx, { document, event: "created" });
    return { document, effects: { emailIds, callbackIds: [callbackId] } };
  });
  await dispatchSideEffects(effects);
  return document;
}

/**
 * Role rules of spec 4.4.1 checked before anything is written: names must be
 * the template's; omitting a signer needs signer sequencing; a signer who is
 * e-mailed (send, not in person) needs an address (from the request, the
 * template, or the sender).
 */
function assertRoles(template: TemplateRow, roles: RoleItem[], needsEmails: boolean, senderEmail: string) {
  const byName = new Map(template.roles.map((r) => [r.name, r]));
  roles.forEach((role, i) => {
    if (!byName.has(role.name)) throw ApiError.roleNameMismatch(role.name);
    if (role.signer_omitted && !template.signerSequencing) {
      throw ApiError.badInput(`roles[${i}][signer_omitted]`, "is allowed only on templates with signer sequencing.");
    }
  });
  const given = new Map(roles.map((r) => [r.name, r]));
  const active = template.roles.filter((r) => !given.get(r.name)?.signer_omitted);
  if (active.length === 0) throw ApiError.badInput("roles", "must leave at least one signer who is not omitted.");
  if (!needsEmails) return;
  for (const role of active) {
    const g = given.get(role.name);
    const email = g?.signer_email || role.signer_email || (g?.is_sender ? senderEmail : "");
    if (!email) throw ApiError.badInput("roles", `the role "${role.name}" needs a signer_email.`);
  }
}
