import "server-only";
import { apiTime, apiTimeOrNull } from "@/lib/api/time";
import type { DocumentResource } from "@/lib/api/documents";
import type { DocumentState } from "@/lib/api/common";
import type { ApiVersion } from "@/lib/server/http/api-route";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import { certificateUrl } from "@/lib/server/completion/certificate-url";
import { bareSignUrl, signUrl } from "@/lib/server/signing/signer-token";
import { env } from "@/lib/env";
import type { DocumentDetails, ListedDocumentRow } from "./load-document-details";
import type { DocumentRow } from "./document-access";


/**
 * Spec 2.1. `single` adds the fields the spec gives only on single-document
 * retrieval (kba, form_fields, certificate addresses).
 *
 * A signing link is its signer's credential: only the document's sender (any
 * of the sender's tokens) gets working `sign_url`s and embed codes. Everyone
 * else who may see the document (copied parties, teammates it is shared with)
 * gets the same address without its `access_token`, which opens a page saying
 * the link is incomplete (docs/api-decisions.md, "Signing links").
 */
export function serializeDocument(details: DocumentDetails, version: ApiVersion, single: true, viewerUserId: string): DocumentResource;
export function serializeDocument(details: DocumentDetails<ListedDocumentRow>, version: ApiVersion, single: false, viewerUserId: string): DocumentResource;
export function serializeDocument(details: DocumentDetails<ListedDocumentRow>, version: ApiVersion, single: boolean, viewerUserId: string): DocumentResource {
  const { doc, sender, recipients } = details;
  const linkFor = doc.senderUserId === viewerUserId ? signUrl : bareSignUrl;
  const base = env().APP_URL;
  const safeName = doc.filename.replace(/\.[^.]+$/, "");
  const resource: DocumentResource = {
    id: doc.id,
    current_signer_id: doc.currentSignerId,
    name: doc.name,
    filename: doc.filename,
    executed_at: apiTimeOrNull(doc.executedAt),
    expired_at: apiTime(doc.expiresAt),
    sent_at: apiTimeOrNull(doc.sentAt),
    state: doc.state as DocumentState,
    thumbnail_url: doc.pages[0] ? signedFileUrl(doc.pages[0].thumbnailKey) : null,
    sender: { id: sender.id, name: sender.name, email: sender.email, signer: recipients.some((r) => r.isSender) },
    recipients: recipients.map((r) => ({
      role_name: r.roleName,
      name: r.name,
      email: r.email,
      status: r.status,
      id: r.id,
      sign_url: linkFor(r),
      remind_url: `${base}/public/${version}/signers/${r.id}/reminders`,
      message: r.message,
      sequence: r.sequence,
    })),
    audits: details.audits.map((a) => ({
      id: a.id,
      payload: a.payload,
      user_id: a.userId,
      metadata: { keyword: a.keyword },
      account_id: a.accountId,
      created_at: apiTime(a.createdAt),
      ip_address: a.ipAddress,
      document_id: a.documentId,
    })),
    page_image_urls: doc.pages.map((p) => signedFileUrl(p.imageKey)),
    signed_pdf_url: doc.signedPdfKey ? signedFileUrl(doc.signedPdfKey, { filename: `${safeName}-signed.pdf` }) : null,
    // Extension: the PAdES level of the signed PDFs, once they exist (docs/api-decisions.md).
    signature_level: doc.signedPdfKey ? signatureLevelOf(doc.signatureLevel) : null,
    // Extension: why it was voided (void with a reason, docs/api-decisions.md).
    void_reason: doc.state === "voided" ? doc.voidReason : null,
    // Extension: whom a pending document waits for depends on it (docs/api-decisions.md).
    signer_sequencing: doc.signerSequencing,
    tags: doc.tags,
    merge_field_values: doc.mergeFieldValues,
    embed_codes: doc.apiEmbedded
      ? recipients
          .filter((r) => !r.omitted)
          .map((r) => ({
            embed_code: `<iframe src="${linkFor(r)}" width="${doc.embedWidth ?? 706}" height="${doc.embedHeight ?? 500}" frameborder="0" allow="clipboard-write"></iframe>`,
            signer_email: r.email,
            signer_role_name: r.roleName,
          }))
      : null,
    in_person: doc.inPerson,
    shared_with: doc.sharedWith,
    identity_method: doc.identityMethod,
    passcode_pin_enabled: doc.pinHash !== null,
    original_file_url: signedFileUrl(doc.originalFileKey, { filename: doc.filename }),
  };
  if (!single) return resource;
  // (single retrieval: the route read the whole row)
  const whole = doc as DocumentRow;

  const values = new Map((details.fieldValues ?? []).map((v) => [v.fieldId, v.value]));
  return {
    ...resource,
    kba: whole.kba,
    form_fields: whole.fields.map((f) => ({ id: f.id, name: f.name, role: f.role, value: formFieldValue(values.get(f.id)), page: f.page })),
    // Always URLs (spec 2.1): the stored files once produced, before that the certificate as it stands.
    signature_certificate_url: whole.certificateKey
      ? signedFileUrl(whole.certificateKey, { filename: `${safeName}-certificate.pdf` })
      : certificateUrl(doc.id, "signature", `${safeName}-certificate.pdf`),
    merged_document_certificate_url: whole.mergedPdfKey
      ? signedFileUrl(whole.mergedPdfKey, { filename: `${safeName}-signed-with-certificate.pdf` })
      : certificateUrl(doc.id, "merged", `${safeName}-with-certificate.pdf`),
  };
}

/** Signature and initials answers are images in storage: answered as a time-limited address of the image. */
function formFieldValue(stored: string | undefined) {
  if (!stored) return "";
  return stored.startsWith("storage:") ? signedFileUrl(stored.slice("storage:".length)) : stored;
}

const SIGNATURE_LEVELS = ["B-B", "B-T", "B-LT", "B-LTA"] as const;
const signatureLevelOf = (stored: string | null) =>
  SIGNATURE_LEVELS.find((l) => l === stored) ?? null;
