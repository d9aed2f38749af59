// Pure (no I/O, no secrets), so without "server-only": unit tests can import it directly.

// Names, answers and user agents are free text. Every script is drawn as
// typed (lib/server/pdf-text picks a Noto face per script and draws a visible
// U+FFFD for a character no font has), so the only cleaning left is of
// characters that are not text: line breaks and other control characters
// become spaces (or stay "\n" with `keepNewlines`), since a drawn line is one
// line. Composed form (NFC), so "é" typed as e + combining accent is one
// glyph and extracts as one character.

export function cleanText(text: string, opts: { keepNewlines?: boolean } = {}): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\n" && opts.keepNewlines) out += "\n";
    else if (cp === 0x0d && opts.keepNewlines) continue;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) out += " ";
    else out += ch;
  }
  return out;
}
