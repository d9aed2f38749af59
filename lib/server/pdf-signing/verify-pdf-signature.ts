import "server-only";

// A light structural self-check of a signed PDF, not a validator: it finds the
// signature dictionaries' /ByteRange arrays by scanning the bytes and checks
// that the newest signature covers every byte of the file except its /Contents
// hole. It does not check the CMS, the digest or the certificate (pdfsig or a
// PDF viewer does that). It would miss a signature dictionary stored inside a
// compressed object stream, which no signer we know of produces.

export type PdfSignatureDescription = {
  signed: boolean;
  /** How many /ByteRange arrays were found (one per signature, incremental ones included). */
  signatureCount: number;
  /** The newest signature's [start1, length1, start2, length2]. */
  byteRange?: number[];
  /** Whether that signature covers the whole file except its /Contents <hex> hole. */
  coversWholeFile?: boolean;
};

const latin1 = (pdf: Uint8Array, start: number, end: number) =>
  Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1", start, end);

/** Every well-formed /ByteRange [a b c d] in the file, in file order. */
export function findByteRanges(pdf: Uint8Array): number[][] {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const ranges: number[][] = [];
  for (let at = buf.indexOf("/ByteRange"); at !== -1; at = buf.indexOf("/ByteRange", at + 10)) {
    const m = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(latin1(pdf, at, at + 120));
    if (m) ranges.push(m.slice(1, 5).map(Number));
  }
  return ranges;
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/** The excluded bytes are exactly one hex string, the value of a /Contents key. */
function holeIsContents(pdf: Uint8Array, start: number, end: number): boolean {
  if (pdf[start] !== 0x3c || pdf[end - 1] !== 0x3e) return false; // < ... >
  for (let i = start + 1; i < end - 1; i++) {
    const c = pdf[i]!;
    if (!isHex(c) && !isSpace(c)) return false;
  }
  let k = start - 1;
  while (k >= 0 && isSpace(pdf[k]!)) k--;
  return k >= 8 && latin1(pdf, k - 8, k + 1) === "/Contents";
}

export function coversWholeFile(pdf: Uint8Array, range: number[]): boolean {
  const [a, b, c, d] = range;
  if (a === undefined || b === undefined || c === undefined || d === undefined) return false;
  return a === 0 && b > 0 && c > b && c + d === pdf.length && holeIsContents(pdf, b, c);
}

export function describePdfSignature(pdf: Uint8Array): PdfSignatureDescription {
  const ranges = findByteRanges(pdf);
  if (ranges.length === 0) return { signed: false, signatureCount: 0 };
  // The newest signature is the one whose signed range reaches furthest; an
  // earlier one covers only the revision it signed.
  const end = (r: number[]) => (r[2] ?? 0) + (r[3] ?? 0);
  const newest = ranges.reduce((best, r) => (end(r) >= end(best) ? r : best));
  return {
    signed: true,
    signatureCount: ranges.length,
    byteRange: newest,
    coversWholeFile: coversWholeFile(pdf, newest),
  };
}
