// The processing worker's entry (a worker_threads thread, started by
// run-in-worker.ts): it decodes one upload (or reads the signatures of a file
// sent to /verify) and posts the result back. Under
// `next start` Turbopack bundles this file as a worker entry of its own;
// under tsx it is imported from source. Nothing here reaches the database or
// storage: a worker that is stopped mid-way leaves nothing behind.
import { parentPort } from "node:worker_threads";
import { renderPdfPages } from "@/lib/server/pdf/render-pages";
import { prepareUpload } from "./prepare-upload";
import { ProcessingError, toProcessingError } from "./processing-error";
import type { WorkerReply, WorkerTask } from "./worker-protocol";

parentPort?.once("message", async (task: WorkerTask) => {
  let reply: WorkerReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (task.op === "upload") {
      const result = await prepareUpload(task.bytes, task.roles);
      reply = { ok: true, op: "upload", result };
      transfer.push(...buffersOf(result.pdf, ...result.pages.flatMap((p) => [p.image, p.thumbnail])));
    } else if (task.op === "inspect") {
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
      reply = { ok: true, op: "inspect", signatures, marks };
    } else {
      const pages = await renderPdfPages(task.bytes, { maxPages: task.maxPages });
      reply = { ok: true, op: "render", pages };
      transfer.push(...buffersOf(...pages.flatMap((p) => [p.image, p.thumbnail])));
    }
  } catch (e) {
    const err = toProcessingError(e);
    reply =
      err instanceof ProcessingError
        ? { ok: false, kind: "processing", code: err.code, message: err.message }
        : { ok: false, kind: "internal", message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  // Moved, not copied: page images can add up to tens of MB. Buffers the
  // canvas allocated natively may refuse to move: then they are copied.
  try {
    parentPort!.postMessage(reply, transfer);
  } catch {
    parentPort!.postMessage(reply);
  }
});

/** The distinct whole ArrayBuffers behind the views (a view into a shared pool is copied instead). */
function buffersOf(...views: Uint8Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of views) {
    if (v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
  }
  return [...out];
}
