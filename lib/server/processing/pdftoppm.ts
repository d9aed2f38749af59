import "server-only";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { watch, type FSWatcher } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";

// Poppler's renderers, pdftocairo for the page images and pdftoppm for the
// thumbnails (docs/processing.md, "Page images from poppler"): they rasterise
// and encode a page in one native step, ~2× faster than pdf.js drawing into
// @napi-rs/canvas and Skia's JPEG encoder.
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

/**
 * Whether uploads' pages come from poppler (pdftocairo, and pdftoppm for the thumbnails): PROCESSING_RENDERER,
 * "auto" when both and prlimit are installed (Debian's poppler-utils has both; a poppler built without cairo
 * has no pdftocairo, and pdf.js draws there).
 */
export function usePdftoppm(): boolean {
  const mode = env().PROCESSING_RENDERER;
  if (mode === "pdfjs") return false;
  // Looked up once per process (three short synchronous runs, ~15 ms, on the first upload).
  g.__pdftoppmFound ??= runs("pdftoppm", ["-v"]) && runs("pdftocairo", ["-v"]) && runs("prlimit", ["--version"]);
  if (mode === "pdftoppm" && !g.__pdftoppmFound) {
    throw new Error("PROCESSING_RENDERER=pdftoppm, but pdftoppm, pdftocairo or prlimit is not installed (Debian: poppler-utils, util-linux)");
  }
  return g.__pdftoppmFound;
}

function runs(command: string, args: string[]): boolean {
  const r = spawnSync(command, args, { stdio: "ignore", timeout: 5000 });
  return !r.error && r.status === 0;
}

export type PdftoppmRun = {
  /**
   * Which of poppler's renderers: pdftocairo draws the page images (~25 % less CPU than pdftoppm at 1100 px on the
   * bench's pages, the same picture), pdftoppm the thumbnails (cheaper than pdftocairo at 200 px).
   */
  tool: "pdftocairo" | "pdftoppm";
  /** The PDF, as a file in `dir`. */
  pdfPath: string;
  /** A directory of this run's own (created here): the process writes its pages there, and nothing else does. */
  dir: string;
  first: number;
  last: number;
  /** The size every page of the run is drawn at: sizeArgs. */
  size: string[];
  quality: number;
  /** Memory the process may take (heap and private mappings), MB. */
  dataMb: number;
  /** CPU time it may take (s); the job's deadline kills it sooner through `signal`. */
  cpuSeconds: number;
  signal: AbortSignal;
  /** Each page as the process has written it, in page order; awaited before the next is handed. */
  onPage: (n: number, jpeg: Buffer) => Promise<void>;
};

/**
 * Renders pages first..last to JPEG with one poppler process, handing each
 * to onPage as its file is complete. Resolves when the process has ended:
 * every page handed, or fewer when it failed, was killed by its limits or
 * stopped writing (the caller renders the rest another way). Rejects when
 * onPage throws (the process is killed then) or the signal is aborted.
 *
 * When a page is complete: both tools draw the pages one after the other and
 * write each page's file in one go (open, write, close) once it is drawn, so
 * page n's file is whole once a later page's file exists, and every file is
 * once the process has ended. pdftocairo has no `-progress`, so the
 * directory is watched (and looked at again every 250 ms, should a change go
 * unseen). A file is only handed when it ends with the JPEG end-of-image
 * marker: a process killed while writing (its limits, a signal) leaves a
 * truncated last file, which is never handed.
 */
