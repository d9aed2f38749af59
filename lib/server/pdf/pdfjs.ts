// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import path from "node:path";
import { createRequire } from "node:module";

/** Same bound as uploaded images (lib/server/processing/processing-error.ts MAX_IMAGE_PIXELS). */
const MAX_IMAGE_PIXELS = 25_000_000;

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
const g = globalThis as unknown as { __pdfjs?: Promise<PdfJs> };

/**
 * pdf.js, loaded once and lazily (it is large). Its worker module is put on
 * globalThis so pdf.js runs it in-process instead of resolving a worker file
 * relative to itself, which breaks once a bundler has moved things around.
 */
function loadPdfJs(): Promise<PdfJs> {
  g.__pdfjs ??= (async () => {
    // @ts-expect-error -- the worker module ships without type declarations
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as unknown as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return g.__pdfjs;
}

/** Loads pdf.js now (a processing worker does so before it says it is ready). */
export const preloadPdfJs = (): Promise<void> => loadPdfJs().then(() => {});

/** The pdfjs-dist package folder (fonts, cmaps and wasm live beside the code). */
function pdfjsDir() {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(require.resolve("pdfjs-dist/package.json"));
}

/** Starts loading a PDF with the settings that work on Node (stack findings). */
export async function loadPdfDocument(bytes: Uint8Array) {
  const pdfjs = await loadPdfJs();
  const dir = pdfjsDir();
  return pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
    data: new Uint8Array(bytes),
    standardFontDataUrl: path.join(dir, "standard_fonts") + path.sep,
    cMapUrl: path.join(dir, "cmaps") + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(dir, "wasm") + path.sep,
    isEvalSupported: false,
    // Backstop for images the pre-checks cannot see (inline images in page
    // content): larger ones are skipped instead of decoded. Uploads with large
    // image XObjects are refused before this (check-pdf-bounds.ts).
    maxImageSize: MAX_IMAGE_PIXELS,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
}
