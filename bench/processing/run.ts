/**
 * Pages per second through the whole upload pipeline (processUpload: detect,
 * open, read tags, hide tags, render page + thumbnail, store), next to pdf.js
 * rendering the same pages alone, measured in the same run (the machines are
 * noisy, so only the ratio travels), plus pdftoppm as an outside reference.
 *
 *   tsx --conditions=react-server bench/processing/run.ts
 *   BENCH_RUNS=5 BENCH_PAGES=50 BENCH_PDFTOPPM=0 BENCH_STAGES=0 (defaults: 5, 50, on, on)
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { processUpload } from "@/lib/server/processing/process-upload";
import { getStorage } from "@/lib/server/storage/storage";
import { PAGE_WIDTH_PX, renderWithPdfJsOnly } from "./baseline";
import { makeBenchPdf, expectedFieldCount, TAG_ROLES } from "./make-pdf";
import { pdftoppmVersion, renderWithPdftoppm } from "./pdftoppm";
import { measureStages } from "./stages";

const PAGES = Number(process.env.BENCH_PAGES ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

// Storage writes under DATA_DIR/files. Point it at a fresh temp dir before
// anything reads the env (env() is lazy), so the bench never touches .data/.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-processing-"));
process.env.DATA_DIR = dataDir;

const pdf = await makeBenchPdf(PAGES);
const pdfPath = path.join(dataDir, "bench.pdf");
await fs.writeFile(pdfPath, pdf);
const poppler = process.env.BENCH_PDFTOPPM === "0" ? null : pdftoppmVersion();

type Side = "pipeline" | "baseline" | "pdftoppm";
const sides: Side[] = poppler ? ["pipeline", "baseline", "pdftoppm"] : ["pipeline", "baseline"];

/** One run of one side; returns wall-clock ms of the timed part only. */
async function runOnce(side: Side, run: number): Promise<number> {
  const prefix = `documents/bench-${run}`;
  const t0 = performance.now();
  if (side === "pipeline") {
    const out = await processUpload(pdf, { roles: TAG_ROLES, storagePrefix: prefix });
    const ms = performance.now() - t0;
    if (run === 0) await checkPipelineOutput(out);
    // Not timed: each run then writes into an empty folder, like a new upload.
    await fs.rm(path.join(dataDir, "files", prefix), { recursive: true, force: true });
    return ms;
  }
  if (side === "baseline") {
    if ((await renderWithPdfJsOnly(pdf)) !== PAGES) throw new Error("baseline rendered the wrong page count");
  } else {
    await renderWithPdftoppm(pdfPath, PAGE_WIDTH_PX);
  }
  return performance.now() - t0;
}

/** Guards the comparison: same pages, tags found, and pages stored at the width the baseline uses. */
async function checkPipelineOutput(out: Awaited<ReturnType<typeof processUpload>>) {
  if (out.pageCount !== PAGES) throw new Error(`pipeline stored ${out.pageCount} pages, expected ${PAGES}`);
  if (out.fields.length !== expectedFieldCount(PAGES)) throw new Error(`pipeline found ${out.fields.length} fields, expected ${expectedFieldCount(PAGES)}`);
  const png = (await getStorage().get(out.pages[0]!.imageKey))!.data;
  const width = png.readUInt32BE(16); // PNG IHDR width
  if (width !== PAGE_WIDTH_PX) throw new Error(`pipeline pages are ${width}px wide, baseline renders ${PAGE_WIDTH_PX}px: update baseline.ts`);
}

const ms: Record<Side, number[]> = { pipeline: [], baseline: [], pdftoppm: [] };
const loadBefore = os.loadavg();
try {
  // Warm-up (run 0, not recorded): loads pdf.js, fonts, JIT; also checks the output.
  for (const side of sides) await runOnce(side, 0);
  // Timed rounds, order reversed every other round so drift and GC debt fall on every side alike.
  for (let r = 1; r <= RUNS; r++) {
    for (const side of r % 2 ? sides : [...sides].reverse()) {
      const t = await runOnce(side, r);
      ms[side].push(t);
      process.stderr.write(`  run ${r} ${side.padEnd(8)} ${(t / 1000).toFixed(2)} s\n`);
    }
  }
  const stages = process.env.BENCH_STAGES === "0" ? null : await measureStages(pdf, path.join(dataDir, "files"));
  await report(stages);
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}

async function report(stages: Awaited<ReturnType<typeof measureStages>> | null) {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = s.length >> 1;
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const pps = (t: number) => PAGES / (t / 1000);
  const stats = Object.fromEntries(
    sides.map((s) => {
      const rates = ms[s].map(pps);
      return [s, { runsMs: ms[s].map(Math.round), medianPagesPerSec: median(rates), minPagesPerSec: Math.min(...rates) }];
    }),
  ) as Record<Side, { runsMs: number[]; medianPagesPerSec: number; minPagesPerSec: number }>;
  const ratio = stats.pipeline.medianPagesPerSec / stats.baseline.medianPagesPerSec;
  // Same-round pairs share the machine's mood, so their ratio is the steadier figure.
  const pairedRatio = median(ms.pipeline.map((t, i) => ms.baseline[i]! / t));

  const label: Record<Side, string> = { pipeline: "pipeline (processUpload)", baseline: "baseline (pdf.js render only)", pdftoppm: "pdftoppm (reference)" };
  console.log(`\n${PAGES}-page PDF, pages ${PAGE_WIDTH_PX}px wide, ${RUNS} timed runs + 1 warm-up, alternating; ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(" ")}`);
  console.log(`${"side".padEnd(30)} ${"median p/s".padStart(10)} ${"min p/s".padStart(8)} ${"median s/run".padStart(12)}`);
  for (const s of sides) {
    const st = stats[s];
    console.log(`${label[s].padEnd(30)} ${st.medianPagesPerSec.toFixed(2).padStart(10)} ${st.minPagesPerSec.toFixed(2).padStart(8)} ${(median(ms[s]) / 1000).toFixed(2).padStart(12)}`);
  }
  console.log(`ratio pipeline/baseline: ${ratio.toFixed(2)} (medians), ${pairedRatio.toFixed(2)} (median of same-round pairs)`);
  if (stages) {
    console.log(`\nwhere one pipeline pass goes (single pass, indicative; ms for ${PAGES} pages):`);
    for (const [k, v] of Object.entries(stages)) console.log(`  ${k.padEnd(34)} ${String(Math.round(v)).padStart(6)}`);
  }

  const require = createRequire(import.meta.url);
  const versions = {
    node: process.version,
    pdfjs: (require("pdfjs-dist/package.json") as { version: string }).version,
    canvas: (require("@napi-rs/canvas/package.json") as { version: string }).version,
    pdftoppm: poppler,
  };
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dir = fileURLToPath(new URL("../results/", import.meta.url));
  const file = path.join(dir, `processing-${stamp}.json`);
  const json = { stamp, pages: PAGES, widthPx: PAGE_WIDTH_PX, runs: RUNS, cpus: os.cpus().length, loadavg: { before: loadBefore, after: os.loadavg() }, versions, stats, ratio, pairedRatio, stagesMs: stages };
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(file, JSON.stringify(json, null, 2) + "\n");
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}
