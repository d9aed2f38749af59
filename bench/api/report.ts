import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TargetResult } from "./measure";

export type Dataset = { database: string; documents: number; seedSeconds: number; results: TargetResult[] };
export type Goal = { name: string; ratio: number | null; goal: string; ok: boolean | null };

/** The size the ratios are stated at, and the others are compared with. */
const REFERENCE = 100_000;
const SPREAD = 0.2;

/**
 * The goals, per database: each call's ratio at 100,000 documents
 * against its floor, and its ratio at every other size within 20 % of the
 * one at 100,000 (`ok: null` when a size was not measured).
 */
export function goals(datasets: Dataset[], sizes: number[]): Goal[] {
  const out: Goal[] = [];
  for (const database of [...new Set(datasets.map((d) => d.database))]) {
    const at = (n: number) => datasets.find((d) => d.database === database && d.documents === n);
    const ref = at(REFERENCE);
    if (!ref) {
      out.push({ name: `${database}: ${REFERENCE} documents`, ratio: null, goal: "measured (BENCH_DOCS_LIST)", ok: null });
      continue;
    }
    for (const r of ref.results) {
      if (r.goal !== null) out.push({ name: `${database}: ${r.name} at ${REFERENCE}`, ratio: round(r.ratio), goal: `>= ${r.goal}`, ok: r.ratio >= r.goal });
    }
    for (const n of [...new Set([1000, 1_000_000, ...sizes])].filter((n) => n !== REFERENCE)) {
      const other = at(n);
      for (const r of ref.results) {
        const o = other?.results.find((x) => x.name === r.name);
        const rel = o ? o.ratio / r.ratio : null;
        out.push({
          name: `${database}: ${r.name} at ${n} vs ${REFERENCE}`,
          ratio: rel === null ? null : round(rel),
          goal: `within ${SPREAD * 100} % (${1 - SPREAD}–${1 + SPREAD})${o ? "" : "; not measured"}`,
          ok: rel === null ? null : Math.abs(rel - 1) <= SPREAD,
        });
      }
    }
  }
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function printTable(datasets: Dataset[], goalList: Goal[], head: string) {
  console.log(`\n${head}`);
  console.log(`${"database".padEnd(9)} ${"docs".padStart(8)} ${"seed s".padStart(7)} | ${"call".padEnd(8)} ${"bytes".padStart(7)} | ${"API req/s".padStart(9)} ${"const".padStart(6)} ${"node".padStart(6)} | ${"API/const".padStart(9)} ${"goal".padStart(5)}`);
  for (const d of datasets) {
    for (const r of d.results) {
      console.log(
        `${d.database.padEnd(9)} ${String(d.documents).padStart(8)} ${d.seedSeconds.toFixed(0).padStart(7)} | ${r.name.padEnd(8)} ${String(r.bytes).padStart(7)} | ` +
          `${r.apiRps.toFixed(0).padStart(9)} ${r.constantRps.toFixed(0).padStart(6)} ${(r.rawRps === null ? "—" : r.rawRps.toFixed(0)).padStart(6)} | ${r.ratio.toFixed(2).padStart(9)} ${(r.goal === null ? "" : String(r.goal)).padStart(5)}`,
      );
    }
  }
  console.log("API = the call with a bearer token; const = /public/bench/constant answering as many bytes; node = plain node:http, same bytes (first dataset only).");
  console.log("\ngoals:");
  for (const g of goalList) console.log(`  ${g.ok === null ? "n/a " : g.ok ? "ok  " : "MISS"} ${g.name.padEnd(40)} ${g.ratio === null ? "—" : g.ratio.toFixed(2)}  (${g.goal})`);
}

/** bench/results/api.json (the latest run) and a timestamped copy. */
export async function writeResults(json: Record<string, unknown>) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dir = fileURLToPath(new URL("../results/", import.meta.url));
  await fs.mkdir(dir, { recursive: true });
  const text = JSON.stringify({ stamp, cpus: os.cpus().length, ...json }, null, 2) + "\n";
  await fs.writeFile(path.join(dir, "api.json"), text);
  await fs.writeFile(path.join(dir, `api-${stamp}.json`), text);
  console.log(`\nwrote bench/results/api.json (and api-${stamp}.json)`);
}
