import { z } from "zod";
import { apiTokenEnvelope, apiTokensEnvelope, createApiTokenBody } from "@/lib/api/api-tokens";
import { archivedListEnvelope, listArchivedQuery } from "@/lib/api/archived-list";
import {
  builderTemplateEnvelope,
  createTemplateBody,
  createTemplateUploadBody,
  documentDraftEnvelope,
  saveDocumentDraftBody,
  saveTemplateVersionBody,
  templateUploadEnvelope,
} from "@/lib/api/builder";
import { pageParams } from "@/lib/api/common";
import { contactsEnvelope, contactsQuery } from "@/lib/api/contacts";
import { correctedDocumentEnvelope, documentOverviewEnvelope, editedRecipientEnvelope, editRecipientBody } from "@/lib/api/document-actions";
import { documentsToSignEnvelope, listDocumentsToSignQuery } from "@/lib/api/documents-to-sign";
import {
  accountPlanEnvelope,
  applicationEnvelope,
  applicationsEnvelope,
  callbackSecretEnvelope,
  createApplicationBody,
  deliveriesEnvelope,
  outboxEnvelope,
} from "@/lib/api/ext";
import { redeliverResponse } from "@/lib/api/ext-responses";
import { notificationSettingsEnvelope, updateNotificationSettingsBody } from "@/lib/api/notification-settings";
import { changePasswordBody, changePasswordResponse, profileEnvelope, saveSignatureBody, updateProfileBody } from "@/lib/api/profile";
import type { OperationSpec } from "../types";

// The /ext extensions (docs/api-decisions.md, "Extensions outside the spec"):
// the dashboard's administration of an account. Only tokens of the service's
// own dashboard client are accepted (403 otherwise); answers follow v2.

type ExtOp = Omit<OperationSpec, "auth" | "tag" | "extension" | "scope" | "success"> & {
  ok: OperationSpec["success"][number]["schema"] | null;
  okName?: string;
  okDescription?: string;
};

const ext = (o: ExtOp): OperationSpec => ({
  ...o,
  auth: "dashboard",
  tag: "Extensions (/ext)",
  extension: true,
  scope: o.method === "get" ? "read" : "write",
  success: o.ok
    ? [{ status: "200", description: o.okDescription ?? "Success.", schema: o.ok, name: o.okName }]
    : [{ status: "204", description: o.okDescription ?? "Done; no body." }],
});

