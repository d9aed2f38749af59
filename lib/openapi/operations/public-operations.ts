import { z } from "zod";
import { archivedDocumentSchema } from "@/lib/api/archived-document";
import {
  documentEnvelope,
  documentListEnvelope,
  listDocumentsQuery,
  shareDocumentBody,
  updatePinBody,
  updateTagsBody,
  voidResponse,
} from "@/lib/api/documents";
import {
  createSendingRequestBody,
  embedDocumentBody,
  prepareDocumentBody,
  prepareDocumentResponse,
  reminderResponse,
  sendDocumentBody,
  sendingRequestEnvelope,
  sendingRequestSchema,
  uploadedBody,
} from "@/lib/api/sending";
import {
  deleteTemplateTagParams,
  listTemplatesQuery,
  templateEnvelope,
  templateListEnvelope,
  templateTagsBody,
  templateTagsResponse,
} from "@/lib/api/templates";
import { meEnvelope } from "@/lib/api/users";
import { voidDocumentBody } from "@/lib/api/void-document";
import type { ApiErrorCode } from "@/lib/api/errors";
import type { ApiVersion, OperationSpec } from "../types";

// Every operation of spec section 4 under /public/<version>, with the errors
// of spec 7 and the choices of docs/api-decisions.md. The zod schemas are the
// ones the handlers parse with (requests) and answer with (responses).

const DOCUMENT_ACCESS: ApiErrorCode[] = ["documentNotFound", "userNotFound", "noDocumentAcl"];
const TEMPLATE_ACCESS: ApiErrorCode[] = ["templateNotFound", "templateWrongAccount"];
const PLAN: ApiErrorCode[] = ["accountNotEnabled", "documentLimitReached"];

/** `{ archived_document }` as answered: the imported record with its id and owner. */
const archivedEnvelope = z.object({
  archived_document: archivedDocumentSchema.extend({ id: z.string(), user_id: z.string(), sender_email: z.string() }),
});

/** POST uploaded: the bare sending request, or `{url}` with prepare_document=true. */
const uploadedResponse = z.union([sendingRequestSchema, prepareDocumentResponse]);

const listQueryExtensions = "`tags`, `sort` and `direction` are extensions (docs/api-decisions.md, \"Documents\" and \"Documents list\").";

