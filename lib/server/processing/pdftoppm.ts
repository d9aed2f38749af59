import "server-only";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

// Poppler's pdftoppm as the page renderer (docs/processing.md, "Page images
// from pdftoppm"): it rasterises and encodes a page in one native step, ~2×
// faster than pdf.js drawing into @napi-rs/canvas and Skia's JPEG encoder.
// It runs on files that anyone may upload, so every process is bounded like
// the workers are: its memory (prlimit --data), CPU time (--cpu) and the job's
// deadline (killed on the job's signal), no core files, and an environment
// without the server's secrets. A page it does not deliver is rendered by the
// pdf.js workers instead (render-with-pdftoppm.ts).

const g = globalThis as unknown as { __pdftoppmFound?: boolean; __pdftoppmLive?: Set<ChildProcess> };

/**
 * The processes running now. Killed when this process exits: a shutdown hands
 * its running jobs back and exits without ending them, and a process left
 * running would draw for nobody until its CPU limit (a signal to the process
 * alone, as an orchestrator sends, does not reach them).
 */
function live(): Set<ChildProcess> {
  if (!g.__pdftoppmLive) {
    g.__pdftoppmLive = new Set();
    process.once("exit", killLivePdftoppm);
  }
  return g.__pdftoppmLive;
}

/** SIGKILLs the pdftoppm processes still running (at exit; render-dirs.ts calls it before removing their directories). */
export function killLivePdftoppm() {
  for (const child of g.__pdftoppmLive ?? []) child.kill("SIGKILL");
}

/** Whether uploads' pages come from pdftoppm: PROCESSING_RENDERER, "auto" when pdftoppm and prlimit are installed. */
export function usePdftoppm(): boolean {
  const mode = env().PROCESSING_RENDERER;
  if (mode === "pdfjs") return false;
  // Looked up once per process (two short synchronous runs, ~10 ms, on the first upload).
  g.__pdftoppmFound ??= runs("pdftoppm", ["-v"]) && runs("prlimit", ["--version"]);
  if (mode === "pdftoppm" && !g.__pdftoppmFound) {
    throw new Error("PROCESSING_RENDERER=pdftoppm, but pdftoppm or prlimit is not installed (Debian: poppler-utils, util-linux)");
  }
  return g.__pdftoppmFound;
}

function runs(command: string, args: string[]): boolean {
  const r = spawnSync(command, args, { stdio: "ignore", timeout: 5000 });
  return !r.error && r.status === 0;
}

export type PdftoppmRun = {
  /** The PDF, as a file in `dir`. */
  pdfPath: string;
  /** A directory of this run's own (created here): pdftoppm writes its pages there. */
  dir: string;
  first: number;
  last: number;
  /** Pixel width and height (-1: keep the page's proportions) of every page of the run. */
  size: { x: number; y: number };
  quality: number;
  /** Memory the process may take (heap and private mappings), MB. */
  dataMb: number;
  /** CPU time it may take (s); the job's deadline kills it sooner through `signal`. */
  cpuSeconds: number;
  signal: AbortSignal;
  /** Each page as pdftoppm has written it, in page order; awaited before the next is handed. */
  onPage: (n: number, jpeg: Buffer) => Promise<void>;
};

/**
 * Renders pages first..last to JPEG with one pdftoppm process, handing each
 * to onPage as its file is complete. Resolves when the process has ended:
 * every page handed, or fewer when it failed, was killed by its limits or
 * stopped writing (the caller renders the rest another way). Rejects when
 * onPage throws (the process is killed then) or the signal is aborted.
 */
export async function runPdftoppm(run: PdftoppmRun): Promise<void> {
  await fs.mkdir(run.dir, { recursive: true });
  run.signal.throwIfAborted(); // (the job may have ended meanwhile: then no process is started)
  const root = path.join(run.dir, `p${run.first}`);
  const args = [
    `--data=${run.dataMb * 1024 * 1024}`,
    `--cpu=${run.cpuSeconds}`,
    "--core=0",
    "--",
    "pdftoppm",
    "-progress", // "<page> <last> <file>" on stderr once each page's file is complete
    "-cropbox", // pdf.js shows the crop box too (its `view`)
    "-jpeg",
    "-jpegopt",
    `quality=${run.quality}`,
    "-scale-to-x",
    String(run.size.x),
    "-scale-to-y",
    String(run.size.y),
    "-f",
    String(run.first),
    "-l",
    String(run.last),
    run.pdfPath,
    root,
  ];
  const child = spawn("prlimit", args, {
    stdio: ["ignore", "ignore", "pipe"],
    // Not the server's environment (database address, secrets): what fontconfig needs to find fonts.
    env: childEnv(),
    signal: run.signal,
    killSignal: "SIGKILL",
  });
  live().add(child);
  let chain = Promise.resolve();
  let failed: unknown = null;
  let pending = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    pending += chunk;
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      const m = /^(\d+) (\d+) (.+)$/.exec(line);
      // Anything else is poppler's own complaint about the file: the page still comes (or not, and is rendered elsewhere).
      if (!m) continue;
      const n = Number(m[1]);
      const file = m[3]!;
      if (n < run.first || n > run.last || path.dirname(file) !== run.dir) continue;
      chain = chain.then(async () => {
        // Nothing more is handed once the job has stopped (lines still in the pipe of a killed process).
        if (failed || run.signal.aborted) return;
        try {
          const jpeg = await fs.readFile(file);
          await fs.rm(file, { force: true });
          await run.onPage(n, jpeg);
        } catch (e) {
          failed ??= e;
          child.kill("SIGKILL");
        }
      });
    }
    if (pending.length > 4096) pending = pending.slice(-4096); // a line that long is not progress
  });
  await new Promise<void>((resolve) => {
    // "error" also comes when the signal kills it, before it has exited: then its "close" is awaited.
    child.on("error", () => child.pid === undefined && resolve()); // not started (prlimit missing)
    child.on("close", () => resolve());
  });
  live().delete(child);
  await chain;
  if (failed) throw failed;
  run.signal.throwIfAborted();
}

/** PATH (to find pdftoppm), HOME (fontconfig's cache) and LANG: nothing of the server's own settings. */
function childEnv(): NodeJS.ProcessEnv {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", LANG: "C.UTF-8" };
  return env as NodeJS.ProcessEnv; // (our ProcessEnv type asks for NODE_ENV, which pdftoppm has no use for)
}
