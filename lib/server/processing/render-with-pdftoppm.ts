import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { PAGE_IMAGE, type PageSize, type RenderedPage } from "@/lib/server/pdf/render-pages";
import { declaredImageSize } from "./image-size";
import { runPdftoppm, sizeArgs } from "./pdftoppm";
import { makeRenderDir, removeRenderDir } from "./render-dirs";
import type { PageRenderer } from "./run-in-worker";
import type { Job } from "./worker-pool";

/**
 * Renders a PDF's pages with poppler's processes, one pdftocairo per worker
 * of the job (docs/processing.md): the pages are dealt out in runs of
 * consecutive pages of the same size, in page order, so page 1 comes among
 * the first and a heavy run holds up one process only (and a pdftoppm
 * beside it draws the run's thumbnails at their size); the page sizes
 * (points) and pixel sizes are pdf.js's, read by worker 0 from the same
 * bytes, so fields sit where they did with the pdf.js renderer. A page
 * poppler does not deliver (it failed, hit its limits, or drew another size)
 * is rendered by that worker with pdf.js instead.
 *
 * `from`: the document the workers have open — "open" (the PDF given to
 * the "open" task; worker 0 has it open) or "source" (the upload as it
 * came; every worker has it open). `pdf` is its bytes.
 */
export async function renderWithPdftoppm(
  job: Job,
  pdf: Uint8Array,
  from: "open" | "source",
  give: (n: number, page: RenderedPage, renderer: PageRenderer) => void,
): Promise<void> {
  const { sizes } = await job.ask(0, { op: "sizes", from });
  const runs = planRuns(sizes, job.size);
  const workers = Math.min(job.size, runs.length);
  // The job's failure kills the processes; so does a failure of one of its loops, or its end.
  const stop = new AbortController();
  const onJobStop = () => stop.abort(job.signal.reason);
  job.signal.addEventListener("abort", onJobStop);
  const dir = await makeRenderDir();
  const { PROCESSING_MEMORY_MB: budgetMb, PROCESSING_TIMEOUT_SECONDS: seconds } = env();
  try {
    const pdfPath = path.join(dir, "in.pdf");
    await fs.writeFile(pdfPath, pdf);
    const opened = new Set(from === "source" ? Array.from({ length: workers }, (_, i) => i) : [0]);
    let next = 0;
    const loop = async (i: number) => {
      while (next < runs.length && !stop.signal.aborted) {
        const run = runs[next++]!;
        // Two processes per run, the page images (pdftocairo) and the thumbnails (pdftoppm, drawn at their size:
        // cheaper than decoding and scaling the page image down); a page is given once it has both.
        const halves = new Map<number, { image?: Buffer; thumbnail?: Buffer }>();
        const delivered = new Set<number>();
        const draw = (kind: "image" | "thumbnail", pixels: { width: number; height: number }, quality: number) =>
          runPdftoppm({
            tool: TOOL[kind],
            pdfPath,
            dir: path.join(dir, `${kind}-${run.first}`),
            first: run.first,
            last: run.last,
            size: sizeArgs(TOOL[kind], pixels, run.points, run.turned),
            quality,
            // The job's budget, shared by its processes (they are outside the RSS the workers' watch sees).
            dataMb: Math.max(32, Math.floor(budgetMb / (2 * workers))),
            cpuSeconds: seconds,
            signal: stop.signal,
            onPage: async (n, jpeg) => {
              const drawn = declaredImageSize(jpeg, "jpeg");
              // Not the size asked for (a page poppler reads otherwise than pdf.js): pdf.js draws this page.
              if (!drawn || Math.abs(drawn.width - pixels.width) > 1 || Math.abs(drawn.height - pixels.height) > 1) throw new SkipPage();
              const got = halves.get(n) ?? {};
              got[kind] = jpeg;
              halves.set(n, got);
              if (!got.image || !got.thumbnail) return;
              const size = sizes[n - 1]!;
              give(n, { width: size.width, height: size.height, image: got.image, thumbnail: got.thumbnail }, "pdftoppm");
              halves.delete(n);
              delivered.add(n);
            },
          }).catch((e) => {
            if (!(e instanceof SkipPage)) throw e;
          });
        await Promise.all([
          draw("image", run.pixels, PAGE_IMAGE.quality),
          draw("thumbnail", run.thumbnail, PAGE_IMAGE.thumbnailQuality),
        ]);
        // What pdftoppm left out, pdf.js draws (bounded like any page of the job).
        for (let n = run.first; n <= run.last && !stop.signal.aborted; n++) {
          if (delivered.has(n)) continue;
          if (!opened.has(i)) {
            await job.ask(i, { op: "open", bytes: pdf });
            opened.add(i);
          }
          give(n, (await job.ask(i, { op: "page", n, from })).page, "pdfjs");
        }
      }
    };
    // Every loop settles before the directory is removed and the workers are closed (a loop still waiting for a
    // worker's page would otherwise see a second request sent to the same worker).
    const ended = await Promise.allSettled(
      Array.from({ length: workers }, (_, i) =>
        loop(i).catch((e) => {
          stop.abort(e);
          throw e;
        }),
      ),
    );
    job.signal.throwIfAborted();
    const failed = ended.find((r) => r.status === "rejected");
    if (failed) throw failed.reason;
  } finally {
    stop.abort(new Error("rendering has ended"));
    job.signal.removeEventListener("abort", onJobStop);
    await removeRenderDir(dir);
  }
}

/** Which of poppler's renderers draws what (pdftoppm.ts). */
const TOOL = { image: "pdftocairo", thumbnail: "pdftoppm" } as const;

/** A page image of another size than asked: the run stops there and pdf.js draws the rest of it. */
class SkipPage extends Error {}

type Run = { first: number; last: number } & Pick<PageSize, "points" | "pixels" | "thumbnail" | "turned">;

/**
 * Consecutive pages of the same size (points and pixels) and turn, at most 1/processes of the pages
 * each: a document of one page size is one run per process (each run starts
 * two processes, ~25 ms of CPU each; smaller runs measured slower on the
 * bench's 50 pages), pages of other sizes start runs of their own.
 */
function planRuns(sizes: PageSize[], processes: number): Run[] {
  const most = Math.max(2, Math.ceil(sizes.length / processes));
  const runs: Run[] = [];
  sizes.forEach((s, i) => {
    const last = runs.at(-1);
    const same =
      last &&
      last.last - last.first + 1 < most &&
      last.points.width === s.points.width &&
      last.points.height === s.points.height &&
      last.pixels.width === s.pixels.width &&
      last.pixels.height === s.pixels.height &&
      last.turned === s.turned;
    if (same) last.last = i + 1;
    else runs.push({ first: i + 1, last: i + 1, points: s.points, pixels: s.pixels, thumbnail: s.thumbnail, turned: s.turned });
  });
  return runs;
}

