import "server-only";
import type { FieldDefinition } from "@/lib/server/db/schema";
import type { RenderedPage } from "@/lib/server/pdf/render-pages";
import { MAX_PAGES } from "./processing-error";
import { metrics } from "@/lib/server/observability/metrics";
import { usePdftoppm } from "./pdftoppm";
import { renderWithPdftoppm } from "./render-with-pdftoppm";
import type { PageTags } from "./text-tags";
import { WORKERS, withJob, type Job } from "./worker-pool";

export { processingWorkersReady } from "./worker-pool";

export type PageRenderer = "pdftoppm" | "pdfjs";

/** Called with each page as soon as it is rendered (n from 1), in the order they finish. */
export type OnPage = (n: number, page: RenderedPage, pageCount: number) => Promise<void> | void;

/**
 * Runs the decoding of uploads (prepare-upload.ts), the rendering of PDFs and
 * the reading of signatures in worker threads with bounds, so a hostile or
 * broken file cannot take the server down with it:
 *
 * - each worker's JavaScript heap is capped (resourceLimits);
 * - memory outside that heap (typed arrays, canvas bitmaps) is watched: when
 *   the process's RSS grows by more than PROCESSING_MEMORY_MB over what it
 *   was when the job started (plus 64 MB for each kept worker on its first
 *   job: worker-pool.ts' FRESH_WORKER_MB), the job's workers are stopped;
 * - they are stopped after PROCESSING_TIMEOUT_SECONDS.
 *
 * A stopped worker frees everything it held; the upload ends with a
 * ProcessingError the sender can read. One job runs at a time per process
 * (the memory budget is then one job's), so further uploads wait their turn.
 * Workers are started ahead of time and kept between jobs (a fresh thread
 * runs pdf.js several times slower until its code is optimised, and loading
 * it costs a second or more); a job that fails in any way stops all of its
 * workers, and a worker is replaced after JOBS_PER_WORKER jobs, so nothing a
 * file left behind lives on for long. The server's own event loop never
 * decodes anything.
 */
export function prepareUploadInWorker(
  bytes: Uint8Array,
  roles: readonly string[] | "any",
  onPage: OnPage,
): Promise<{ pdf: Uint8Array; fields: FieldDefinition[]; pageCount: number }> {
  return withJob(WORKERS, { keep: true }, async (job) => {
    const native = usePdftoppm(); // (before any request: it may throw, and no worker may be left answering)
    const checked = await job.ask(0, { op: "check", bytes, roles });
    if (checked.kind === "ready") {
      const pageCount = await renderAcross(job, checked.pdf, MAX_PAGES, onPage, native);
      return { pdf: checked.pdf, fields: checked.fields, pageCount };
    }
    return scanAndRender(job, bytes, roles, checked, onPage, native);
  });
}

/**
 * A checked PDF upload, on every worker of the job: each opens the upload as
 * it came and reads the text tags of the next page not yet taken (so the
 * text pass is spread like the rendering); then the worker that checked it
 * covers the tags and flattens the form (pdf-lib) while the others already
 * render the pages that cover changes nothing on (no tags there, no form),
 * from the document they have open; the pages with tags, or all of them when
 * there is a form, are rendered from the prepared PDF once it exists. Pages
 * are taken in page order, so page 1 comes among the first whatever it holds.
 * Errors are the one-thread order's: the first page (in page order) whose
 * tags are refused wins, and nothing is rendered before every tag is read.
 */
