import type { z } from "zod";
import {
  documentEnvelope,
  documentListEnvelope,
  voidResponse,
  type ListDocumentsQuery,
} from "@/lib/api/documents";
import {
  accountPlanEnvelope,
  applicationEnvelope,
  applicationsEnvelope,
  callbackSecretEnvelope,
  deliveriesEnvelope,
  outboxEnvelope,
  type CreateApplicationBody,
} from "@/lib/api/ext";
import { notificationSettingsEnvelope, type NotificationSettings } from "@/lib/api/notification-settings";
import {
  prepareDocumentResponse,
  reminderResponse,
  sendingRequestEnvelope,
  sendingRequestSchema,
} from "@/lib/api/sending";
import { templateEnvelope, templateListEnvelope, templateTagsResponse } from "@/lib/api/templates";
import { meEnvelope } from "@/lib/api/users";
import { changePasswordResponse, profileEnvelope, type ChangePasswordBody, type SavedSignatureKind, type UpdateProfileBody } from "@/lib/api/profile";
import { contactsEnvelope } from "@/lib/api/contacts";
import { documentsToSignEnvelope } from "@/lib/api/documents-to-sign";
import { archivedListEnvelope } from "@/lib/api/archived-list";
import { apiTokenEnvelope, apiTokensEnvelope, type CreateApiTokenInput } from "@/lib/api/api-tokens";
import {
  builderTemplateEnvelope,
  documentDraftEnvelope,
  templateUploadEnvelope,
  type BuilderDefinitionInput,
  type SaveDocumentDraftBody,
} from "@/lib/api/builder";
import { z as zod } from "zod";
import {
  correctedDocumentEnvelope,
  documentOverviewEnvelope,
  editedRecipientEnvelope,
  type EditRecipientBody,
} from "@/lib/api/document-actions";

/** An error answer of the API, with the spec's message. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | undefined | string[]>;

const archivedEnvelope = zod.object({ archived_document: zod.record(zod.string(), zod.unknown()) });

/**
 * The typed client of the public API (v2) and its /ext extensions. Every
 * answer is parsed with the same zod schema the route handlers answer with,
 * so a drift between client and server fails loudly here.
 */
