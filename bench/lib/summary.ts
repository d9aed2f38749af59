import type { Goal } from "./results";
import type { machine } from "./results";

/**
 * What `npm run bench` leaves behind: bench/results/summary.json, the list
 * of goals of issue 14 ({name, ratio, goal, ok} and what the table shows),
 * and bench/results/run.json, how the run went (machine, databases, each
 * bench's time and outcome).
 */
export type SummaryRow = Omit<Goal, "goal"> & { goal: string | number; bench: string; database: string | null; reason?: string };

export type RunInfo = {
  machine: ReturnType<typeof machine>;
  databases: { pglite: string; postgres: string | null };
  startedAt: string;
  seconds: number;
  budgetSeconds: number;
  build: { distDir: string; seconds: number | null; reused: boolean; error?: string };
  /** The seeded accounts made beside the build (bench/lib/seed-datasets.ts), one process per database. */
  seeding: { kind: string; sizes: number[]; seconds: number; ok: boolean; log: string }[];
  benches: { id: string; database: string | null; status: "ok" | "failed" | "timed out" | "missing" | "skipped"; seconds: number; shareSeconds: number; reason?: string; log?: string }[];
};

const fmtRatio = (r: number | null) => (r === null || !Number.isFinite(r) ? "—" : `${r.toFixed(2)}×`);
const fmtMeasured = (row: SummaryRow) =>
  row.measured === undefined || row.measured === null ? "—" : `${row.measured}${row.unit ? ` ${row.unit}` : ""}`;
// (The benches that measure both databases name the database in each goal.)
const label = (row: SummaryRow) => row.bench;
/** A bare number as goal (some benches write one) gets its direction: ≤ 1, ≥ 0.8. */
const fmtGoal = (row: SummaryRow) => {
  const g = String(row.goal);
  if (!/^\d+(\.\d+)?$/.test(g)) return g;
  return row.better === "lower" ? `≤${g}` : row.better === "higher" ? `≥${g}` : g;
};

/** Plain-text table for the terminal. */
export function textTable(rows: SummaryRow[]): string {
  const cells = rows.map((r) => [label(r), r.name, fmtMeasured(r), fmtGoal(r), fmtRatio(r.ratio), r.ok ? "ok" : "FAIL", r.reason ?? ""]);
  const head = ["bench", "goal", "measured", "wanted", "ratio", "ok", "why not measured"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => (i === 4 ? x.padStart(widths[i]!) : x.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

/** Markdown table + machine line for README.md. */
export function markdownTable(rows: SummaryRow[], run: RunInfo): string {
  const m = run.machine;
  const dbs = [`PGlite ${run.databases.pglite}`, run.databases.postgres ? `PostgreSQL ${run.databases.postgres}` : null].filter(Boolean).join(" and ");
  const ok = rows.filter((r) => r.ok).length;
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    `Latest \`npm run bench\` (${m.date.slice(0, 16).replace("T", " ")} UTC, ${Math.round(run.seconds / 60)} min): ${m.cpu}, ${m.cores} cores, ${m.ramGb} GB RAM, Node ${m.node}, ${dbs}; ${ok} of ${rows.length} goals met.`,
    "",
    "| bench | goal | measured | wanted | ratio | ok |",
    "|---|---|---:|---|---:|:-:|",
    ...rows.map((r) => `| ${esc(label(r))} | ${esc(r.name)} | ${esc(fmtMeasured(r))} | ${esc(fmtGoal(r))} | ${fmtRatio(r.ratio)} | ${r.ok ? "✓" : `✗${r.reason ? ` ${esc(r.reason)}` : ""}`} |`),
  ].join("\n");
}
