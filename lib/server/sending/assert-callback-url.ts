import "server-only";
import { ApiError } from "@/lib/api/errors";
import { callbackUrlProblem } from "@/lib/server/callbacks/callback-url";

/** Spec 6.3 rules checked when the URL is given; the network rules are checked again at delivery. */
export function assertCallbackUrl(param: string, url: string | null | undefined) {
  if (!url) return;
  const problem = callbackUrlProblem(url);
  if (problem) throw ApiError.badInput(param, problem);
}
