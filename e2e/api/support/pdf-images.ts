// The images of a PDF as poppler's pdfimages sees them (a tool sharing no code
// with the service): each image or soft mask with its size and samples.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

export type PdfImage = { type: string; width: number; height: number; channels: number; samples: Buffer };

/** Every image and soft mask drawn on the pages, in pdfimages' order (an image, then its smask), with their samples. */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdfimages-"));
  try {
    const file = path.join(dir, "in.pdf");
    await fs.writeFile(file, bytes);
    const run = promisify(execFile);
    const { stdout } = await run("pdfimages", ["-list", file]);
    // two header lines, then one line per image: page num type width height …
    const listed = stdout.trim().split("\n").slice(2).filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));
    await run("pdfimages", [file, path.join(dir, "img")]); // PPM (colour) or PGM (grey) files, numbered in the same order
    const written = (await fs.readdir(dir)).filter((f) => f.startsWith("img-")).sort();
    if (written.length !== listed.length) throw new Error(`pdfimages listed ${listed.length} images but wrote ${written.length}`);
    return Promise.all(written.map(async (name, i) => ({ type: listed[i]![2]!, ...parsePnm(await fs.readFile(path.join(dir, name))) })));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A binary PGM (P5) or PPM (P6) file with 8-bit samples. */
function parsePnm(file: Buffer): Omit<PdfImage, "type"> {
  const header = /^(P[56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.toString("latin1", 0, 64));
  if (!header || header[4] !== "255") throw new Error(`not an 8-bit binary PGM/PPM: ${JSON.stringify(file.toString("latin1", 0, 16))}`);
  const [width, height, channels] = [Number(header[2]), Number(header[3]), header[1] === "P6" ? 3 : 1];
  const samples = file.subarray(header[0].length, header[0].length + width * height * channels);
  if (samples.length !== width * height * channels) throw new Error("the image file is cut short");
  return { width, height, channels, samples };
}
