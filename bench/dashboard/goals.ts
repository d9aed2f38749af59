import type { FirstLoad } from "./report";
import type { FloorResult, VariantResult } from "./measure";

/**
 * The issue's goals for the dashboard (issue 14, point 6), in the shape
 * `npm run bench` collects from bench/results/<name>.json: every `ratio` is
 * better lower and met at or below `goal`.
 *
 * - the documents page's server response ≤ 1.3× the API call it makes:
 *   ratio = median page time / median API time of the same run (each variant);
 *   each note also gives the floor (measure.ts, measureFloor): a page with no
 *   session and no data, which no dashboard page can be cheaper than;
 * - first-load JavaScript (gzip) ≤ 130 KB on the list pages and ≤ 180 KB on
 *   every route: ratio = KB / budget, so the goal is 1 (`measured` holds the KB).
 */
export type Goal = {
  name: string;
  ratio: number;
  goal: number;
  ok: boolean;
  better: "lower";
  measured: number;
  unit: string;
  note?: string;
};

export const PAGE_RATIO_GOAL = 1.3;
export const LIST_PAGE_KB = 130;
export const ANY_PAGE_KB = 180;
/** The list pages of the dashboard (the documents list's views share its route). */
export const LIST_PAGES = ["/documents", "/templates", "/archived"];

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const kb = (bytes: number) => round(bytes / 1024, 1);

export function dashboardGoals(results: VariantResult[], floor: FloorResult, firstLoad: FirstLoad): Goal[] {
  const goals: Goal[] = [];
  for (const r of results) {
    const ratio = round(r.ratio);
    goals.push({
      name: `documents page ≤1.3× its API call${r.variant.name === "page 1" ? "" : ` (${r.variant.name})`}`,
      ratio,
      goal: PAGE_RATIO_GOAL,
      ok: ratio <= PAGE_RATIO_GOAL,
      better: "lower",
      measured: round(r.page.medianMs, 1),
      unit: "ms (page median)",
      note:
        `${r.variant.page}: page ${r.page.medianMs.toFixed(0)} ms, API ${r.api.medianMs.toFixed(0)} ms (median of same-round ratios ${r.pairedRatio.toFixed(2)}); ` +
        `floor: ${floor.page} (no session, no data) ${floor.floor.medianMs.toFixed(1)} ms, ${floor.ratio.toFixed(2)}× page 1's API call`,
    });
  }
  const budget = (name: string, route: string, bytes: number, limit: number): Goal => {
    const ratio = round(kb(bytes) / limit, 3);
    return { name, ratio, goal: 1, ok: kb(bytes) <= limit, better: "lower", measured: kb(bytes), unit: "KB gzip", note: `${route}: ${kb(bytes)} KB of at most ${limit} KB` };
  };
  for (const route of LIST_PAGES) {
    const r = firstLoad.routes.find((x) => x.route === route);
    if (r) goals.push(budget(`first-load JS ≤130 KB (list pages): ${route}`, route, r.gzipBytes, LIST_PAGE_KB));
  }
  const heaviest = [...firstLoad.routes].sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
  if (heaviest) goals.push(budget("first-load JS ≤180 KB (heaviest)", heaviest.route, heaviest.gzipBytes, ANY_PAGE_KB));
  return goals;
}
