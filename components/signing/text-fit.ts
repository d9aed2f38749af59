"use client";

// The signer page sizes a typed answer with the very rule the signed PDF is
// drawn with (lib/server/completion/fit-text.ts, pure): the same largest size
// that fits the box, down to the same minimum, so what the signer sees is what
// the PDF will show. Widths come from the browser's canvas with the PDF's font
// family (Noto Sans) first.
import type { CSSProperties } from "react";
import { fitText, MIN_SIZE } from "@/lib/server/completion/fit-text";

let context: CanvasRenderingContext2D | null | undefined;

function measure(text: string, size: number): number {
  if (context === undefined) context = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  if (!context) return text.length * size * 0.5; // no canvas (server render): an average glyph width
  context.font = `${size}px "Noto Sans", "Helvetica Neue", Helvetica, Arial, sans-serif`;
  return context.measureText(text).width;
}

export type TextFit = { fontSize?: string; fits: boolean; lines: number };

/**
 * The font size (in the page's container units, like boxStyle) of `value` in
 * a box of the page, and whether it fits at all: `fits` false means even at
 * the minimum size it would be cut in the signed PDF.
 */
export function fitTypedText(value: string, box: { width: number; height: number }, page: { width: number; height: number }): TextFit {
  if (!value.trim()) return { fits: true, lines: 1 };
  const fitted = fitText(value, measure, box.width * page.width, box.height * page.height);
  return { fontSize: `${(fitted.size / page.width) * 100}cqw`, fits: !fitted.cut, lines: fitted.lines.length };
}

export const tooLongMessage = `Too long for this box: even at the smallest size (${MIN_SIZE} pt) it would not fit in the signed document. Shorten it.`;

/**
 * The style of fitTypedText for shown text: its size, and wrapping with the
 * PDF's line height when the PDF wraps it too; nothing for empty text.
 */
export function fittedFontStyle(value: string, box: { width: number; height: number }, page: { width: number; height: number }): CSSProperties {
  const { fontSize, lines } = fitTypedText(value, box, page);
  if (!fontSize) return {};
  return lines > 1 ? { fontSize, whiteSpace: "normal", lineHeight: 1.15, overflowWrap: "anywhere" } : { fontSize };
}
