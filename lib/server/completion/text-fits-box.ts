import "server-only";
import { fontsReady } from "@/lib/server/pdf-text";
import { shapeLine } from "@/lib/server/pdf-text/shape-line";
import { fitsBox } from "./fit-text";

// Same padding as the stamp (stamp-fields.ts), so "fits" means what the signed PDF draws.
const TEXT_PADDING = 2;

/**
 * Whether `value` fits a box of `width` × `height` points in the signed PDF,
 * shrunk at most to fit-text's MIN_SIZE, measured with the fonts the PDF is
 * drawn with. Used where text is accepted (merge values at send time, a
 * signer's typed answers at submission) so that nothing accepted is later cut
 * with "..." in the signed PDF. Text the shaper cannot measure counts as
 * fitting: the stamp's own fallbacks draw it (or fail loudly there).
 */
export async function textFitsBox(value: string, width: number, height: number, maxSize?: number): Promise<boolean> {
  const text = value.replace(/\s+/g, " ").trim();
  if (!text) return true;
  await fontsReady();
  try {
    return fitsBox(text, (t, size) => shapeLine(t, 400).width * size, width, height, TEXT_PADDING, maxSize);
  } catch (err) {
    console.error("[fit] text not measured", err);
    return true;
  }
}