export const extOperations: OperationSpec[] = [
  ext({ operationId: "extAccount", method: "get", path: "/ext/account", summary: "The caller's account, plan and documents used", ok: accountPlanEnvelope, okName: "ExtAccount" }),
  ext({ operationId: "extListApplications", method: "get", path: "/ext/applications", summary: "The caller's API applications", ok: applicationsEnvelope, okName: "ExtApplications" }),
  ext({
    operationId: "extCreateApplication",
    method: "post",
    path: "/ext/applications",
    summary: "Register an API application",
    description: "The `client_secret` appears only in this answer (stored hashed).",
    body: createApplicationBody,
    ok: applicationEnvelope,
    okName: "ExtApplication",
  }),
  ext({ operationId: "extDeleteApplication", method: "delete", path: "/ext/applications/{id}", summary: "Delete an application (revokes its tokens)", ok: null, errors: ["notFound"] }),
  ext({ operationId: "extListApiTokens", method: "get", path: "/ext/api_tokens", summary: "The caller's private API tokens", ok: apiTokensEnvelope, okName: "ExtApiTokens" }),
  ext({
    operationId: "extCreateApiToken",
    method: "post",
    path: "/ext/api_tokens",
    summary: "Create a private API token",
    description: "The `token` (`pat_…`) appears only in this answer. It acts for its user with its scope wherever an OAuth access token is accepted, and never expires.",
    body: createApiTokenBody,
    ok: apiTokenEnvelope,
    okName: "ExtApiToken",
  }),
  ext({ operationId: "extRevokeApiToken", method: "delete", path: "/ext/api_tokens/{id}", summary: "Revoke a private API token", ok: null, errors: ["notFound"] }),
  ext({ operationId: "extGetCallbackSecret", method: "get", path: "/ext/callback_secret", summary: "The account's callback signing secret", ok: callbackSecretEnvelope, okName: "ExtCallbackSecret" }),
  ext({ operationId: "extRotateCallbackSecret", method: "post", path: "/ext/callback_secret", summary: "Rotate the callback signing secret", ok: callbackSecretEnvelope, okName: "ExtCallbackSecret" }),
  ext({ operationId: "extOutbox", method: "get", path: "/ext/outbox", summary: "E-mails the caller's actions sent, newest first", query: z.object(pageParams), ok: outboxEnvelope, okName: "ExtOutbox" }),
  ext({
    operationId: "extDocumentCallbacks",
    method: "get",
    path: "/ext/documents/{id}/callbacks",
    summary: "A document's callback deliveries and their attempts",
    ok: deliveriesEnvelope,
    okName: "ExtDeliveries",
    errors: ["documentNotFound", "noDocumentAcl"],
  }),
  ext({ operationId: "extRedeliverCallback", method: "post", path: "/ext/callbacks/{id}/redeliver", summary: "Deliver a callback again", ok: redeliverResponse, okName: "ExtRedelivery", errors: ["notFound"] }),
  ext({
    operationId: "extDocumentsToSign",
    method: "get",
    path: "/ext/documents/needs_my_signature",
    summary: "Documents waiting for the caller's signature",
    query: listDocumentsToSignQuery,
    ok: documentsToSignEnvelope,
    okName: "ExtDocumentsToSign",
  }),
  ext({
    operationId: "extDocumentOverview",
    method: "get",
    path: "/ext/documents/{id}/overview",
    summary: "What the document page shows beyond the spec's document",
    ok: documentOverviewEnvelope,
    okName: "ExtDocumentOverview",
    errors: ["documentNotFound", "noDocumentAcl"],
  }),
  ext({
    operationId: "extEditRecipient",
    method: "put",
    path: "/ext/documents/{id}/recipients/{recipientId}",
    summary: "Change a pending recipient's name and address",
    description: "The earlier signing link stops working; a new invitation goes out when it is their turn.",
    body: editRecipientBody,
    ok: editedRecipientEnvelope,
    okName: "ExtEditedRecipient",
    errors: ["documentNotFound", "notDocumentSender", "notFound"],
  }),
  ext({
    operationId: "extCorrectDocument",
    method: "post",
    path: "/ext/documents/{id}/correct",
    summary: "Correct and resend a declined or expired document",
    ok: correctedDocumentEnvelope,
    okName: "ExtCorrectedDocument",
    errors: ["documentNotFound", "notDocumentSender", ...(["accountNotEnabled", "documentLimitReached"] as const)],
  }),
  ext({ operationId: "extDeleteDraft", method: "delete", path: "/ext/documents/{id}", summary: "Delete a draft", ok: null, errors: ["documentNotFound", "notDocumentSender"] }),
  ext({
    operationId: "extGetDraft",
    method: "get",
    path: "/ext/documents/{id}/draft",
    summary: "The sender's view of a document's fields and signers",
    ok: documentDraftEnvelope,
    okName: "ExtDocumentDraft",
    errors: ["documentNotFound", "notDocumentSender"],
  }),
  ext({
    operationId: "extSaveDraft",
    method: "put",
    path: "/ext/documents/{id}/draft",
    summary: "Save a draft's fields and signers",
    body: saveDocumentDraftBody,
    ok: documentDraftEnvelope,
    okName: "ExtDocumentDraft",
    errors: ["documentNotFound", "notDocumentSender"],
  }),
  ext({
    operationId: "extSendDraft",
    method: "post",
    path: "/ext/documents/{id}/send",
    summary: "Send a draft (every effect of send_document)",
    description: "Refused (422 naming the role) while a signer who is not omitted has no field.",
    ok: documentDraftEnvelope,
    okName: "ExtDocumentDraft",
    rateLimit: undefined,
    errors: ["documentNotFound", "notDocumentSender"],
  }),
  ext({ operationId: "extGetNotificationSettings", method: "get", path: "/ext/notification_settings", summary: "The sender's e-mail notification settings", ok: notificationSettingsEnvelope, okName: "ExtNotificationSettings" }),
  ext({
    operationId: "extUpdateNotificationSettings",
    method: "put",
    path: "/ext/notification_settings",
    summary: "Change e-mail notification settings",
    body: updateNotificationSettingsBody,
    ok: notificationSettingsEnvelope,
    okName: "ExtNotificationSettings",
  }),
  ext({ operationId: "extGetProfile", method: "get", path: "/ext/profile", summary: "The caller's profile", ok: profileEnvelope, okName: "ExtProfile" }),
  ext({ operationId: "extUpdateProfile", method: "put", path: "/ext/profile", summary: "Change name, company or time zone", body: updateProfileBody, ok: profileEnvelope, okName: "ExtProfile" }),
  ext({
    operationId: "extChangePassword",
    method: "post",
    path: "/ext/profile/password",
    summary: "Change the password (ends the caller's other sign-ins)",
    body: changePasswordBody,
    ok: changePasswordResponse,
    okName: "ExtPasswordChanged",
    errors: ["serverBusy"],
  }),
  ext({
    operationId: "extSaveSignature",
    method: "put",
    path: "/ext/profile/signatures/{kind}",
    summary: "Store a saved signature or initials image",
    description: "`kind` is `signature` or `initials`; another kind is 404.",
    body: saveSignatureBody,
    ok: profileEnvelope,
    okName: "ExtProfile",
    errors: ["notFound"],
  }),
  ext({ operationId: "extDeleteSignature", method: "delete", path: "/ext/profile/signatures/{kind}", summary: "Forget a saved signature or initials image", ok: profileEnvelope, okName: "ExtProfile", errors: ["notFound"] }),
  ext({
    operationId: "extContacts",
    method: "get",
    path: "/ext/contacts",
    summary: "Recipients of the caller's own documents (autocomplete)",
    query: contactsQuery,
    ok: contactsEnvelope,
    okName: "ExtContacts",
  }),
  ext({
    operationId: "extArchivedDocuments",
    method: "get",
    path: "/ext/archived_documents",
    summary: "The archived records the caller may open",
    query: listArchivedQuery,
    ok: archivedListEnvelope,
    okName: "ExtArchivedList",
  }),
  ext({
    operationId: "extCreateTemplateUpload",
    method: "post",
    path: "/ext/template_uploads",
    summary: "Start a template upload (signed upload address, 3600 s)",
    body: createTemplateUploadBody,
    ok: templateUploadEnvelope,
    okName: "ExtTemplateUpload",
  }),
  ext({ operationId: "extGetTemplateUpload", method: "get", path: "/ext/template_uploads/{id}", summary: "A template upload's processing status", ok: templateUploadEnvelope, okName: "ExtTemplateUpload", errors: ["notFound"] }),
  ext({
    operationId: "extTemplateUploaded",
    method: "post",
    path: "/ext/template_uploads/{id}/uploaded",
    summary: "Start processing an uploaded template file",
    ok: templateUploadEnvelope,
    okName: "ExtTemplateUpload",
    errors: ["notFound"],
  }),
  ext({
    operationId: "extCreateTemplate",
    method: "post",
    path: "/ext/templates",
    summary: "Create a template from a processed upload",
    description: "An upload id that is not the caller's (or does not exist) is 404 `Template upload not found.`.",
    body: createTemplateBody,
    ok: builderTemplateEnvelope,
    okName: "ExtBuilderTemplate",
    errors: ["notFound"],
  }),
  ext({
    operationId: "extGetTemplate",
    method: "get",
    path: "/ext/templates/{id}",
    summary: "A template as the builder edits it",
    ok: builderTemplateEnvelope,
    okName: "ExtBuilderTemplate",
    errors: ["templateNotFound", "templateWrongAccount"],
  }),
  ext({
    operationId: "extSaveTemplate",
    method: "put",
    path: "/ext/templates/{id}",
    summary: "Save the template's next version",
    body: saveTemplateVersionBody,
    ok: builderTemplateEnvelope,
    okName: "ExtBuilderTemplate",
    errors: ["templateNotFound", "templateWrongAccount"],
  }),
];
