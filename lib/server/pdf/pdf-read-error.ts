// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
// Apart from render-pages.ts so that code naming the error (processing-error.ts, and through it
// every API route's body limits) does not load the canvas and pdf.js with it.

/** Why a PDF could not be used, in words a sender can act on. */
export class PdfReadError extends Error {
  constructor(
    readonly code: "not_pdf" | "encrypted" | "unreadable" | "no_pages" | "too_many_pages",
    message: string,
  ) {
    super(message);
    this.name = "PdfReadError";
  }
}
