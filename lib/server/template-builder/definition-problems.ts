import "server-only";
import { ApiError } from "@/lib/api/errors";
import { minFieldFraction } from "@/lib/api/field-rules";
import { pageProblems, type TemplateDefinition } from "@/lib/api/template-definition";

type Page = { width: number; height: number };
type StoredBox = { id: string; page: number; x: number; y: number; width: number; height: number };

/**
 * A definition naming a page the file does not have, or with a box smaller
 * than its type's readable minimum (lib/api/field-rules.ts, the builder's
 * own limit), is refused with the first problem, in the API's words. A box
 * kept exactly as stored (`stored`, by id: a text tag or form field of the
 * file, a template made before the limit) is left alone.
 */
export function assertFitsPages(def: TemplateDefinition, pages: readonly Page[], stored: readonly StoredBox[] = []) {
  const [problem] = pageProblems(def, pages.length);
  if (problem) {
    const [param, ...why] = problem.split(": ");
    throw ApiError.badInput(`definition[${param}]`, why.join(": "));
  }
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  const kept = (f: { id?: string; page: number; x: number; y: number; width: number; height: number }) =>
    stored.some((s) => s.id === f.id && s.page === f.page && same(s.x, f.x) && same(s.y, f.y) && same(s.width, f.width) && same(s.height, f.height));
  const tooSmall = (
    kind: "fields" | "merge_fields",
    list: readonly { id?: string; type: "signature" | "initials" | "text" | "date" | "checkbox"; page: number; x: number; y: number; width: number; height: number }[],
  ) =>
    list.forEach((f, i) => {
      const page = pages[f.page - 1];
      if (!page || kept(f)) return;
      const min = minFieldFraction(f.type, page);
      // A rounding margin: the builder stores six decimals.
      if (f.width + 1e-6 < min.width || f.height + 1e-6 < min.height) {
        throw ApiError.badInput(
          `definition[${kind}][${i}]`,
          `the box is too small to read once signed; a ${f.type} field needs at least ${Math.ceil(min.width * page.width)} × ${Math.ceil(min.height * page.height)} points.`,
        );
      }
    });
  tooSmall("fields", def.fields);
  tooSmall("merge_fields", def.merge_fields);
}
