import "server-only";
import { apiTime } from "@/lib/api/time";
import type { SendingRequestResource } from "@/lib/api/sending";
import type { sendingRequests } from "@/lib/server/db/schema";
import type { ApiVersion } from "@/lib/server/http/api-route";
import { env } from "@/lib/env";
import { uploadUrl } from "./upload-url";

export type SendingRequestRow = typeof sendingRequests.$inferSelect;

/** The page where the sender finishes a document made with prepare_document=true. */
export const preparationUrl = (id: string) => `${env().APP_URL}/sending_requests/${id}/prepare`;

/** Spec 2.4. `document_preparation_url` exists in v2 only, and holds an address only for prepared requests. */
export function serializeSendingRequest(row: SendingRequestRow, version: ApiVersion): SendingRequestResource {
  return {
    id: row.id,
    status: row.status as SendingRequestResource["status"],
    status_message: row.statusMessage,
    upload_url: uploadUrl(row.id, row.uploadExpiresAt),
    document_template_id: row.documentId,
    created_at: apiTime(row.createdAt),
    updated_at: apiTime(row.updatedAt),
    ...(version === "v2" ? { document_preparation_url: row.prepareDocument ? preparationUrl(row.id) : null } : {}),
  };
}
