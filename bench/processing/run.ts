/**
 * Pages per second through the whole upload pipeline (processUpload: detect,
 * open, read tags, hide tags, render page + thumbnail across the worker
 * threads, store), next to pdf.js rendering the same pages alone in one
 * thread, measured in the same run (the machines are noisy, so only the ratio
 * travels), plus pdftoppm as an outside reference; at 50 and 200 pages.
 *
 *   tsx --conditions=react-server bench/processing/run.ts
 *   BENCH_PAGES=50,200 BENCH_RUNS=3 BENCH_RUNS_LARGE=2 BENCH_PDFTOPPM=0 BENCH_STAGES=0
 */
import fs from "node:fs/promises";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { processUpload } from "@/lib/server/processing/process-upload";
import { processingWorkersReady } from "@/lib/server/processing/run-in-worker";
import { usePdftoppm } from "@/lib/server/processing/pdftoppm";
import { declaredImageSize } from "@/lib/server/processing/image-size";
import { getStorage } from "@/lib/server/storage/storage";
import { PAGE_WIDTH_PX, renderWithPdfJsOnly } from "./baseline";
import { makeBenchPdf, expectedFieldCount, TAG_ROLES } from "./make-pdf";
import { peakMemory } from "./peak-memory";
import { pdftoppmVersion, renderWithPdftoppm } from "./pdftoppm";
import { measureStages } from "./stages";
import { writeResults, type Goal } from "../lib/results";

const SIZES = (process.env.BENCH_PAGES ?? "50,200").split(",").map(Number);
/** Runs for sizes up to 50 pages, and above (a 200-page round takes ~25 s on 2 busy cores). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RUNS_LARGE = Number(process.env.BENCH_RUNS_LARGE ?? 2);
const GOAL = 0.8; // issue 14 point 4: processing ≥ 0.8× the pdf.js render-only baseline

// Storage writes under DATA_DIR/files. Point it at a fresh temp dir before
// anything reads the env (env() is lazy), so the bench never touches .data/.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-processing-"));
process.env.DATA_DIR = dataDir;
const poppler = process.env.BENCH_PDFTOPPM === "0" ? null : pdftoppmVersion();

type Side = "pipeline" | "baseline" | "pdftoppm";
type Stats = { runsMs: number[]; cpuMs: number[]; medianPagesPerSec: number; minPagesPerSec: number; peakRssMb: number; peakRssGrowthMb: number; peakHeapMb: number };

/** CPU ms of this process's ended, waited-for children (Linux: /proc/self/stat's cutime + cstime, in clock ticks of 10 ms). */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10; // fields 16 and 17 of proc(5), counted from after the name
  } catch {
    return 0;
  }
}

/** One run of one side; returns wall-clock ms of the timed part, and the peak memory while it ran. */
async function runOnce(side: Side, pdf: Uint8Array, pdfPath: string, pages: number, run: number) {
  const prefix = `documents/bench-${pages}-${run}`;
  // The workers a job takes are started after the previous job; the clock starts once they are loaded,
  // so their start-up never overlaps another side's timing (a server has them waiting, too).
  await processingWorkersReady();
  let firstPageMs: number | null = null;
  // CPU time of the whole process (every thread: the workers too) and of the processes it started and
  // waited for (pdftoppm). Unlike wall time it hardly moves with the machine's load, so it says how
  // much work each side does.
  const cpu0 = process.cpuUsage();
  const children0 = childrenCpuMs();
  const t0 = performance.now();
  const { result, peak } = await peakMemory(async () => {
    if (side === "pipeline") {
      const out = await processUpload(pdf, {
        roles: TAG_ROLES,
        storagePrefix: prefix,
        onPage: (p) => void (p.n === 1 && (firstPageMs = performance.now() - t0)),
      });
      return { ms: performance.now() - t0, out };
    }
    if (side === "baseline") {
      if ((await renderWithPdfJsOnly(pdf)) !== pages) throw new Error("baseline rendered the wrong page count");
    } else {
      await renderWithPdftoppm(pdfPath, PAGE_WIDTH_PX);
    }
    return { ms: performance.now() - t0, out: null };
  });
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 + (childrenCpuMs() - children0);
  if (result.out && run === 0) await checkPipelineOutput(result.out, pages);
  // Not timed: each run then writes into an empty folder, like a new upload.
  if (side === "pipeline") await fs.rm(path.join(dataDir, "files", prefix), { recursive: true, force: true });
  return { ms: result.ms, cpuMs, peak, firstPageMs };
}

