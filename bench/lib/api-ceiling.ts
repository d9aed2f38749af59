import fs from "node:fs";
import path from "node:path";
import { RESULTS_DIR } from "./results";

/**
 * Is Next's own request handling what holds the API back? From bench/api's
 * results (api.json: per database, size and call, the API's req/s, a
 * constant route of the same server answering as many bytes, and plain
 * node:http answering them), per request:
 *   floor   = 1/constant − 1/node   what Next costs for any answer at all
 *   handler = 1/API − 1/constant    what our handler (auth, query, JSON) adds
 * and the API's req/s if the same handler ran behind node:http's floor
 * instead of Next's: 1 / (1/API − 1/constant + 1/node).
 */
type Row = { database: string; documents: number; call: string; apiRps: number; constantRps: number; rawRps: number | null };
export type CeilingRow = Row & { floorMs: number | null; handlerMs: number; nextShare: number | null; leanRps: number | null };

export function apiCeiling(): CeilingRow[] | null {
  const file = path.join(RESULTS_DIR, "api.json");
  if (!fs.existsSync(file)) return null;
  type Dataset = { database: string; documents: number; results: { name: string; apiRps: number; constantRps: number; rawRps: number | null }[] };
  let datasets: Dataset[];
  try {
    datasets = (JSON.parse(fs.readFileSync(file, "utf8")) as { datasets?: Dataset[] }).datasets ?? [];
  } catch {
    return null;
  }
  // node:http is measured once (first dataset); the same bytes per call answer the same elsewhere.
  const nodeRps = new Map<string, number>();
  for (const d of datasets) for (const r of d.results) if (r.rawRps) nodeRps.set(r.name, r.rawRps);
  const rows: CeilingRow[] = [];
  for (const d of datasets) {
    for (const r of d.results) {
      const raw = r.rawRps ?? nodeRps.get(r.name) ?? null;
      const handlerMs = 1000 / r.apiRps - 1000 / r.constantRps;
      const floorMs = raw ? 1000 / r.constantRps - 1000 / raw : null;
      rows.push({
        database: d.database,
        documents: d.documents,
        call: r.name,
        apiRps: r.apiRps,
        constantRps: r.constantRps,
        rawRps: raw,
        handlerMs,
        floorMs,
        nextShare: raw ? (1000 / r.constantRps - 1000 / raw) / (1000 / r.apiRps) : null,
        leanRps: raw ? 1000 / (handlerMs + 1000 / raw) : null,
      });
    }
  }
  return rows;
}

export function printCeiling(rows: CeilingRow[]) {
  const f = (x: number | null, d = 0) => (x === null || !Number.isFinite(x) ? "—" : x.toFixed(d));
  console.log("\nAPI vs Next's floor (bench/results/api.json; per request, 8 connections on 2 cores, so ms are CPU-shared):");
  console.log(`${"database".padEnd(9)} ${"docs".padStart(8)} ${"call".padEnd(10)} ${"API/s".padStart(7)} ${"const/s".padStart(8)} ${"node/s".padStart(7)} | ${"Next floor ms".padStart(13)} ${"handler ms".padStart(10)} ${"Next share".padStart(10)} | ${"same handler on node:http, /s".padStart(29)}`);
  for (const r of rows) {
    console.log(
      `${r.database.padEnd(9)} ${String(r.documents).padStart(8)} ${r.call.padEnd(10)} ${f(r.apiRps).padStart(7)} ${f(r.constantRps).padStart(8)} ${f(r.rawRps).padStart(7)} | ` +
        `${f(r.floorMs, 2).padStart(13)} ${f(r.handlerMs, 2).padStart(10)} ${(r.nextShare === null ? "—" : `${Math.round(r.nextShare * 100)} %`).padStart(10)} | ${f(r.leanRps).padStart(29)}`,
    );
  }
  console.log("Next floor = 1/const − 1/node; handler = 1/API − 1/const; Next share = the floor's part of an API request's time.");
}
