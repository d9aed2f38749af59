import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The results every bench leaves for `npm run bench` (bench/run-all.ts): one
 * `bench/results/<name>.json` holding a `goals` list. A goal's `ratio` is
 * measured against what the goal compares with (a same-run baseline, or the
 * goal's own limit for an absolute goal such as "< 5 s"); `better` says which
 * way is good, `measured` and `unit` are what the table shows.
 */
export type Goal = {
  name: string;
  ratio: number | null;
  goal: string;
  ok: boolean;
  better?: "lower" | "higher";
  measured?: number | string | null;
  unit?: string;
  note?: string;
};

export const RESULTS_DIR = fileURLToPath(new URL("../results/", import.meta.url));

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    date: new Date().toISOString(),
    loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** Writes bench/results/<name>.json (the name run-all looks for) and returns its path. */
export function writeResults(name: string, json: { goals: Goal[] } & Record<string, unknown>): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, machine: machine(), ...json }, null, 2) + "\n");
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
  return file;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