async function scanAndRender(
  job: Job,
  bytes: Uint8Array,
  roles: readonly string[] | "any",
  checked: { pageCount: number; untaggedPagesAsUploaded: boolean },
  onPage: OnPage,
  /** The pages are drawn by poppler's pdftocairo and pdftoppm (usePdftoppm). */
  native: boolean,
): Promise<{ pdf: Uint8Array; fields: FieldDefinition[]; pageCount: number }> {
  const count = checked.pageCount;
  const workers = Math.min(job.size, count);
  try {
    // 1. Text tags, pages dealt out. Worker 0 has the upload open from "check"; the others open it now.
    const scanned: PageTags[] = [];
    let next = 1;
    const refused: { n: number; error: unknown }[] = [];
    const scan = async (i: number) => {
      if (i > 0) await job.ask(i, { op: "source", bytes });
      while (next <= count && !refused.length) {
        const n = next++;
        try {
          scanned.push((await job.ask(i, { op: "scan", n, roles })).tags);
        } catch (e) {
          // Pages are handed out in order: every page before n was handed first and still reports.
          refused.push({ n, error: e });
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, (_, i) => scan(i)));
    if (refused.length) throw refused.sort((a, b) => a.n - b.n)[0]!.error;

    // 2. Cover the tags (worker 0) while the others render what needs no cover; 3. the rest.
    const tagged = new Set(scanned.filter((p) => p.tagBoxes.length).map((p) => p.page));
    // Only a file with no tag at all is rendered from the upload as it came: covering tags rewrites the whole
    // file (pdf-lib), and what signers see must come from the bytes that are stored and signed, not from a
    // second parser's reading of the original (a crafted PDF can read differently in the two).
    const asUploaded = checked.untaggedPagesAsUploaded && tagged.size === 0;
    let prepared: Uint8Array | null = null;
    const finished = job.ask(0, { op: "finish", scanned }).then((f) => {
      prepared = f.pdf ?? bytes;
      return f;
    });
    finished.catch(() => {}); // awaited below
    const handed = handOver(onPage, count);
    if (native) {
      // Once worker 0 is free (it takes part): covering tags is ~3 % of the work, too little to overlap.
      await finished;
      if (asUploaded) await renderWithPdftoppm(job, bytes, "source", handed.give);
      else {
        await job.ask(0, { op: "open", bytes: prepared!, maxPages: MAX_PAGES });
        await renderWithPdftoppm(job, prepared!, "open", handed.give);
      }
      await handed.settled();
      const { fields } = await finished;
      return { pdf: prepared!, fields, pageCount: count };
    }
    const todo = Array.from({ length: count }, (_, k) => k + 1);
    let stopped = false;
    const render = async (i: number) => {
      if (i === 0) await finished;
      let opened = false;
      while (todo.length && !stopped) {
        if (!prepared && !asUploaded) {
          await finished;
          continue;
        }
        const n = todo.shift()!;
        const from = asUploaded ? "source" : "open";
        if (from === "open" && !opened) {
          await job.ask(i, { op: "open", bytes: prepared!, maxPages: MAX_PAGES });
          opened = true;
        }
        handed.give(n, (await job.ask(i, { op: "page", n, from })).page);
      }
    };
    const loops = Array.from({ length: workers }, (_, i) =>
      render(i).catch((e) => {
        stopped = true;
        throw e;
      }),
    );
    await Promise.all(loops);
    await handed.settled();
    const { fields } = await finished;
    return { pdf: prepared!, fields, pageCount: count };
  } finally {
    // The workers are kept for the next job (when it succeeded): they let go of this PDF now.
    await Promise.all(Array.from({ length: workers }, (_, i) => job.request(i, { op: "close" }).catch(() => {})));
  }
}

/** Renders every page of a PDF (lib/server/pdf/render-pages.ts) across the bounded workers; pages in order. */
export function renderPagesInWorker(bytes: Uint8Array, opts: { maxPages?: number; onPage?: OnPage } = {}): Promise<RenderedPage[]> {
  return withJob(WORKERS, { keep: true }, async (job) => {
    const pages: RenderedPage[] = [];
    await renderAcross(
      job,
      bytes,
      opts.maxPages,
      async (n, page, count) => {
        pages[n - 1] = page;
        await opts.onPage?.(n, page, count);
      },
      usePdftoppm(),
    );
    return pages;
  });
}

/** The signatures and evidence marks of a file sent to /verify, read in the bounded worker (a hostile PDF is anyone's to send). */
export function inspectPdfInWorker(bytes: Uint8Array, serviceCertificate: Uint8Array | null) {
  // Not kept afterwards: the signature readers it loads would stay in a worker that renders uploads.
  return withJob(1, { keep: false }, async (job) => {
    const reply = await job.ask(0, { op: "inspect", bytes, serviceCertificate });
    return { signatures: reply.signatures, marks: reply.marks };
  });
}

/**
 * Every worker of the job opens the PDF, then asks for the next page not yet
 * taken until none is left, so pages come out roughly in order (page 1 first)
 * and a slow page holds up only its own worker. Returns the page count.
 * `native`: only worker 0 opens it (page sizes), pdftoppm draws the pages
 * (render-with-pdftoppm.ts), the workers those it leaves out.
 */
async function renderAcross(job: Job, bytes: Uint8Array, maxPages: number | undefined, onPage: OnPage, native: boolean): Promise<number> {
  const count = (await job.ask(0, { op: "open", bytes, maxPages })).pageCount;
  const handed = handOver(onPage, count);
  if (native) {
    await renderWithPdftoppm(job, bytes, "open", handed.give);
    await handed.settled();
    await Promise.all(Array.from({ length: Math.min(job.size, count) }, (_, i) => job.request(i, { op: "close" })));
    return count;
  }
  let next = 1;
  const loop = async (i: number) => {
    if (i > 0) await job.ask(i, { op: "open", bytes, maxPages });
    while (next <= count) {
      const n = next++;
      handed.give(n, (await job.ask(i, { op: "page", n })).page);
    }
  };
  // Worker 0 starts at once (it has the PDF open); the others join as they have opened it.
  const workers = Math.min(job.size, count);
  await Promise.all(Array.from({ length: workers }, (_, i) => loop(i)));
  await handed.settled();
  // The workers are kept for the next job: they let go of this PDF now.
  await Promise.all(Array.from({ length: workers }, (_, i) => job.request(i, { op: "close" })));
  return count;
}

/**
 * Takes the pages the workers render: each goes to onPage (stored) while
 * its worker goes on with its next page; settled() waits for them all.
 */
function handOver(onPage: OnPage, count: number) {
  const all: Promise<void>[] = [];
  return {
    /** `renderer`: what drew it, counted in /metrics (processing_pages_total). */
    give(n: number, page: RenderedPage, renderer: PageRenderer = "pdfjs") {
      metrics().processedPages.inc({ renderer });
      const done = Promise.resolve(onPage(n, page, count));
      done.catch(() => {}); // awaited in settled()
      all.push(done);
    },
    /** Every page given is through onPage (the first failure, if any). */
    settled: () => Promise.all(all).then(() => {}),
  };
}
