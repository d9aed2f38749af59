import "server-only";
import type { FieldDefinition, MergeFieldComponent } from "@/lib/server/db/schema";
import type { Storage } from "@/lib/server/storage/storage";
import type { Stamp } from "./stamp-fields";

const STORAGE_PREFIX = "storage:";

type Input = {
  fields: FieldDefinition[];
  /** Rows of field_values: one answer per field id. */
  values: { fieldId: string; value: string }[];
  mergeFields: MergeFieldComponent[];
  mergeFieldValues: { id: string; name: string; value: string }[];
};

/**
 * What to draw on the signed PDF: every answered field and every merge field
 * that has a value. Unanswered optional fields and unticked boxes draw
 * nothing. Signature and initials images are read from storage here; a
 * missing image is an error (retried by the job), not a blank signature.
 */
export async function collectStamps(storage: Storage, input: Input): Promise<Stamp[]> {
  const answers = new Map(input.values.map((v) => [v.fieldId, v.value]));
  const stamps: Stamp[] = [];
  // One array per stored key, so stampFields embeds an image used by several fields once.
  const images = new Map<string, Promise<Uint8Array>>();
  const image = (value: string, label: string) => {
    if (!images.has(value)) images.set(value, loadImage(storage, value, label));
    return images.get(value)!;
  };

  // Merge fields first: they were on the page before anyone signed, so signer answers draw over them.
  for (const m of input.mergeFields) {
    // Values address components by id; a value carried over by name (older documents) still counts.
    const value = (input.mergeFieldValues.find((v) => v.id === m.id) ?? input.mergeFieldValues.find((v) => v.name === m.name))?.value;
    if (value?.trim()) stamps.push({ page: m.page, box: m, label: m.name, kind: "text", text: value, fontSize: m.fontSize });
  }

  for (const field of input.fields) {
    const value = answers.get(field.id);
    if (value === undefined || value === "") continue;
    const base = { page: field.page, box: field, label: field.name };
    switch (field.type) {
      case "checkbox":
        if (value === "true") stamps.push({ ...base, kind: "check" });
        break;
      case "signature":
      case "initials":
        stamps.push({ ...base, kind: "image", bytes: await image(value, field.name) });
        break;
      default:
        stamps.push({ ...base, kind: "text", text: value, fontSize: field.fontSize });
    }
  }
  return stamps;
}

async function loadImage(storage: Storage, value: string, label: string): Promise<Uint8Array> {
  if (!value.startsWith(STORAGE_PREFIX)) throw new Error(`The value of field "${label}" is not a stored image.`);
  const key = value.slice(STORAGE_PREFIX.length);
  const file = await storage.get(key);
  if (!file) throw new Error(`The image of field "${label}" (${key}) is missing from storage.`);
  return new Uint8Array(file.data);
}
