import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { MergeFieldComponent, PageInfo } from "@/lib/server/db/schema";
import { MIN_SIZE } from "@/lib/server/completion/fit-text";
import { textFitsBox } from "@/lib/server/completion/text-fits-box";
import type { MergeFieldValue } from "./resolve-merge-field-values";

/**
 * Merge values are known at send time, so one that would not fit its box
 * even shrunk to the smallest readable size (fit-text's MIN_SIZE) is refused
 * now, naming the merge field, instead of being cut with "..." in the signed
 * PDF. Measured with the fonts the PDF is drawn with.
 */
export async function assertMergeValuesFit(components: MergeFieldComponent[], pages: PageInfo[], values: MergeFieldValue[], given: { id?: string; name?: string }[]) {
  for (const v of values) {
    const c = components.find((m) => m.id === v.id);
    const page = c ? pages[c.page - 1] : undefined;
    if (!c || !page || !v.value.trim()) continue;
    if (await textFitsBox(v.value, c.width * page.width, c.height * page.height, c.fontSize)) continue;
    const index = Math.max(0, given.findIndex((g) => g.id === v.id || g.name === v.name));
    throw ApiError.badInput(
      `merge_field_values[${index}][value]`,
      `“${v.name}” is too long for its box: even at ${MIN_SIZE} pt it does not fit. Shorten it (or make the box larger in the template).`,
    );
  }
}
