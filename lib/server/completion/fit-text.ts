// Pure (no I/O, no secrets), so without "server-only": unit tests can import it directly.

// Sizing of text answers inside their boxes. The font is passed in as
// a width function, so it can be checked without a PDF.

/** Width of `text` at font size `size`, in points. */
export type Measure = (text: string, size: number) => number;

/** `cut`: the text did not fit even at MIN_SIZE, so its end was replaced by "...". */
export type FittedText = { size: number; lines: string[]; lineHeight: number; cut: boolean };

const MAX_SIZE = 28; // a tall free-text box should not get poster-sized letters
/**
 * The smallest size text is shrunk to: still readable on a printed page.
 * What does not fit at this size is refused before it gets here (merge
 * values at send time, typed answers on the signer page), so a cut is a last
 * resort for old documents.
 */
export const MIN_SIZE = 6;
const HEIGHT_RATIO = 0.72; // cap height + descender of Helvetica in a one-line box, with air
const LINE_GAP = 1.15;
const STEP = 0.25;

/**
 * The largest size (up to what the box height allows for one line) at which
 * the text fits the box: on one line if it can, otherwise word-wrapped when
 * the box is tall enough for several lines. At the minimum size whatever does
 * not fit is cut with "...", so the stamp never spills over its box.
 */
export function fitText(text: string, measure: Measure, width: number, height: number, padding = 2, maxSize = MAX_SIZE): FittedText {
  const w = Math.max(1, width - 2 * padding);
  const h = Math.max(1, height);
  const clean = text.replace(/\s+/g, " ").trim();
  // A size the sender chose is an upper bound: text still shrinks rather than spill out of its box.
  const start = Math.max(MIN_SIZE, Math.min(maxSize, h * HEIGHT_RATIO));

  for (let size = start; size >= MIN_SIZE; size -= STEP) {
    const lineHeight = size * LINE_GAP;
    const maxLines = linesThatFit(h, size);
    const lines = maxLines === 1 ? [clean] : wrapWords(clean, measure, size, w);
    if (lines.length <= maxLines && lines.every((l) => measure(l, size) <= w)) return { size, lines, lineHeight, cut: false };
  }

  // Still too long at the smallest size: keep what fits and mark the cut.
  const size = MIN_SIZE;
  const lineHeight = size * LINE_GAP;
  const maxLines = linesThatFit(h, size);
  const lines = wrapWords(clean, measure, size, w).slice(0, maxLines);
  const last = lines.length - 1;
  lines[last] = ellipsize(`${lines[last] ?? ""}...`, measure, size, w);
  return { size, lines, lineHeight, cut: true };
}

/** Whether `text` fits its box at MIN_SIZE or larger (the one rule the send-time check, the signer page and the PDF share). */
export const fitsBox = (text: string, measure: Measure, width: number, height: number, padding = 2, maxSize = MAX_SIZE) =>
  !fitText(text, measure, width, height, padding, maxSize).cut;

/** The first line takes what a one-line box of this size needs, each further line one line height. */
const linesThatFit = (height: number, size: number) =>
  1 + Math.max(0, Math.floor((height - size / HEIGHT_RATIO) / (size * LINE_GAP)));

/** Greedy word wrap; a word longer than a line is broken between characters. */
export function wrapWords(text: string, measure: Measure, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    // Break an over-long token (a user agent, a URL) wherever it has to.
    let rest = word;
    while (measure(rest, size) > width && rest.length > 1) {
      let n = rest.length - 1;
      while (n > 1 && measure(rest.slice(0, n), size) > width) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Shortens a line ending in "..." until it fits. */
function ellipsize(line: string, measure: Measure, size: number, width: number): string {
  let body = line.replace(/\.\.\.$/, "");
  while (body.length > 0 && measure(`${body}...`, size) > width) body = body.slice(0, -1);
  return `${body.trimEnd()}...`;
}
