/**
 * Rewrites README.md's benchmark section (between `<!-- bench:start -->` and
 * `<!-- bench:end -->`) with the table of the latest `npm run bench`, read
 * from bench/results/summary.json and run.json. Nothing outside the markers
 * changes.
 *
 *   npx tsx scripts/bench-table.ts        (npm run bench does it with BENCH_README=1)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RESULTS_DIR } from "../bench/lib/results";
import { markdownTable, type RunInfo, type SummaryRow } from "../bench/lib/summary";

const START = "<!-- bench:start -->";
const END = "<!-- bench:end -->";
const README = fileURLToPath(new URL("../README.md", import.meta.url));

export function updateReadme(log: (s: string) => void = console.log) {
  const rows = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, "summary.json"), "utf8")) as SummaryRow[];
  const run = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, "run.json"), "utf8")) as RunInfo;
  const text = fs.readFileSync(README, "utf8");
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} section`);
  const next = `${text.slice(0, a + START.length)}\n${markdownTable(rows, run)}\n${text.slice(b)}`;
  if (next !== text) fs.writeFileSync(README, next);
  log(`README.md bench section: ${rows.length} goals from the run of ${run.startedAt}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) updateReadme();
