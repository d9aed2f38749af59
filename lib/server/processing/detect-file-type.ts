// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.

export type DetectedFileType =
  | { kind: "pdf" | "png" | "jpeg" }
  /** `looksLike` names what the file seems to be ("a ZIP archive"), for the error message. */
  | { kind: "unsupported"; looksLike?: string };

/**
 * Decides what an upload is from its bytes. The file name and the declared
 * content type are never consulted: both are chosen by the client and are
 * often wrong (a ".pdf" that is really a Word file is a common support case).
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType {
  const head = latin1(bytes.subarray(0, 1024));
  // Some writers put junk (or a BOM, or a MacBinary header) before the signature.
  if (head.includes("%PDF-")) return { kind: "pdf" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "jpeg" };
  return { kind: "unsupported", looksLike: describeUnsupported(bytes, head) };
}

const SIGNATURES: [bytes: number[], offset: number, what: string][] = [
  [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0, "an older Microsoft Office document (.doc, .xls or .ppt)"],
  [[0x47, 0x49, 0x46, 0x38], 0, "a GIF image"],
  [[0x49, 0x49, 0x2a, 0x00], 0, "a TIFF image"],
  [[0x4d, 0x4d, 0x00, 0x2a], 0, "a TIFF image"],
  [[0x1f, 0x8b], 0, "a gzip archive"],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 0, "a 7-Zip archive"],
  [[0x52, 0x61, 0x72, 0x21], 0, "a RAR archive"],
  [[0x7b, 0x5c, 0x72, 0x74, 0x66], 0, "an RTF document"],
  [[0x25, 0x21, 0x50, 0x53], 0, "a PostScript file"],
];

function describeUnsupported(bytes: Uint8Array, head: string): string | undefined {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return describeZip(bytes);
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "a WebP image";
  if (head.slice(4, 8) === "ftyp") {
    const brand = head.slice(8, 12);
    return /^(heic|heix|hevc|mif1|msf1)$/.test(brand) ? "a HEIC image (from a phone camera)" : "a video or media file";
  }
  // "BM" alone is also how plain text can start; BMP's reserved header bytes are zero.
  if (startsWith(bytes, [0x42, 0x4d]) && startsWith(bytes, [0, 0, 0, 0], 6)) return "a BMP image";
  for (const [sig, offset, what] of SIGNATURES) if (startsWith(bytes, sig, offset)) return what;
  const text = asText(bytes.subarray(0, 4096));
  if (text === undefined) return undefined;
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html")) return "a web page (HTML)";
  if (start.startsWith("<svg") || (start.startsWith("<?xml") && start.includes("<svg"))) return "an SVG image";
  if (start.startsWith("<?xml")) return "an XML file";
  return "plain text";
}

/**
 * Office Open XML and OpenDocument files are ZIP archives; their first entry
 * names usually give them away, and the central directory is not needed.
 */
function describeZip(bytes: Uint8Array): string {
  const names = latin1(bytes.subarray(0, 64 * 1024));
  if (names.startsWith("mimetype", 30)) {
    if (names.includes("opendocument.text")) return "an OpenDocument text document (.odt)";
    if (names.includes("opendocument.spreadsheet")) return "an OpenDocument spreadsheet (.ods)";
    if (names.includes("opendocument.presentation")) return "an OpenDocument presentation (.odp)";
  }
  if (names.includes("word/")) return "a Word document (.docx)";
  if (names.includes("xl/")) return "an Excel workbook (.xlsx)";
  if (names.includes("ppt/")) return "a PowerPoint presentation (.pptx)";
  return "a ZIP archive";
}

/** Decodes as UTF-8 when the bytes look like text people wrote (no NULs, few control characters). */
function asText(bytes: Uint8Array): string | undefined {
  // A multi-byte character may be cut at the end of the sample: not fatal.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(trimPartialUtf8(bytes));
  } catch {
    return undefined;
  }
  const control = text.match(/[\u0000-\u0008\u000e-\u001f\u007f]/g)?.length ?? 0;
  return control <= text.length / 100 ? text : undefined;
}

function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  // Step back over continuation bytes, then drop the lead byte if its sequence is incomplete.
  let i = end - 1;
  while (i >= 0 && i > end - 4 && ((bytes[i] ?? 0) & 0xc0) === 0x80) i--;
  if (i >= 0) {
    const lead = bytes[i] ?? 0;
    const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (end - i < need) end = i;
  }
  return bytes.subarray(0, end);
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");

function startsWith(bytes: Uint8Array, sig: number[], offset = 0): boolean {
  if (bytes.length < offset + sig.length) return false;
  return sig.every((b, i) => bytes[offset + i] === b);
}