export function createApiClient({ baseUrl, token }: { baseUrl: string; token: string }) {
  async function call<S extends z.ZodType>(schema: S | null, method: string, path: string, opts: { query?: Query; body?: unknown } = {}) {
    const url = new URL(baseUrl + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) continue;
      url.searchParams.set(k, Array.isArray(v) ? v.join(",") : String(v));
    }
    const res = await fetch(url, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(opts.body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      cache: "no-store",
    });
    if (res.status === 204) return undefined as z.output<S>;
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new ApiClientError(res.status, `Unexpected answer from the API (${res.status}).`);
    }
    if (!res.ok) {
      const message = (json as { error?: unknown } | null)?.error;
      throw new ApiClientError(res.status, typeof message === "string" ? message : `Request failed (${res.status}).`);
    }
    return (schema ? schema.parse(json) : json) as z.output<S>;
  }

  const v2 = "/public/v2";
  return {
    me: () => call(meEnvelope, "GET", `${v2}/me`),

    listDocuments: (q: Partial<Omit<ListDocumentsQuery, "state" | "tags">> & { state?: string[]; tags?: string }) =>
      call(documentListEnvelope, "GET", `${v2}/documents`, { query: q as Query }),
    getDocument: (id: string) => call(documentEnvelope, "GET", `${v2}/documents/${id}`),
    shareDocument: (id: string, shared_with: string[]) =>
      call(documentEnvelope, "POST", `${v2}/documents/${id}/share`, { body: { shared_with } }),
    updateDocumentTags: (id: string, tags: Record<string, string | null>) =>
      call(documentEnvelope, "POST", `${v2}/documents/${id}/update_tags`, { body: { tags } }),
    updateDocumentPin: (id: string, pin: string) => call(documentEnvelope, "PUT", `${v2}/documents/${id}/update_pin`, { body: { pin } }),
    // `reason`: our extension of the spec's empty body (docs/api-decisions.md, "Void reason").
    voidDocument: (id: string, reason?: string) =>
      call(voidResponse, "POST", `${v2}/documents/${id}/void`, { body: { document: reason ? { reason } : {} } }),
    sendReminder: (signerId: string) => call(reminderResponse, "POST", `${v2}/signers/${signerId}/reminders`, { body: {} }),

    listTemplates: (q: { search?: string; page?: number; per_page?: number }) =>
      call(templateListEnvelope, "GET", `${v2}/reusable_templates`, { query: q }),
    getTemplate: (id: string) => call(templateEnvelope, "GET", `${v2}/reusable_templates/${id}`),
    deleteTemplate: (id: string) => call(null, "DELETE", `${v2}/reusable_templates/${id}`),
    getTemplateTags: (id: string) => call(templateTagsResponse, "GET", `${v2}/reusable_templates/${id}/tags`),
    replaceTemplateTags: (id: string, tags: { tag_name: string; value?: string | null }[]) =>
      call(templateTagsResponse, "POST", `${v2}/reusable_templates/${id}/tags`, { body: { tags } }),
    mergeTemplateTags: (id: string, tags: { tag_name: string; value?: string | null }[]) =>
      call(templateTagsResponse, "PATCH", `${v2}/reusable_templates/${id}/tags`, { body: { tags } }),
    deleteTemplateTag: (id: string, tag: string) =>
      call(templateTagsResponse, "DELETE", `${v2}/reusable_templates/${id}/tags`, { query: { tag } }),
    sendDocument: (id: string, body: unknown) => call(documentEnvelope, "POST", `${v2}/reusable_templates/${id}/send_document`, { body }),
    embedDocument: (id: string, body: unknown) => call(documentEnvelope, "POST", `${v2}/reusable_templates/${id}/embed_document`, { body }),
    prepareDocument: (id: string, body: unknown) =>
      call(prepareDocumentResponse, "POST", `${v2}/reusable_templates/${id}/prepare_document`, { body }),

    createSendingRequest: (body: unknown) => call(sendingRequestEnvelope, "POST", `${v2}/sending_requests`, { body }),
    markUploaded: (id: string, prepare_document = false) =>
      call(null, "POST", `${v2}/sending_requests/${id}/uploaded`, { body: { prepare_document } }) as Promise<
        z.infer<typeof sendingRequestSchema> | { url: string }
      >,
    getSendingRequest: (id: string) => call(sendingRequestSchema, "GET", `${v2}/sending_requests/${id}`),

    getArchivedDocument: (guid: string) =>
      call(archivedEnvelope, "GET", `${v2}/archived_documents_by_original_guid/${encodeURIComponent(guid)}`),

    getAccountPlan: () => call(accountPlanEnvelope, "GET", "/ext/account"),
    // Profile, contacts and the archived list (docs/api-decisions.md, "Profile, contacts and archived list").
    getProfile: () => call(profileEnvelope, "GET", "/ext/profile"),
    updateProfile: (body: UpdateProfileBody) => call(profileEnvelope, "PUT", "/ext/profile", { body }),
    changePassword: (body: ChangePasswordBody) => call(changePasswordResponse, "POST", "/ext/profile/password", { body }),
    saveSignatureImage: (kind: SavedSignatureKind, image: string) => call(profileEnvelope, "PUT", `/ext/profile/signatures/${kind}`, { body: { image } }),
    removeSignatureImage: (kind: SavedSignatureKind) => call(profileEnvelope, "DELETE", `/ext/profile/signatures/${kind}`),
    listContacts: (q: { q?: string; limit?: number }) => call(contactsEnvelope, "GET", "/ext/contacts", { query: q }),
    listArchivedDocuments: (q: { q?: string; page?: number; per_page?: number }) => call(archivedListEnvelope, "GET", "/ext/archived_documents", { query: q }),
    listApplications: () => call(applicationsEnvelope, "GET", "/ext/applications"),
    createApplication: (body: CreateApplicationBody) => call(applicationEnvelope, "POST", "/ext/applications", { body }),
    deleteApplication: (id: string) => call(null, "DELETE", `/ext/applications/${id}`),
    listApiTokens: () => call(apiTokensEnvelope, "GET", "/ext/api_tokens"),
    createApiToken: (body: CreateApiTokenInput) => call(apiTokenEnvelope, "POST", "/ext/api_tokens", { body }),
    revokeApiToken: (id: string) => call(null, "DELETE", `/ext/api_tokens/${id}`),
    getCallbackSecret: () => call(callbackSecretEnvelope, "GET", "/ext/callback_secret"),
    getNotificationSettings: () => call(notificationSettingsEnvelope, "GET", "/ext/notification_settings"),
    updateNotificationSettings: (changes: Partial<NotificationSettings>) =>
      call(notificationSettingsEnvelope, "PUT", "/ext/notification_settings", { body: { notification_settings: changes } }),
    rotateCallbackSecret: () => call(callbackSecretEnvelope, "POST", "/ext/callback_secret", { body: {} }),
    listOutbox: (q: { page?: number; per_page?: number }) => call(outboxEnvelope, "GET", "/ext/outbox", { query: q }),
    listDocumentCallbacks: (id: string) => call(deliveriesEnvelope, "GET", `/ext/documents/${id}/callbacks`),
    redeliverCallback: (deliveryId: string) => call(null, "POST", `/ext/callbacks/${deliveryId}/redeliver`, { body: {} }),
    // Acting on a document (docs/api-decisions.md, "Acting on a document").
    getDocumentOverview: (id: string) => call(documentOverviewEnvelope, "GET", `/ext/documents/${id}/overview`),
    editRecipient: (id: string, recipientId: string, body: EditRecipientBody) =>
      call(editedRecipientEnvelope, "PUT", `/ext/documents/${id}/recipients/${recipientId}`, { body }),
    correctDocument: (id: string) => call(correctedDocumentEnvelope, "POST", `/ext/documents/${id}/correct`, { body: {} }),
    deleteDraft: (id: string) => call(null, "DELETE", `/ext/documents/${id}`),

    // The builder (docs/api-decisions.md, "Template builder").
    createTemplateUpload: (fileName: string) => call(templateUploadEnvelope, "POST", "/ext/template_uploads", { body: { file_name: fileName } }),
    getTemplateUpload: (id: string) => call(templateUploadEnvelope, "GET", `/ext/template_uploads/${id}`),
    markTemplateUploaded: (id: string) => call(templateUploadEnvelope, "POST", `/ext/template_uploads/${id}/uploaded`, { body: {} }),
    createTemplate: (uploadId: string, definition: BuilderDefinitionInput) =>
      call(builderTemplateEnvelope, "POST", "/ext/templates", { body: { upload_id: uploadId, definition } }),
    getBuilderTemplate: (id: string) => call(builderTemplateEnvelope, "GET", `/ext/templates/${id}`),
    saveTemplateVersion: (id: string, definition: BuilderDefinitionInput, baseVersion?: number) =>
      call(builderTemplateEnvelope, "PUT", `/ext/templates/${id}`, { body: { definition, base_version: baseVersion } }),
    listDocumentsToSign: (q: { page?: number; per_page?: number }) =>
      call(documentsToSignEnvelope, "GET", "/ext/documents/needs_my_signature", { query: q }),
    getDocumentDraft: (id: string) => call(documentDraftEnvelope, "GET", `/ext/documents/${id}/draft`),
    saveDocumentDraft: (id: string, body: SaveDocumentDraftBody) => call(documentDraftEnvelope, "PUT", `/ext/documents/${id}/draft`, { body }),
    sendDraft: (id: string) => call(documentDraftEnvelope, "POST", `/ext/documents/${id}/send`, { body: {} }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
