import "server-only";
import type { TemplateDefinition } from "@/lib/api/template-definition";
import type { FieldDefinition, MergeFieldComponent, TemplateRole } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";

type Rows = { roles: TemplateRole[]; fields: FieldDefinition[]; mergeFields: MergeFieldComponent[] };

/** Where a field or merge field is: the same keys in the definition and in the rows. */
const placeOf = (b: { page: number; x: number; y: number; width: number; height: number }) => ({
  page: b.page,
  x: b.x,
  y: b.y,
  width: b.width,
  height: b.height,
});

/**
 * The stored rows of a parsed definition. An id is kept when the thing it
 * names already exists (`known`), so a new template version or an edited
 * draft keeps answering to the ids and names documents were sent with; any
 * other id (new, pasted from elsewhere, or a duplicate) is replaced.
 */
export function definitionToRows(def: TemplateDefinition, known: { fieldIds?: Iterable<string>; mergeFieldIds?: Iterable<string> } = {}): Rows {
  const keep = (ids: Iterable<string> | undefined) => {
    const allowed = new Set(ids ?? []);
    const used = new Set<string>();
    return (id: string | undefined) => {
      const ok = id !== undefined && allowed.has(id) && !used.has(id);
      const kept = ok ? id : newId();
      used.add(kept);
      return kept;
    };
  };
  const fieldId = keep(known.fieldIds);
  const mergeFieldId = keep(known.mergeFieldIds);
  return {
    roles: def.roles.map((r) => ({
      name: r.name,
      sequence: r.sequence,
      message: r.message,
      signer_name: r.signer_name,
      signer_email: r.signer_email,
    })),
    fields: def.fields.map((f) => ({
      id: fieldId(f.id),
      type: f.type,
      role: f.role,
      name: f.name,
      ...placeOf(f),
      required: f.required,
      ...(f.help_text ? { helpText: f.help_text } : {}),
      ...(f.font_size ? { fontSize: f.font_size } : {}),
    })),
    mergeFields: def.merge_fields.map((m) => ({
      id: mergeFieldId(m.id),
      name: m.name,
      type: m.type,
      ...placeOf(m),
      ...(m.font_size ? { fontSize: m.font_size } : {}),
    })),
  };
}

/** The builder's view of stored rows: the inverse of definitionToRows. */
export function rowsToDefinition(rows: Rows) {
  return {
    roles: rows.roles,
    fields: rows.fields.map((f) => ({
      id: f.id,
      type: f.type,
      role: f.role,
      name: f.name,
      ...placeOf(f),
      required: f.required,
      help_text: f.helpText ?? "",
      ...(f.fontSize ? { font_size: f.fontSize } : {}),
    })),
    merge_fields: rows.mergeFields.map((m) => ({
      id: m.id,
      name: m.name,
      type: m.type,
      ...placeOf(m),
      ...(m.fontSize ? { font_size: m.fontSize } : {}),
    })),
  };
}

/** The template columns a definition sets besides its roles and fields. */
export const templateSettingsOf = (def: TemplateDefinition) => ({
  name: def.name,
  expiresIn: def.expires_in,
  signerSequencing: def.signer_sequencing,
  sharedWith: def.shared_with,
  identityMethod: def.identity_method,
  kba: def.kba,
  passcode: def.passcode,
  tags: def.tags,
});
