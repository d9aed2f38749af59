// Pure (no I/O, no secrets), so without "server-only": unit tests can import it directly.

// The standard PDF fonts (Helvetica) only encode WinAnsi, and pdf-lib throws
// on anything else. Names, answers and user agents are free text, so every
// string drawn by the completion job passes through here: a stray emoji or a
// Cyrillic name must cost a "?" in the PDF, never the whole job.

const REPLACEMENTS: Record<string, string> = {
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2015": "-", "\u2212": "-",
  "\u2032": "'", "\u2033": '"', "\u2039": "<", "\u203a": ">",
  "\u00a0": " ", "\u2007": " ", "\u202f": " ", "\u2009": " ", "\u200a": " ",
  "\u2713": "v", "\u2714": "v", "\u2717": "x", "\u2718": "x",
  // Letters with a stroke have no Unicode decomposition, so NFKD below cannot find their base letter.
  "\u0141": "L", "\u0142": "l", "\u0110": "D", "\u0111": "d", "\u0131": "i", "\u00f8": "o",
  "\u0166": "T", "\u0167": "t", "\u0126": "H", "\u0127": "h", "\u0197": "I", "\u0268": "i", "\u0180": "b", "\u01b5": "Z", "\u01b6": "z",
};

/** Code points Helvetica can draw, from the font itself (`PDFFont.getCharacterSet()`). */
export type CharacterSet = ReadonlySet<number>;

/**
 * The text with every character the font cannot encode replaced: a few
 * look-alikes first, then the base letter of an accented one (ő → o), else
 * "?". Line breaks and other control characters become spaces (or are kept
 * as "\n" with `keepNewlines`), since drawText would start a new line.
 */
export function sanitizeText(text: string, charset: CharacterSet, opts: { keepNewlines?: boolean } = {}): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    out += safeChar(ch, charset, !!opts.keepNewlines);
  }
  return out;
}

function safeChar(ch: string, charset: CharacterSet, keepNewlines: boolean): string {
  const cp = ch.codePointAt(0)!;
  if (ch === "\n" && keepNewlines) return "\n";
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return cp === 0x0d && keepNewlines ? "" : " ";
  if (charset.has(cp)) return ch;
  const replacement = REPLACEMENTS[ch];
  if (replacement !== undefined) return replacement;
  // Decomposed: a base letter the font has, followed by combining marks it may not.
  const base = [...ch.normalize("NFKD")].filter((c) => charset.has(c.codePointAt(0)!) && !/\p{M}/u.test(c)).join("");
  if (base) return base;
  if (/\p{Zs}/u.test(ch)) return " ";
  // Zero-width characters and lone combining marks disappear rather than become "?".
  if (/\p{Cf}|\p{M}/u.test(ch)) return "";
  return "?";
}