export function publicOperations(version: ApiVersion): OperationSpec[] {
  const p = (path: string) => `/public/${version}${path}`;
  const ops: OperationSpec[] = [
    {
      operationId: "getMe",
      method: "get",
      path: p("/me"),
      tag: "Users",
      summary: "The authenticated user",
      description: "Spec 4.8: the user the token acts for.",
      auth: "resource",
      scope: "read",
      success: [{ status: "200", description: "`{user}` (spec 2.6).", schema: meEnvelope, name: "UserEnvelope" }],
    },
    {
      operationId: "listDocuments",
      method: "get",
      path: p("/documents"),
      tag: "Documents",
      summary: "List documents",
      description:
        "Spec 4.2. Newest first; `per_page` 10 by default (1–100), `page` 1; `meta.total_pages` is at least 1. Documents the caller sent or that are shared with them. " +
        listQueryExtensions,
      auth: "resource",
      scope: "read",
      query: listDocumentsQuery,
      success: [{ status: "200", description: "The document list envelope (spec 2.7).", schema: documentListEnvelope, name: "DocumentList" }],
    },
    {
      operationId: "getDocument",
      method: "get",
      path: p("/documents/{id}"),
      tag: "Documents",
      summary: "Get a document",
      description: "Spec 4.2. Includes `kba`, `form_fields` and the certificate addresses (single retrieval).",
      auth: "resource",
      scope: "read",
      success: [{ status: "200", description: "`{document}`.", schema: documentEnvelope, name: "DocumentEnvelope" }],
      errors: DOCUMENT_ACCESS,
    },
    {
      operationId: "shareDocument",
      method: "post",
      path: p("/documents/{id}/share"),
      tag: "Documents",
      summary: "Replace the share list",
      description: "Spec 4.2. Addresses are stored lower-case, duplicates dropped; at most 100.",
      auth: "resource",
      scope: "write",
      body: shareDocumentBody,
      form: true,
      success: [{ status: "200", description: "`{document}` with the new `shared_with`.", schema: documentEnvelope, name: "DocumentEnvelope" }],
      errors: [...DOCUMENT_ACCESS, "sharedWithInvalidEmail"],
    },
    {
      operationId: "updateDocumentTags",
      method: "post",
      path: p("/documents/{id}/update_tags"),
      tag: "Documents",
      summary: "Replace all tags",
      description: "Spec 4.2. Values are strings or null; at most 50 tags, names up to 100 characters.",
      auth: "resource",
      scope: "write",
      body: updateTagsBody,
      form: true,
      success: [{ status: "200", description: "`{document}`.", schema: documentEnvelope, name: "DocumentEnvelope" }],
      errors: [...DOCUMENT_ACCESS, "hashEmptyKeys"],
    },
    {
      operationId: "voidDocument",
      method: "post",
      path: p("/documents/{id}/void"),
      tag: "Documents",
      summary: "Void a document",
      description:
        "Spec 3.1: a draft or pending document becomes `voided`. `reason` (top level or `document[reason]`, at most 2,000 characters) is an extension: stored, e-mailed to the signers and returned as `void_reason`.",
      auth: "resource",
      scope: "write",
      body: voidDocumentBody,
      form: true,
      success: [{ status: "200", description: "`{document: {status: \"voided\"}}`.", schema: voidResponse, name: "VoidResponse" }],
      errors: [...DOCUMENT_ACCESS, "cannotVoid"],
    },
    {
      operationId: "updateDocumentPin",
      method: "put",
      path: p("/documents/{id}/update_pin"),
      tag: "Documents",
      summary: "Set the document PIN",
      description: "Spec 4.2. A number or numeric string between 10000 and 99999; stored hashed.",
      auth: "resource",
      scope: "write",
      body: updatePinBody,
      form: true,
      success: [{ status: "200", description: "`{document}` with `passcode_pin_enabled` true.", schema: documentEnvelope, name: "DocumentEnvelope" }],
      errors: [...DOCUMENT_ACCESS, "hashEmptyKeys"],
    },
    {
      operationId: "getArchivedDocument",
      method: "get",
      path: p("/archived_documents_by_original_guid/{original_guid}"),
      tag: "Archived documents",
      summary: "Get an archived document by its original GUID",
      description: "Spec 4.3. Records imported with `npm run cli -- archive:import`, answered as imported.",
      auth: "resource",
      scope: "read",
      success: [{ status: "200", description: "`{archived_document}` (spec 2.5).", schema: archivedEnvelope, name: "ArchivedDocumentEnvelope" }],
      errors: ["archivedDocumentNotFound", "userNotFound", "noArchivedDocumentAcl"],
    },
    {
      operationId: "listReusableTemplates",
      method: "get",
      path: p("/reusable_templates"),
      tag: "Reusable templates",
      summary: "List reusable templates",
      description: "Spec 4.4. `search` matches name or file name; `per_page` 10 (1–100), `page` 1; newest first.",
      auth: "resource",
      scope: "read",
      query: listTemplatesQuery,
      success: [{ status: "200", description: "The template list envelope (spec 2.7).", schema: templateListEnvelope, name: "ReusableTemplateList" }],
    },
    {
      operationId: "getReusableTemplate",
      method: "get",
      path: p("/reusable_templates/{id}"),
      tag: "Reusable templates",
      summary: "Get a reusable template",
      auth: "resource",
      scope: "read",
      success: [{ status: "200", description: "`{reusable_template}` (spec 2.3).", schema: templateEnvelope, name: "ReusableTemplateEnvelope" }],
      errors: TEMPLATE_ACCESS,
    },
    {
      operationId: "deleteReusableTemplate",
      method: "delete",
      path: p("/reusable_templates/{id}"),
      tag: "Reusable templates",
      summary: "Delete a reusable template (v2 only)",
      description: "Spec 9: v2 only. Documents already sent from it keep working. In v1 the path answers 404 `Not found.` for DELETE.",
      auth: "resource",
      scope: "write",
      versions: ["v2"],
      success: [{ status: "204", description: "Deleted; no body." }],
      errors: TEMPLATE_ACCESS,
    },
    {
      operationId: "prepareDocument",
      method: "post",
      path: p("/reusable_templates/{id}/prepare_document"),
      tag: "Sending",
      summary: "Prepare a document from a template",
      description:
        "Spec 4.4. Makes a draft and answers the address of the dashboard's builder on it, where the sender reviews and sends. Roles: spec 4.4.1.",
      auth: "resource",
      scope: "write",
      rateLimit: "send",
      body: prepareDocumentBody(version),
      bodyName: "PrepareDocumentRequest",
      form: true,
      success: [{ status: "200", description: "`{url}`: `<APP_URL>/documents/<id>/prepare`.", schema: prepareDocumentResponse, name: "PrepareDocumentResponse" }],
      errors: [...TEMPLATE_ACCESS, "roleNameMismatch", "mergeFieldMismatch", ...PLAN],
    },
    {
      operationId: "sendDocument",
      method: "post",
      path: p("/reusable_templates/{id}/send_document"),
      tag: "Sending",
      summary: "Send a document from a template",
      description:
        version === "v1"
          ? "Spec 4.4 (superseded by v2, spec 9): `merge_field_values[][id]` is required; `merge_field_identifier` and `merge_field_values[][name]` do not exist in v1."
          : "Spec 4.4. Clones the template into a document and sends it (state `pending`). With `merge_field_identifier=name` merge values are matched by name.",
      auth: "resource",
      scope: "write",
      rateLimit: "send",
      body: sendDocumentBody(version),
      bodyName: "SendDocumentRequest",
      form: true,
      success: [{ status: "200", description: "`{document}` in state `pending`.", schema: documentEnvelope, name: "DocumentEnvelope" }],
      errors: [...TEMPLATE_ACCESS, "roleNameMismatch", "mergeFieldMismatch", ...PLAN],
    },
    {
      operationId: "embedDocument",
      method: "post",
      path: p("/reusable_templates/{id}/embed_document"),
      tag: "Sending",
      summary: "Create a document for embedded signing",
      description:
        "Spec 4.4. Like send_document, but nobody is e-mailed: `embed_codes` holds one iframe per role. Parameters after `expires_in` are send_document's (`pin`, `tags`, `callback_url`, `kba`).",
      auth: "resource",
      scope: "write",
      rateLimit: "send",
      body: embedDocumentBody(version),
      bodyName: "EmbedDocumentRequest",
      form: true,
      success: [{ status: "200", description: "`{document}` with `embed_codes`.", schema: documentEnvelope, name: "DocumentEnvelope" }],
      errors: [...TEMPLATE_ACCESS, "roleNameMismatch", "mergeFieldMismatch", "embedHeight", "embedWidth", "signerNameRequired", ...PLAN],
    },
    ...(["get", "post", "patch", "delete"] as const).map(
      (method): OperationSpec => ({
        operationId: { get: "getTemplateTags", post: "replaceTemplateTags", patch: "mergeTemplateTags", delete: "deleteTemplateTag" }[method],
        method,
        path: p("/reusable_templates/{id}/tags"),
        tag: "Reusable templates",
        summary: {
          get: "Show a template's tags",
          post: "Replace all of a template's tags",
          patch: "Add or update tags of a template",
          delete: "Delete one tag of a template",
        }[method],
        description:
          method === "delete"
            ? "Spec 4.5. `tag` from the query string or the JSON body; deleting an absent tag is not an error."
            : "Spec 4.5. Every tag operation answers the template's tags after it.",
        auth: "resource",
        scope: method === "get" ? "read" : "write",
        query: method === "delete" ? deleteTemplateTagParams : undefined,
        body: method === "post" || method === "patch" ? templateTagsBody : undefined,
        bodyName: "TemplateTagsRequest",
        form: method !== "get",
        success: [{ status: "200", description: "`{tags: [{tag_name, value}]}`.", schema: templateTagsResponse, name: "TemplateTags" }],
        errors: TEMPLATE_ACCESS,
      }),
    ),
    {
      operationId: "createSendingRequest",
      method: "post",
      path: p("/sending_requests"),
      tag: "Sending requests",
      summary: "Create a sending request for a one-off file",
      description:
        "Spec 4.6. Answers the request in state `waiting_for_file` with `upload_url` (valid 3600 s): PUT the raw file (PDF, PNG or JPEG, up to 25 MB) there, then call `uploaded`. Without text tags for a role, that signer gets one signature field near the bottom of the last page.",
      auth: "resource",
      scope: "write",
      rateLimit: "send",
      body: createSendingRequestBody,
      bodyName: "CreateSendingRequest",
      form: true,
      success: [{ status: "200", description: "`{sending_request}`.", schema: sendingRequestEnvelope, name: "SendingRequestEnvelope" }],
      errors: [...PLAN, "embedWidth", "embedHeight", "sharedWithInvalidEmail"],
    },
    {
      operationId: "sendingRequestUploaded",
      method: "post",
      path: p("/sending_requests/{id}/uploaded"),
      tag: "Sending requests",
      summary: "Start processing an uploaded file",
      description:
        "Spec 4.6. Moves the request to `processing`; the worker then ends it `completed` (document_template_id set) or `errored` (status_message). With `prepare_document=true` the answer is `{url}`, a page that follows processing and opens the review page." +
        (version === "v2" ? " v2 answers carry `document_preparation_url`." : " v1 answers omit `document_preparation_url`."),
      auth: "resource",
      scope: "write",
      body: uploadedBody,
      bodyName: "UploadedRequest",
      form: true,
      success: [{ status: "200", description: "The sending request (bare), or `{url}`.", schema: uploadedResponse, name: "UploadedResponse" }],
      errors: ["sendingRequestNotFound", "sendingRequestIdNotFound", "sendingRequestProcessed"],
    },
    {
      operationId: "getSendingRequest",
      method: "get",
      path: p("/sending_requests/{id}"),
      tag: "Sending requests",
      summary: "A sending request's processing status",
      description: "Spec 4.6: the bare object (spec 2.4), `upload_url` included.",
      auth: "resource",
      scope: "read",
      success: [{ status: "200", description: "The sending request.", schema: sendingRequestSchema, name: "SendingRequest" }],
      errors: ["sendingRequestNotFound", "sendingRequestIdNotFound"],
    },
    {
      operationId: "remindSigner",
      method: "post",
      path: p("/signers/{id}/reminders"),
      tag: "Signers",
      summary: "Send a reminder to a pending signer",
      description:
        "Spec 4.7. Only the document's sender; only while the document is pending and it is this signer's turn; 30 reminders per document. An unknown signer id answers 404 `Not found.`.",
      auth: "resource",
      scope: "write",
      success: [{ status: "200", description: "`{reminder: {status: \"sent\"}}`.", schema: reminderResponse, name: "ReminderResponse" }],
      errors: ["userBlank", "notDocumentSender", "documentNotPending", "reminderThreshold", "notFound"],
    },
  ];
  return ops.filter((op) => !op.versions || op.versions.includes(version));
}
