import "server-only";
import type { FieldDefinition, PageInfo } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { StoredFiles } from "@/lib/server/pdf/store-pdf-with-pages";
import { MAX_UPLOAD_BYTES, ProcessingError, toProcessingError } from "./processing-error";
import { prepareUploadInWorker } from "./run-in-worker";

export type ProcessUploadOptions = {
  /**
   * The request's role names (spec 4.6 document[roles][].name) in signing
   * order (rolesInSigningOrder): text tags name one of them, or the Nth
   * recipient (RightSignature, Dropbox Sign, Documenso, Adobe Sign tags).
   * "any" (a new template) takes the roles from the tags.
   */
  roles: readonly string[] | "any";
  /** Storage folder for the prepared PDF and its page images, e.g. `documents/<id>`. */
  storagePrefix: string;
  /**
   * false: no automatic signature box for a role without tags (a prepared
   * request: the sender places the fields in the builder). Default true.
   */
  autoSignatureFields?: boolean;
  /** Called once the file is being worked on, for the sending request's status. */
  onStage?: (stage: "processing") => Promise<void>;
  /**
   * Called as each page's image and thumbnail are stored (in the order they
   * finish, roughly page order), before the last page is rendered: `done`
   * pages of `of` are stored so far. Its page keys are final.
   */
  onPage?: (page: PageInfo & { n: number }, progress: { done: number; of: number }) => Promise<void> | void;
};

export type ProcessedUpload = {
  /** `<prefix>/original.pdf`: the PDF to sign (images converted, tags covered). */
  originalFileKey: string;
  pages: PageInfo[];
  fields: FieldDefinition[];
  pageCount: number;
};

/**
 * Turns an uploaded one-off file into the pages and fields of a document.
 * Pages are stored as they are rendered, once every check on the file has
 * passed; a ProcessingError removes what was stored, so it leaves no files
 * behind; its message is meant for the sender (status_message).
 *
 * Cost: a PDF is read by pdf.js for its text, then by the renderers (one per
 * worker, they have to see the tags already covered), and once by pdf-lib;
 * rendering and encoding the pages dominate, spread over the worker threads.
 * Images skip the text pass (they have none).
 */
export async function processUpload(bytes: Uint8Array, opts: ProcessUploadOptions): Promise<ProcessedUpload> {
  await opts.onStage?.("processing");
  if (bytes.length === 0) throw ProcessingError.empty();
  if (bytes.length > MAX_UPLOAD_BYTES) throw ProcessingError.tooLarge(bytes.length);

  // Everything that decodes the file runs in the bounded workers (memory, time).
  const files = new StoredFiles();
  const stored: PageInfo[] = [];
  const originalFileKey = `${opts.storagePrefix}/original.pdf`;
  let done = 0;
  let prepared: Awaited<ReturnType<typeof prepareUploadInWorker>>;
  try {
    prepared = await prepareUploadInWorker(bytes, opts.roles, async (n, page, pageCount) => {
      const info = await files.page(opts.storagePrefix, n, page);
      stored[n - 1] = info;
      await opts.onPage?.({ ...info, n }, { done: ++done, of: pageCount });
    });
    await files.put(originalFileKey, prepared.pdf, "application/pdf");
  } catch (e) {
    // (pages still being written when the job failed included: the job's failure does not wait for them)
    await files.discard();
    throw toProcessingError(e);
  }
  const pages = stored;
  const tagged = prepared.fields;
  const fields =
    opts.roles === "any" || opts.autoSignatureFields === false ? tagged : [...tagged, ...signatureFieldsForUntaggedRoles(tagged, opts.roles, pages)];
  return { originalFileKey, pages, fields, pageCount: pages.length };
}

// Size and place of the automatic signature boxes, in points.
const AUTO = { width: 180, height: 36, gap: 12, margin: 48 };

/**
 * Every role without a field of its own gets one signature field, so a file
 * without text tags can still be signed by everyone. The boxes are stacked
 * upwards from the bottom of the last page in two columns (left, then right),
 * in the order the roles were given; they may cover content there, and the
 * sender can move them in the builder (prepare_document).
 */
function signatureFieldsForUntaggedRoles(
  fields: FieldDefinition[],
  roles: readonly string[],
  pages: PageInfo[],
): FieldDefinition[] {
  const last = pages.at(-1);
  if (!last) return [];
  const untagged = [...new Set(roles)].filter((r) => !fields.some((f) => f.role === r));
  const taken = new Set(fields.map((f) => f.name));
  let n = fields.filter((f) => f.type === "signature").length;

  // Small pages (a narrow photo) get proportionally smaller margins and boxes.
  const m = Math.min(AUTO.margin, last.width * 0.08, last.height * 0.08);
  const w = Math.min(AUTO.width, (last.width - 3 * m) / 2);
  const h = Math.min(AUTO.height, last.height / 10);
  const rows = Math.ceil(untagged.length / 2);
  return untagged.map((role, i) => {
    const row = Math.floor(i / 2); // row 0 is the top one, so the first role reads first
    const x = m + (i % 2) * (w + m);
    const y = Math.max(0, last.height - m - (rows - row) * (h + AUTO.gap) + AUTO.gap);
    let name: string;
    do name = `signature_${++n}`;
    while (taken.has(name));
    taken.add(name);
    return {
      id: newId(),
      type: "signature",
      role,
      name,
      page: pages.length,
      x: round4(x / last.width),
      y: round4(y / last.height),
      width: round4(w / last.width),
      height: round4(h / last.height),
      required: true,
    };
  });
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;

/**
 * Role names in the order tags count recipients in: by `sequence` when signer
 * sequencing is on (ties keep the listed order), else as listed. So
 * RightSignature's party `a`, `signer1` and `r1` are whoever signs first.
 */
export function rolesInSigningOrder(params: { signer_sequencing: boolean; roles: readonly { name: string; sequence: number }[] }): string[] {
  const listed = params.roles.map((r, i) => ({ ...r, i }));
  if (params.signer_sequencing) listed.sort((a, b) => a.sequence - b.sequence || a.i - b.i);
  return listed.map((r) => r.name);
}
