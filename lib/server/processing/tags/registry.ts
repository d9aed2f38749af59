// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { ProcessingError } from "../processing-error";
import { adobeSignDialect } from "./adobe-sign";
import { documensoDialect } from "./documenso";
import { docusealDialect } from "./docuseal";
import { dropboxSignDialect } from "./dropbox-sign";
import { nativeDialect } from "./native";
import { rightSignatureDialect } from "./rightsignature";
import type { Dialect, TagSpec } from "./tag-spec";

/**
 * Every tag syntax read from uploaded files, in the order they claim text:
 * a stretch of text taken by one dialect is not looked at by the later ones.
 * Our own `[[…]]` comes first (so `[[sig|req|signer1]]` stays ours), then
 * the `{{…}}` dialects from the most specific shape to the loosest (Adobe's
 * `_es_`, Documenso's `type, rN`, DocuSeal's `attribute=value`), then the
 * single-bracket ones (Dropbox Sign's pipes, RightSignature's colons, which
 * cannot both match one stretch).
 */
export const DIALECTS: readonly Dialect[] = [
  nativeDialect,
  adobeSignDialect,
  documensoDialect,
  docusealDialect,
  dropboxSignDialect,
  rightSignatureDialect,
];

export type TagHit = {
  spec: TagSpec;
  /** The tag as written, for messages. */
  raw: string;
  dialect: Dialect["id"];
  /** Where the tag is in the page's text: [start, end). */
  start: number;
  end: number;
};

/**
 * Finds the tags of every dialect in one page's text (lines divided by
 * "\n"); throws ProcessingError for a malformed one, naming the page.
 * Hits are in text order.
 */
export function findTagsInText(text: string, page: number): TagHit[] {
  for (const dialect of DIALECTS) {
    if (!dialect.unclosed) continue;
    const unclosed = new RegExp(dialect.unclosed.source, dialect.unclosed.flags.replace("g", "")).exec(text);
    if (unclosed) throw ProcessingError.malformedTag(unclosed[0], page, dialect.unclosedProblem ?? "it is not closed on the same line");
  }

  const hits: TagHit[] = [];
  const taken = (start: number, end: number) => hits.some((h) => start < h.end && h.start < end);
  for (const dialect of DIALECTS) {
    for (const m of text.matchAll(dialect.pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken(start, end) || !dialect.recognise(m)) continue;
      hits.push({ spec: dialect.parse(m, page), raw: m[0], dialect: dialect.id, start, end });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}
