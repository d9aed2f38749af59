import "server-only";
import type { z } from "zod";
import { ApiError, type ApiErrorCode } from "@/lib/api/errors";

/**
 * Parses input with a contract schema. Issues whose params carry a catalog
 * `code` become that exact spec error; all others become a 422 naming the
 * parameter and why.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const code = (issue as { params?: { code?: ApiErrorCode } }).params?.code;
  if (code) throw new ApiError(code);
  const param = formatPath(issue.path);
  throw ApiError.badInput(param || "body", issue.message);
}

function formatPath(path: PropertyKey[]) {
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `[${String(p)}]`))
    .join("");
}
