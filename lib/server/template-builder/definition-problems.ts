import "server-only";
import { ApiError } from "@/lib/api/errors";
import { pageProblems, type TemplateDefinition } from "@/lib/api/template-definition";

/** A definition naming a page the file does not have is refused with the first problem, in the API's words. */
export function assertFitsPages(def: TemplateDefinition, pageCount: number) {
  const [problem] = pageProblems(def, pageCount);
  if (!problem) return;
  const [param, ...why] = problem.split(": ");
  throw ApiError.badInput(`definition[${param}]`, why.join(": "));
}
