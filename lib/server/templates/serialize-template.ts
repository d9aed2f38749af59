import "server-only";
import { apiTime } from "@/lib/api/time";
import type { ReusableTemplateResource } from "@/lib/api/templates";
import { signedFileUrl } from "@/lib/server/storage/signed-url";
import type { TemplateRow } from "./template-access";

/** Spec 2.3. */
export function serializeTemplate(
  template: TemplateRow,
  creator: { name: string; email: string },
): ReusableTemplateResource {
  return {
    id: template.id,
    name: template.name,
    filename: template.filename,
    user_id: template.creatorUserId,
    creator,
    expires_in: template.expiresIn,
    signer_sequencing: template.signerSequencing,
    shared_with: template.sharedWith,
    distribution_method: template.distributionMethod,
    identity_method: template.identityMethod,
    kba: template.kba,
    passcode: template.passcode,
    tags: template.tags,
    roles: template.roles,
    // Only the spec-facing keys: the builder's extras (font size) stay in /ext.
    merge_field_components: template.mergeFields.map(({ id, name, type, page, x, y, width, height }) => ({ id, name, type, page, x, y, width, height })),
    created_at: apiTime(template.createdAt),
    updated_at: apiTime(template.updatedAt),
    thumbnail_url: template.pages[0] ? signedFileUrl(template.pages[0].thumbnailKey) : null,
    page_image_urls: template.pages.map((p) => signedFileUrl(p.imageKey)),
  };
}
