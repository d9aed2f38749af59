import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteJs } from "./first-load-js";
import type { FloorResult, VariantResult } from "./measure";

export type FirstLoad = { shared: { files: number; gzipBytes: number }; routes: (RouteJs & { html?: { files: number; gzipBytes: number } })[] };

const kb = (b: number) => (b / 1024).toFixed(1);
const ms = (x: number) => x.toFixed(0);

export function printTimes(results: VariantResult[], floor: FloorResult, head: string) {
  console.log(`\n${head}`);
  console.log(`${"variant".padEnd(16)} ${"".padEnd(4)} | ${"page: median".padStart(12)} ${"p95".padStart(6)} ${"min".padStart(6)} | ${"API: median".padStart(11)} ${"p95".padStart(6)} ${"min".padStart(6)} | ${"page/API".padStart(8)} ${"paired".padStart(6)}`);
  for (const r of results) {
    const { page: p, api: a } = r;
    console.log(
      `${r.variant.name.padEnd(16)} ${"ms".padEnd(4)} | ${ms(p.medianMs).padStart(12)} ${ms(p.p95Ms).padStart(6)} ${ms(p.minMs).padStart(6)} | ` +
        `${ms(a.medianMs).padStart(11)} ${ms(a.p95Ms).padStart(6)} ${ms(a.minMs).padStart(6)} | ${r.ratio.toFixed(2).padStart(8)} ${r.pairedRatio.toFixed(2).padStart(6)}`,
    );
  }
  const f = floor;
  console.log(
    `${"floor".padEnd(16)} ${"ms".padEnd(4)} | ${ms(f.floor.medianMs).padStart(12)} ${ms(f.floor.p95Ms).padStart(6)} ${ms(f.floor.minMs).padStart(6)} | ` +
      `${ms(f.api.medianMs).padStart(11)} ${ms(f.api.p95Ms).padStart(6)} ${ms(f.api.minMs).padStart(6)} | ${f.ratio.toFixed(2).padStart(8)}`,
  );
  console.log("page = GET <variant page> with the session cookie (full server render, body read to the end);");
  console.log("API  = GET /public/v2/documents with the same query and a bearer token; paired = median of same-round ratios.");
  console.log(`floor = GET ${f.page} (no session, no API call, ${(f.pageBytes / 1024).toFixed(0)} KB), against page 1's API call: what any page of this server costs beyond its data.`);
}

export function printFirstLoad(fl: FirstLoad) {
  console.log(`\nfirst-load JS per route (gzip, KB; build manifests; shared by all: ${kb(fl.shared.gzipBytes)} KB in ${fl.shared.files} files)`);
  console.log(`${"route".padEnd(44)} ${"files".padStart(5)} ${"KB gzip".padStart(8)} ${"from HTML".padStart(10)}`);
  for (const r of fl.routes) {
    const html = r.html ? kb(r.html.gzipBytes) + (r.html.gzipBytes === r.gzipBytes ? "" : "*") : "—";
    console.log(`${r.route.padEnd(44)} ${String(r.files).padStart(5)} ${kb(r.gzipBytes).padStart(8)} ${html.padStart(10)}`);
  }
  console.log("from HTML = the <script src> of the route's server answer (— not fetched: dynamic or not a 200; * differs from the manifest).");
}

export function printExplain(explained: Record<string, { statement: string; executionMs: number }[]> | null) {
  if (!explained) return;
  console.log("\nlist API statements, EXPLAIN ANALYZE (warm), execution ms:");
  for (const [name, list] of Object.entries(explained)) {
    console.log(`  ${name.padEnd(16)} ${list.map((e) => `${e.statement} ${e.executionMs.toFixed(1)}`).join(", ")}`);
  }
}

/**
 * bench/results/<name>.json, the file `npm run bench` reads the goals from
 * (one per bench, overwritten by each run; bench/results/ is not committed).
 */
export async function writeJson(name: string, json: Record<string, unknown>) {
  const stamp = new Date().toISOString();
  const dir = fileURLToPath(new URL("../results/", import.meta.url));
  const file = path.join(dir, `${name}.json`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(file, JSON.stringify({ name, stamp, cpus: os.cpus().length, ...json }, null, 2) + "\n");
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}

export function printGoals(goals: { name: string; ratio: number; goal: number; ok: boolean; note?: string }[]) {
  console.log("\ngoals (ratio, lower is better; met at or below the goal):");
  for (const g of goals) console.log(`  ${g.ok ? "ok  " : "MISS"} ${g.name.padEnd(52)} ${g.ratio.toFixed(2).padStart(6)} ≤ ${String(g.goal).padEnd(4)} ${g.note ?? ""}`);
}
