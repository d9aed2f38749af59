// A processing worker's entry (a worker_threads thread, started by
// run-in-worker.ts): it decodes an upload, renders pages of a PDF it was
// given, or reads the signatures of a file sent to /verify, and posts the
// results back. It is started ahead of time and waits (it says "ready" once
// its code and pdf.js are loaded), and serves job after job until one fails. Under `next start` Turbopack bundles this file as a worker entry of
// its own; under tsx it is imported from source. Nothing here reaches the
// database or storage: a worker that is stopped mid-way leaves nothing behind.
import { parentPort } from "node:worker_threads";
import { openPdfForRendering, pageSize, renderPage } from "@/lib/server/pdf/render-pages";
import { preloadPdfJs } from "@/lib/server/pdf/pdfjs";
import { checkUpload, finishPdfUpload, scanPageTagsOrRefuse, type PdfUpload } from "./prepare-upload";
import { openPdf } from "./open-pdf";
import { ProcessingError, toProcessingError } from "./processing-error";
import type { WorkerReply, WorkerTask } from "./worker-protocol";

type Doc = Awaited<ReturnType<typeof openPdfForRendering>>;
/** The PDF this worker renders pages of ("open", then "page" requests). */
let doc: Doc | null = null;
/** The upload as it came ("check" or "source"): its text is read, and its untagged pages rendered, from it. */
let source: Doc | null = null;
/** The upload this worker checked, until "finish" (only the worker that ran "check"). */
let upload: PdfUpload | null = null;

async function closeAll() {
  const open = [doc, source];
  doc = source = null;
  upload = null;
  await Promise.all(open.map((d) => d?.destroy().catch(() => {})));
}

async function handle(task: WorkerTask): Promise<{ reply: WorkerReply; transfer: ArrayBuffer[] }> {
  if (task.op === "check") {
    await closeAll();
    const checked = await checkUpload(task.bytes, task.roles);
    if (checked.kind === "ready") {
      const { pdf, fields } = checked.prepared;
      return { reply: { ok: true, op: "check", kind: "ready", pdf, fields }, transfer: buffersOf(pdf) };
    }
    upload = checked.upload;
    source = checked.upload.doc;
    const { pageCount, untaggedPagesAsUploaded } = checked;
    return { reply: { ok: true, op: "check", kind: "pdf", pageCount, untaggedPagesAsUploaded }, transfer: [] };
  }
  if (task.op === "source") {
    await closeAll();
    source = await openPdf(task.bytes);
    return { reply: { ok: true, op: "source", pageCount: source.numPages }, transfer: [] };
  }
  if (task.op === "scan") {
    if (!source) throw new Error("tags were asked for before the upload was opened");
    return { reply: { ok: true, op: "scan", tags: await scanPageTagsOrRefuse(source, task.n, task.roles) }, transfer: [] };
  }
  if (task.op === "finish") {
    if (!upload) throw new Error("an upload was finished before it was checked");
    const { pdf, fields } = await finishPdfUpload(upload, task.scanned);
    upload = null; // pdf-lib's copy is no longer needed; the source stays open for rendering
    return { reply: { ok: true, op: "finish", pdf, fields }, transfer: pdf ? buffersOf(pdf) : [] };
  }
  if (task.op === "open") {
    await doc?.destroy().catch(() => {});
    doc = null;
    doc = await openPdfForRendering(task.bytes, { maxPages: task.maxPages });
    return { reply: { ok: true, op: "open", pageCount: doc.numPages }, transfer: [] };
  }
  if (task.op === "close") {
    await closeAll();
    return { reply: { ok: true, op: "close" }, transfer: [] };
  }
  if (task.op === "sizes") {
    const from = task.from === "source" ? source : doc;
    if (!from) throw new Error("page sizes were asked for before a PDF was opened");
    const sizes = [];
    for (let n = 1; n <= from.numPages; n++) sizes.push(await pageSize(from, n));
    return { reply: { ok: true, op: "sizes", sizes }, transfer: [] };
  }
  if (task.op === "page") {
    const from = task.from === "source" ? source : doc;
    if (!from) throw new Error("a page was asked for before a PDF was opened");
    const page = await renderPage(from, task.n);
    return { reply: { ok: true, op: "page", n: task.n, page }, transfer: buffersOf(page.image, page.thumbnail) };
  }
  // Loaded only for this task: the signature readers (pkijs, @libpdf/core) would otherwise add
  // to every upload's worker, whose memory is watched against the processing budget.
  const [{ readPdfSignatures }, { readEvidenceMarks }] = await Promise.all([
    import("@/lib/server/pdf-signing/read-pdf-signatures"),
    import("@/lib/server/completion/read-evidence-marks"),
  ]);
  const [signatures, marks] = await Promise.all([
    readPdfSignatures(task.bytes, { serviceCertificate: task.serviceCertificate }),
    readEvidenceMarks(task.bytes),
  ]);
  return { reply: { ok: true, op: "inspect", signatures, marks }, transfer: [] };
}

parentPort?.on("message", async (task: WorkerTask) => {
  let out: { reply: WorkerReply; transfer: ArrayBuffer[] };
  try {
    out = await handle(task);
  } catch (e) {
    const err = toProcessingError(e);
    const reply: WorkerReply =
      err instanceof ProcessingError
        ? { ok: false, kind: "processing", code: err.code, message: err.message }
        : { ok: false, kind: "internal", message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    out = { reply, transfer: [] };
  }
  // Moved, not copied: page images can add up to tens of MB. Buffers the
  // canvas allocated natively may refuse to move: then they are copied.
  try {
    parentPort!.postMessage(out.reply, out.transfer);
  } catch {
    parentPort!.postMessage(out.reply);
  }
});

// pdf.js is loaded before the worker says it is ready, so a job that takes a
// waiting worker does not pay for it.
void preloadPdfJs().then(
  () => parentPort?.postMessage({ ok: true, op: "ready" } satisfies WorkerReply),
  (e) => parentPort?.postMessage({ ok: false, kind: "internal", message: String(e) } satisfies WorkerReply),
);

/** The distinct whole ArrayBuffers behind the views (a view into a shared pool is copied instead). */
function buffersOf(...views: Uint8Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of views) {
    if (v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
  }
  return [...out];
}
