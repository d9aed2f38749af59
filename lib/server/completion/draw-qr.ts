import "server-only";
import { fill, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingRgbColor, type PDFOperator, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";

/**
 * Draws a QR code of `text` as vector squares (no image, so it stays sharp
 * when printed and adds a few hundred bytes), `size` points wide with its
 * bottom-left corner at (x, y), on a white quiet zone of two modules.
 * Consecutive dark modules of a row are one rectangle, and all of them are
 * one path filled once: a drawRectangle per run wrote eight operators for
 * each of several hundred runs, a fifth of the certificate's time
 * (bench/completion).
 */
export function drawQrCode(page: PDFPage, text: string, at: { x: number; y: number; size: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const quiet = 2;
  const unit = at.size / (n + 2 * quiet);
  page.drawRectangle({ x: at.x, y: at.y, width: at.size, height: at.size, color: rgb(1, 1, 1) });
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      // Row 0 is the top of the code; PDF y grows upwards.
      ops.push(rectangle(at.x + (quiet + start) * unit, at.y + at.size - (quiet + row + 1) * unit, (col - start) * unit, unit));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}