export async function runPdftoppm(run: PdftoppmRun): Promise<void> {
  await fs.mkdir(run.dir, { recursive: true });
  run.signal.throwIfAborted(); // (the job may have ended meanwhile: then no process is started)
  const root = path.join(run.dir, "p");
  const args = [
    `--data=${run.dataMb * 1024 * 1024}`,
    `--cpu=${run.cpuSeconds}`,
    "--core=0",
    "--",
    run.tool,
    "-cropbox", // pdf.js shows the crop box too (its `view`)
    "-jpeg",
    "-jpegopt",
    `quality=${run.quality}`,
    ...run.size,
    "-f",
    String(run.first),
    "-l",
    String(run.last),
    run.pdfPath,
    root,
  ];
  let chain = Promise.resolve();
  let failed: unknown = null;
  let handed = run.first - 1;
  let exited = false;
  let queued = false;
  let child: ChildProcess | undefined;
  // Hands every page known to be complete and not handed yet, in page order (one look at a time: chained). A file
  // being written sends a change per buffer it writes: a look still waiting to start covers all of them.
  const look = () => {
    if (queued) return;
    queued = true;
    chain = chain.then(async () => {
      queued = false;
      // Nothing more is handed once the job has stopped (files of a killed process).
      if (failed || run.signal.aborted) return;
      const ended = exited;
      try {
        const pages = await writtenPages(run.dir, run.first, run.last);
        const newest = pages.at(-1)?.n ?? 0;
        for (const { n, file } of pages) {
          if (n <= handed || (!ended && n >= newest)) continue;
          const jpeg = await fs.readFile(file);
          if (!endsWithEndOfImage(jpeg)) break; // (cut short by a kill: this page and the rest are drawn elsewhere)
          handed = n;
          await fs.rm(file, { force: true });
          await run.onPage(n, jpeg);
        }
      } catch (e) {
        failed ??= e;
        child?.kill("SIGKILL");
      }
    });
  };
  // Watched before the process starts, so no file is missed; a file's creation ("rename"; its writes are "change"s)
  // is what says the page before it is complete. Without a watch (inotify's limit reached) the poll alone looks.
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(run.dir, (event) => event === "rename" && look());
    watcher.on("error", () => {});
  } catch {
    watcher = undefined;
  }
  const poll = setInterval(look, 250);
  try {
    child = spawn("prlimit", args, {
      // (what poppler says about a damaged file is of no use here: a page it does not deliver is drawn elsewhere)
      stdio: "ignore",
      // Not the server's environment (database address, secrets): what fontconfig needs to find fonts.
      env: childEnv(),
      signal: run.signal,
      killSignal: "SIGKILL",
    });
    live().add(child);
    const started = child;
    await new Promise<void>((resolve) => {
      // "error" also comes when the signal kills it, before it has exited: then its "close" is awaited.
      started.on("error", () => started.pid === undefined && resolve()); // not started (prlimit missing)
      started.on("close", () => resolve());
    });
  } finally {
    clearInterval(poll);
    watcher?.close();
    if (child) live().delete(child);
  }
  exited = true;
  look();
  await chain;
  if (failed) throw failed;
  run.signal.throwIfAborted();
}

/**
 * The arguments that make `tool` draw a page of `points` (as shown: rotation applied) at exactly `pixels`.
 * pdftoppm (22.12) is given the pixel size, but it scales the page as stored and then turns it: a page turned a
 * quarter (`turned`) gets its sizes swapped. pdftocairo takes sizes as the page is shown, but from a pixel size it
 * derives a resolution and rounds the size it then computes up, and floating point can push that a pixel over
 * (1424 asked, 1425 drawn): it is given the resolution of a size a twentieth of a pixel smaller, worked out
 * from pdf.js's unrounded point sizes (`PageSize.points`, which poppler reads alike), which rounds up to the
 * size asked.
 */
export function sizeArgs(
  tool: PdftoppmRun["tool"],
  pixels: { width: number; height: number },
  points: { width: number; height: number },
  turned: boolean,
): string[] {
  if (tool === "pdftoppm") {
    const [x, y] = turned ? [pixels.height, pixels.width] : [pixels.width, pixels.height];
    return ["-scale-to-x", String(x), "-scale-to-y", String(y)];
  }
  const dpi = (px: number, pt: number) => String(((px - 0.05) / pt) * 72);
  return ["-rx", dpi(pixels.width, points.width), "-ry", dpi(pixels.height, points.height)];
}

/** The page files in `dir` (named `p-<n>.jpg`, n zero-padded to the document's page count) within first..last, by page. */
async function writtenPages(dir: string, first: number, last: number): Promise<{ n: number; file: string }[]> {
  const pages: { n: number; file: string }[] = [];
  for (const name of await fs.readdir(dir)) {
    const m = /^p-(\d+)\.jpg$/.exec(name);
    const n = m ? Number(m[1]) : NaN;
    if (n >= first && n <= last) pages.push({ n, file: path.join(dir, name) });
  }
  return pages.sort((a, b) => a.n - b.n);
}

/**
 * Whether a JPEG ends with its end-of-image marker (FF D9). A file cut short
 * ends wherever the writer's buffer did, inside the image data, where a
 * 0xFF byte is always followed by 0x00 or a restart marker: never FF D9.
 */
function endsWithEndOfImage(jpeg: Buffer): boolean {
  return jpeg.length >= 4 && jpeg[jpeg.length - 2] === 0xff && jpeg[jpeg.length - 1] === 0xd9;
}

/** PATH (to find poppler's tools), HOME (fontconfig's cache) and LANG: nothing of the server's own settings. */
function childEnv(): NodeJS.ProcessEnv {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", LANG: "C.UTF-8" };
  return env as NodeJS.ProcessEnv; // (our ProcessEnv type asks for NODE_ENV, which pdftoppm has no use for)
}
