import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { MergeFieldComponent, PageInfo } from "@/lib/server/db/schema";
import { fitsBox, MIN_SIZE } from "@/lib/server/completion/fit-text";
import { fontsReady } from "@/lib/server/pdf-text";
import { shapeLine } from "@/lib/server/pdf-text/shape-line";
import type { MergeFieldValue } from "./resolve-merge-field-values";

// Same padding as the stamp (lib/server/completion/stamp-fields.ts), so "fits" means what the signed PDF draws.
const TEXT_PADDING = 2;

/**
 * Merge values are known at send time, so one that would not fit its box
 * even shrunk to the smallest readable size (fit-text's MIN_SIZE) is refused
 * now, naming the merge field, instead of being cut with "..." in the signed
 * PDF. Measured with the fonts the PDF is drawn with.
 */
export async function assertMergeValuesFit(components: MergeFieldComponent[], pages: PageInfo[], values: MergeFieldValue[], given: { id?: string; name?: string }[]) {
  if (values.length === 0) return;
  await fontsReady();
  const measure = (text: string, size: number) => shapeLine(text, 400).width * size;
  for (const v of values) {
    const c = components.find((m) => m.id === v.id);
    const page = c ? pages[c.page - 1] : undefined;
    if (!c || !page || !v.value.trim()) continue;
    const width = c.width * page.width;
    const height = c.height * page.height;
    let fits = true;
    try {
      fits = fitsBox(v.value.replace(/\s+/g, " ").trim(), measure, width, height, TEXT_PADDING, c.fontSize);
    } catch (err) {
      // Text the shaper cannot measure is not refused here: the stamp's own fallbacks draw it (or fail loudly there).
      console.error("[send] merge value not measured", err);
    }
    if (fits) continue;
    const index = Math.max(0, given.findIndex((g) => g.id === v.id || g.name === v.name));
    throw ApiError.badInput(
      `merge_field_values[${index}][value]`,
      `“${v.name}” is too long for its box: even at ${MIN_SIZE} pt it does not fit. Shorten it (or make the box larger in the template).`,
    );
  }
}