/** Guards the comparison: same pages, tags found, and pages stored at the width the baseline uses. */
async function checkPipelineOutput(out: Awaited<ReturnType<typeof processUpload>>, pages: number) {
  if (out.pageCount !== pages) throw new Error(`pipeline stored ${out.pageCount} pages, expected ${pages}`);
  if (out.fields.length !== expectedFieldCount(pages)) throw new Error(`pipeline found ${out.fields.length} fields, expected ${expectedFieldCount(pages)}`);
  const image = (await getStorage().get(out.pages[0]!.imageKey))!.data;
  const width = declaredImageSize(image, out.pages[0]!.imageKey.endsWith(".png") ? "png" : "jpeg")?.width;
  if (width !== PAGE_WIDTH_PX) throw new Error(`pipeline pages are ${width}px wide, baseline renders ${PAGE_WIDTH_PX}px: update baseline.ts`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;

const loadBefore = os.loadavg();
const results: Record<string, unknown>[] = [];
const goals: Goal[] = [];
try {
  for (const pages of SIZES) {
    const runs = pages > 50 ? RUNS_LARGE : RUNS;
    const pdf = await makeBenchPdf(pages);
    const pdfPath = path.join(dataDir, `bench-${pages}.pdf`);
    await fs.writeFile(pdfPath, pdf);
    // pdftoppm only as a reference at the first size: it adds a third of the time.
    const sides: Side[] = poppler && pages === SIZES[0] ? ["pipeline", "baseline", "pdftoppm"] : ["pipeline", "baseline"];
    const ms: Record<Side, number[]> = { pipeline: [], baseline: [], pdftoppm: [] };
    const cpuMs: Record<Side, number[]> = { pipeline: [], baseline: [], pdftoppm: [] };
    const peaks: Record<Side, { rss: number; growth: number; heap: number }[]> = { pipeline: [], baseline: [], pdftoppm: [] };
    const firstPage: number[] = [];
    // Warm-up (run 0, not recorded): loads pdf.js, fonts, JIT; also checks the output.
    for (const side of sides) await runOnce(side, pdf, pdfPath, pages, 0);
    // Timed rounds, order reversed every other round so drift and GC debt fall on every side alike.
    for (let r = 1; r <= runs; r++) {
      for (const side of r % 2 ? sides : [...sides].reverse()) {
        const t = await runOnce(side, pdf, pdfPath, pages, r);
        ms[side].push(t.ms);
        cpuMs[side].push(t.cpuMs);
        peaks[side].push(t.peak);
        if (t.firstPageMs !== null) firstPage.push(t.firstPageMs);
        process.stderr.write(`  ${pages} p run ${r} ${side.padEnd(8)} ${(t.ms / 1000).toFixed(2)} s (CPU ${(t.cpuMs / 1000).toFixed(2)} s), peak RSS ${mb(t.peak.rss)} MB, load ${os.loadavg()[0]!.toFixed(1)}\n`);
      }
    }
    const pps = (t: number) => pages / (t / 1000);
    const stats = Object.fromEntries(
      sides.map((s) => {
        const rates = ms[s].map(pps);
        const stat: Stats = {
          runsMs: ms[s].map(Math.round),
          cpuMs: cpuMs[s].map(Math.round),
          medianPagesPerSec: median(rates),
          minPagesPerSec: Math.min(...rates),
          peakRssMb: mb(Math.max(...peaks[s].map((p) => p.rss))),
          peakRssGrowthMb: mb(Math.max(...peaks[s].map((p) => p.growth))),
          peakHeapMb: mb(Math.max(...peaks[s].map((p) => p.heap))),
        };
        return [s, stat];
      }),
    ) as Record<Side, Stats>;
    const ratio = stats.pipeline.medianPagesPerSec / stats.baseline.medianPagesPerSec;
    // Same-round pairs share the machine's mood, so their ratio is the steadier figure.
    const pairedRatio = median(ms.pipeline.map((t, i) => ms.baseline[i]! / t));
    const firstPageMedianMs = Math.round(median(firstPage));
    // Work done, whatever the load: baseline CPU ÷ pipeline CPU (the pipeline's pdftoppm processes counted).
    const cpuRatio = median(cpuMs.pipeline.map((t, i) => cpuMs.baseline[i]! / t));
    goals.push({
      name: `processing ≥${GOAL}× pdf.js (${pages} pages)`,
      ratio: round2(pairedRatio),
      goal: `≥${GOAL}`,
      ok: pairedRatio >= GOAL,
      better: "higher",
      measured: round2(stats.pipeline.medianPagesPerSec),
      unit: "pages/s",
      note: `pdf.js alone ${round2(stats.baseline.medianPagesPerSec)} pages/s; CPU ${round2(1 / cpuRatio)}× the baseline's; peak RSS growth ${stats.pipeline.peakRssGrowthMb} MB; page 1 stored after ${firstPageMedianMs} ms`,
    });

    const label: Record<Side, string> = { pipeline: "pipeline (processUpload)", baseline: "baseline (pdf.js render only)", pdftoppm: "pdftoppm (reference)" };
    console.log(`\n${pages}-page PDF, pages ${PAGE_WIDTH_PX}px wide drawn by ${usePdftoppm() ? "poppler (pdftocairo; thumbnails pdftoppm)" : "pdf.js"}, ${runs} timed runs + 1 warm-up, alternating; ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
    console.log(`${"side".padEnd(30)} ${"median p/s".padStart(10)} ${"min p/s".padStart(8)} ${"median s".padStart(8)} ${"CPU s".padStart(6)} ${"peak RSS MB".padStart(11)} ${"(growth)".padStart(8)} ${"main heap MB".padStart(12)}`);
    for (const s of sides) {
      const st = stats[s];
      console.log(
        `${label[s].padEnd(30)} ${st.medianPagesPerSec.toFixed(2).padStart(10)} ${st.minPagesPerSec.toFixed(2).padStart(8)} ${(median(ms[s]) / 1000).toFixed(2).padStart(8)} ${(median(cpuMs[s]) / 1000).toFixed(2).padStart(6)} ${String(st.peakRssMb).padStart(11)} ${String(st.peakRssGrowthMb).padStart(8)} ${String(st.peakHeapMb).padStart(12)}`,
      );
    }
    console.log(`ratio pipeline/baseline: ${ratio.toFixed(2)} (medians), ${pairedRatio.toFixed(2)} (median of same-round pairs; goal ≥ ${GOAL})`);
    console.log(`CPU time pipeline/baseline: ${(1 / cpuRatio).toFixed(2)}× (the work the pipeline does per page beyond pdf.js's render; with N idle cores the best ratio is N ÷ that)`);
    console.log(`page 1 stored after ${firstPageMedianMs} ms (median), the last after ${Math.round(median(ms.pipeline))} ms`);
    results.push({ pages, runs, stats, ratio, pairedRatio, cpuRatio, firstPageMedianMs });
  }
  const stages = process.env.BENCH_STAGES === "0" ? null : await measureStages(await makeBenchPdf(SIZES[0]!), path.join(dataDir, "files"));
  if (stages) {
    console.log(`\nwhere one pipeline pass goes, in one thread (single pass, indicative; ms for ${SIZES[0]} pages):`);
    for (const [k, v] of Object.entries(stages)) console.log(`  ${k.padEnd(34)} ${String(Math.round(v)).padStart(6)}`);
  }
  await writeJson(stages);
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}

function round2(n: number) {
  return Math.round(n * 100) / 100;
}

async function writeJson(stages: Record<string, number> | null) {
  console.log("\ngoals:");
  for (const g of goals) console.log(`  ${g.name.padEnd(40)} ratio ${g.ratio} (goal ${g.goal}) ${g.ok ? "ok" : "NOT MET"}`);
  const require = createRequire(import.meta.url);
  const versions = {
    node: process.version,
    pdfjs: (require("pdfjs-dist/package.json") as { version: string }).version,
    canvas: (require("@napi-rs/canvas/package.json") as { version: string }).version,
    pdftoppm: poppler,
    /** What drew the pipeline's pages (PROCESSING_RENDERER; docs/processing.md). */
    renderer: usePdftoppm() ? "poppler (pdftocairo; thumbnails pdftoppm)" : "pdf.js",
  };
  writeResults("processing", {
    convention: "ratio = baseline ms / pipeline ms, median of same-round pairs (higher is better)",
    widthPx: PAGE_WIDTH_PX,
    loadavg: { before: loadBefore, after: os.loadavg() },
    versions,
    goals,
    sizes: results,
    stagesMs: stages,
  });
}
