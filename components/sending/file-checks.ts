// Client-side checks of the file to send, so an unusable file is refused at
// once with a clear message instead of after the upload (the server checks
// again: docs/api-decisions.md lists what makes a request `errored`).

export const MAX_FILE_BYTES = 25 * 1024 * 1024;

const EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

/** Magic numbers: the content decides, not the name (a renamed text file is not a PDF). */
const SIGNATURES: { kind: string; bytes: number[] }[] = [
  { kind: "PDF", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { kind: "PNG", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: "JPEG", bytes: [0xff, 0xd8, 0xff] },
];

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Null when the file can be sent, else what is wrong with it, in words. */
export async function checkFile(file: File): Promise<string | null> {
  if (!EXTENSIONS.test(file.name)) return `“${file.name}” is not a PDF, PNG or JPEG file (the name must end in .pdf, .png, .jpg or .jpeg).`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_FILE_BYTES) return `“${file.name}” is ${formatBytes(file.size)}; files can be at most 25 MB.`;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const matches = SIGNATURES.some((s) => s.bytes.every((b, i) => head[i] === b));
  if (!matches) return `“${file.name}” is not a PDF, PNG or JPEG file: its content is something else.`;
  return null;
}
