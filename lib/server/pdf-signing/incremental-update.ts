import "server-only";
import type { PDFDocument, PDFRef } from "pdf-lib";

// An incremental update (ISO 32000-1 7.5.6): the original bytes unchanged, then
// the changed and new objects, a cross-reference section for just those and a
// trailer pointing back (/Prev) to the previous one. This is how a second
// signature is added without touching the bytes an earlier signature covers;
// pdf-lib 1.17 itself can only rewrite the whole file.

const encoder = new TextEncoder();

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1", start, end);
}

/** Offset of the last cross-reference section (the number after the last `startxref`). */
export function lastStartXref(pdf: Uint8Array): number {
  const tailStart = Math.max(0, pdf.length - 2048);
  const tail = latin1(pdf, tailStart, pdf.length);
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new Error("PDF has no startxref at its end");
  return Number(m[1]);
}

type Entry = { num: number; gen: number; offset: number };

/** Runs of consecutive object numbers, as the xref section's subsections need them. */
function subsections(entries: Entry[]): Entry[][] {
  const runs: Entry[][] = [];
  for (const e of entries) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && last.num + 1 === e.num) run.push(e);
    else runs.push([e]);
  }
  return runs;
}

/**
 * Appends the current state of the objects `refs` of `doc` (which was loaded
 * from `original`) as an incremental update. The new cross-reference section
 * has the form of the previous one (table or stream), as the standard asks.
 */
export function appendIncrementalUpdate(original: Uint8Array, doc: PDFDocument, refs: PDFRef[]): Uint8Array {
  const prev = lastStartXref(original);
  const previousIsTable = latin1(original, prev, prev + 4) === "xref";
  const { Root, Info, ID, Encrypt } = doc.context.trailerInfo;
  if (!Root) throw new Error("PDF has no catalog");
  if (Encrypt) throw new Error("Encrypted PDFs cannot be signed");

  const chunks: Uint8Array[] = [original];
  let offset = original.length;
  const push = (part: Uint8Array | string) => {
    const bytes = typeof part === "string" ? encoder.encode(part) : part;
    chunks.push(bytes);
    offset += bytes.length;
  };
  const last = original[original.length - 1];
  if (last !== 0x0a && last !== 0x0d) push("\n");

  const unique = [...new Map(refs.map((r) => [`${r.objectNumber} ${r.generationNumber}`, r])).values()];
  unique.sort((a, b) => a.objectNumber - b.objectNumber);
  const entries: Entry[] = [];
  for (const ref of unique) {
    const obj = doc.context.lookup(ref);
    if (!obj) throw new Error(`Object ${ref.toString()} is missing`);
    entries.push({ num: ref.objectNumber, gen: ref.generationNumber, offset });
    const bytes = new Uint8Array(obj.sizeInBytes());
    obj.copyBytesInto(bytes, 0);
    push(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    push(bytes);
    push("\nendobj\n");
  }

  let size = doc.context.largestObjectNumber + 1;
  const trailer =
    `/Root ${Root.toString()}` +
    (Info ? ` /Info ${Info.toString()}` : "") +
    (ID ? ` /ID ${ID.toString()}` : "") +
    ` /Prev ${prev}`;

  if (previousIsTable) {
    const xrefOffset = offset;
    let xref = "xref\n";
    for (const run of subsections(entries)) {
      xref += `${run[0]!.num} ${run.length}\n`;
      for (const e of run) xref += `${String(e.offset).padStart(10, "0")} ${String(e.gen).padStart(5, "0")} n\r\n`;
    }
    push(xref);
    push(`trailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
  } else {
    // A cross-reference stream, uncompressed: type 1 entries, 4-byte offsets, 2-byte generations.
    const xrefNum = size++;
    const xrefOffset = offset;
    entries.push({ num: xrefNum, gen: 0, offset: xrefOffset });
    const runs = subsections(entries);
    const data = Buffer.alloc(entries.length * 7);
    entries.forEach((e, i) => {
      data.writeUInt8(1, i * 7);
      data.writeUInt32BE(e.offset, i * 7 + 1);
      data.writeUInt16BE(e.gen, i * 7 + 5);
    });
    const index = runs.map((r) => `${r[0]!.num} ${r.length}`).join(" ");
    push(
      `${xrefNum} 0 obj\n<< /Type /XRef /Size ${size} /Index [${index}] /W [1 4 2] ${trailer} /Length ${data.length} >>\nstream\n`,
    );
    push(data);
    push(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
  }

  const out = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
