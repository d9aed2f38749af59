import { spawn, spawnSync } from "node:child_process";

/**
 * Outside reference: poppler's pdftoppm at the same pixel width. It writes
 * raw PPM to stdout, which is drained and dropped, so like the pdf.js
 * baseline it measures rasterising without PNG encoding or disk writes (plus
 * a process start, ~ms). Single-threaded, like the pipeline.
 */
export function pdftoppmVersion(): string | null {
  const r = spawnSync("pdftoppm", ["-v"], { encoding: "utf8" });
  return r.error ? null : (r.stderr || r.stdout).split("\n")[0]!.trim();
}

export function renderWithPdftoppm(pdfPath: string, widthPx: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn("pdftoppm", ["-scale-to-x", String(widthPx), "-scale-to-y", "-1", pdfPath], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    p.stdout.resume(); // drain; the pixels are not needed
    p.stderr.on("data", (d) => (err += d));
    p.on("error", reject);
    p.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`pdftoppm exited ${code}: ${err}`))));
  });
}
