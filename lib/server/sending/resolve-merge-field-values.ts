import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { MergeFieldComponent } from "@/lib/server/db/schema";

type Given = { id?: string; name?: string; value: string };
export type MergeFieldValue = { id: string; name: string; value: string };

const DATE = /^(\d{4})[/-](\d{2})[/-](\d{2})$/;

/**
 * Spec 4.4.2: values address merge fields by id, or (v2, with
 * `merge_field_identifier=name`) by name, where every component of that name
 * gets the value. Anything that matches no component is the spec's 422.
 */
export function resolveMergeFieldValues(
  components: MergeFieldComponent[],
  given: Given[],
  identifier: "id" | "name",
): MergeFieldValue[] {
  const values = new Map<string, MergeFieldValue>();
  given.forEach((item, index) => {
    const key = identifier === "name" ? (item.name ?? item.id) : item.id;
    if (!key) throw ApiError.badInput(`merge_field_values[${index}][${identifier}]`, "is required.");
    const matches = components.filter((c) => (identifier === "name" ? c.name === key : c.id === key));
    if (matches.length === 0) throw new ApiError("mergeFieldMismatch");
    for (const component of matches) {
      if (component.type === "date" && !isDate(item.value)) {
        throw ApiError.badInput(`merge_field_values[${index}][value]`, "must be a date written yyyy/mm/dd or yyyy-mm-dd.");
      }
      values.set(component.id, { id: component.id, name: component.name, value: item.value });
    }
  });
  return [...values.values()];
}

function isDate(value: string) {
  const m = DATE.exec(value.trim());
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
