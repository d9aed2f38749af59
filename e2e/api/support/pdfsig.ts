// Runs poppler's `pdfsig` (an independent, NSS-based validator) on a PDF and
// parses what it prints, so tests check the service's signatures with a tool
// that shares no code with it. Also makes tampered copies of signed PDFs.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export type PdfsigSignature = {
  signerName?: string;
  signerDn?: string;
  signingTime?: string;
  hashAlgorithm?: string;
  signatureType?: string;
  signedRanges?: string;
  /** "valid", "invalid" (digest mismatch), or pdfsig's own words, lower-cased, for anything else. */
  validation: "valid" | "invalid" | string;
  /** pdfsig's sentence, e.g. "Signature is Valid." or "Digest Mismatch." */
  validationText?: string;
  /** e.g. "Certificate issuer isn't Trusted." for a self-signed certificate. */
  certificateValidation?: string;
  totalDocumentSigned: boolean;
};

export type PdfsigResult = { signatures: PdfsigSignature[]; exitCode: number; stdout: string; stderr: string };

function run(file: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile("pdfsig", [file], { encoding: "utf8" }, (err, stdout, stderr) => {
      // pdfsig exits non-zero for unsigned files (and for some invalid ones): still parse.
      if (err && typeof err.code !== "number") return reject(err);
      resolve({ exitCode: typeof err?.code === "number" ? err.code : 0, stdout, stderr });
    });
  });
}

function parse(stdout: string): PdfsigSignature[] {
  const signatures: PdfsigSignature[] = [];
  let current: Record<string, string> | undefined;
  const flags: boolean[] = [];
  const blocks: Record<string, string>[] = [];
  for (const line of stdout.split("\n")) {
    if (/^Signature #\d+:/.test(line)) {
      current = {};
      blocks.push(current);
      flags.push(false);
      continue;
    }
    const m = /^\s+- (.*)$/.exec(line);
    if (!current || !m) continue;
    const text = m[1]!.trim();
    if (text === "Total document signed") flags[flags.length - 1] = true;
    const kv = /^([^:]+):\s*(.*)$/.exec(text);
    if (kv) current[kv[1]!.trim()] = kv[2]!.trim();
  }
  blocks.forEach((b, i) => {
    const validationText = b["Signature Validation"];
    const validation =
      validationText === "Signature is Valid."
        ? "valid"
        : validationText === "Digest Mismatch." || validationText === "Signature is Invalid."
          ? "invalid"
          : (validationText ?? "unknown").toLowerCase();
    signatures.push({
      signerName: b["Signer Certificate Common Name"],
      signerDn: b["Signer full Distinguished Name"],
      signingTime: b["Signing Time"],
      hashAlgorithm: b["Signing Hash Algorithm"],
      signatureType: b["Signature Type"],
      signedRanges: b["Signed Ranges"],
      validation,
      validationText,
      certificateValidation: b["Certificate Validation"],
      totalDocumentSigned: flags[i] ?? false,
    });
  });
  return signatures;
}

/** pdfsig on a file path or on PDF bytes (written to a temporary file). */
export async function pdfsig(input: string | Uint8Array): Promise<PdfsigResult> {
  if (typeof input === "string") {
    const out = await run(input);
    return { ...out, signatures: parse(out.stdout) };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdfsig-"));
  try {
    const file = path.join(dir, "document.pdf");
    await fs.writeFile(file, input);
    const out = await run(file);
    return { ...out, signatures: parse(out.stdout) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function firstByteRange(pdf: Buffer): [number, number] {
  const at = pdf.indexOf("/ByteRange");
  const m = at === -1 ? null : /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)/.exec(pdf.toString("latin1", at, at + 80));
  if (!m) throw new Error("flipByteInSignedRange: the PDF has no /ByteRange");
  return [Number(m[1]), Number(m[1]) + Number(m[2])];
}

/**
 * Where to change one byte inside [start, end) without breaking the file's
 * structure (object offsets, stream lengths and syntax stay as they were):
 * the first character of a text string of the document information
 * dictionary (/Producer, /Title…), else the middle of the first stream's data.
 */
export function findTamperOffset(pdf: Uint8Array): number {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const [start, end] = firstByteRange(buf);
  const text = buf.toString("latin1", start, end);
  // A literal (…) or, as pdf-lib writes them, a UTF-16 hex <FEFF…> string: the
  // byte changed is a letter or digit of the text (a hex digit in the latter).
  const str = /\/(Producer|Creator|Title|Author|Subject|Keywords)\s*(\((?=[A-Za-z0-9])|<FEFF00(?=[0-9A-Fa-f]{2}))/.exec(text);
  if (str) return start + str.index + str[0].length + (str[2] === "(" ? 0 : 1);
  const stream = /stream\r?\n/.exec(text);
  const endStream = stream ? text.indexOf("endstream", stream.index) : -1;
  if (stream && endStream > stream.index + stream[0].length) {
    return start + Math.floor((stream.index + stream[0].length + endStream) / 2);
  }
  throw new Error("flipByteInSignedRange: no safe byte found in the first signed range");
}

/** A copy of a signed PDF with one byte changed inside the first signed range. */
export function flipByteInSignedRange(pdf: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(pdf);
  const at = findTamperOffset(copy);
  const c = copy[at]!;
  // Letters and digits become another hex digit (a string stays a valid
  // literal or hex string); stream bytes may become anything.
  copy[at] = c === 0x41 ? 0x42 : /[A-Za-z0-9]/.test(String.fromCharCode(c)) ? 0x41 : c ^ 0x01;
  return copy;
}
