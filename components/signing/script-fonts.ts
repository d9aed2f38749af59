// Web fonts for every script, self-hosted from npm (@fontsource-variable, no
// CDN): Noto Sans and the Noto Sans family of Arabic, Hebrew, Devanagari,
// Thai, Chinese, Japanese and Korean. Each family is split by unicode-range,
// so a page downloads only the slices of the characters it shows (a Chinese
// name loads a few CJK slices, a Latin page none). They come after the
// system fonts: a machine whose own fonts cover a script keeps using them;
// one without (no CJK fonts installed, say) still shows every character.
// The same files are what the completion job draws signed PDFs with
// (lib/server/pdf-text), so a preview and the signed PDF use one design.
import "@fontsource-variable/noto-sans/wght.css";
import "@fontsource-variable/noto-sans-arabic/wght.css";
import "@fontsource-variable/noto-sans-hebrew/wght.css";
import "@fontsource-variable/noto-sans-devanagari/wght.css";
import "@fontsource-variable/noto-sans-thai/wght.css";
import "@fontsource-variable/noto-sans-sc/wght.css";
import "@fontsource-variable/noto-sans-jp/wght.css";
import "@fontsource-variable/noto-sans-kr/wght.css";

/** The Noto families, as a CSS font-family list (Han characters take the Chinese shapes unless a Japanese or Korean font comes first). */
export const NOTO_FAMILIES = [
  '"Noto Sans Variable"',
  '"Noto Sans Arabic Variable"',
  '"Noto Sans Hebrew Variable"',
  '"Noto Sans Devanagari Variable"',
  '"Noto Sans Thai Variable"',
  '"Noto Sans SC Variable"',
  '"Noto Sans JP Variable"',
  '"Noto Sans KR Variable"',
].join(", ");

/** The page font: the system's sans-serif first, then the Noto families for what it lacks. */
export const UI_FONT_STACK = `ui-sans-serif, system-ui, sans-serif, ${NOTO_FAMILIES}`;

/** The family of Japanese (kana) or Korean (Hangul) text, so its Han characters take that language's shapes. */
export function cjkFamilyFirst(text: string): string {
  if (/[\u3040-\u30ff\u31f0-\u31ff]/u.test(text)) return '"Noto Sans JP Variable", ';
  if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u.test(text)) return '"Noto Sans KR Variable", ';
  return "";
}
