import "server-only";
import type { TemplateUpload } from "@/lib/api/builder";
import { apiTime } from "@/lib/api/time";
import { uploadUrl } from "@/lib/server/sending-requests/upload-url";
import { rowsToDefinition } from "@/lib/server/templates/definition-rows";
import { serializePages } from "./serialize-pages";
import type { TemplateUploadRow } from "./template-upload-access";

export function serializeTemplateUpload(row: TemplateUploadRow): TemplateUpload {
  const { fields } = rowsToDefinition({ roles: [], fields: row.fields, mergeFields: [] });
  return {
    id: row.id,
    status: row.status as TemplateUpload["status"],
    status_message: row.statusMessage,
    file_name: row.fileName,
    upload_url: row.status === "waiting_for_file" ? uploadUrl(row.id, row.uploadExpiresAt, "template_uploads") : null,
    pages: serializePages(row.pages),
    fields,
    roles: [...new Set(row.fields.map((f) => f.role))],
    template_id: row.templateId,
    created_at: apiTime(row.createdAt),
  };
}
