// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldType } from "@/lib/server/db/schema";
import { ProcessingError } from "../processing-error";
import type { Dialect, TagSpec } from "./tag-spec";

/*
 * RIGHTSIGNATURE TEXT TAGS (documented in docs/text-tags.md)
 *
 *   [ type : party : requiredness ]      e.g.  [ s:a:r ]   [d:b:o]   [t:aa:r]
 *
 * type          s signature, c checkbox, d date, i initials, t text
 * party         a = the 1st recipient, b = the 2nd, … z = the 26th, aa = the 27th,
 *               ab = the 28th … (in signing order when sequencing is on). A role
 *               whose name is the party letter(s) is taken first.
 * requiredness  r required, o optional (a signature is always required)
 *
 * Spaces and underscores inside the brackets are ignored, so "[ s:a:r ]",
 * "[s_:_a_:_r]" and "[s:a:r          ]" are the same tag; the field covers
 * the tag as drawn, so spaces or a larger font make it larger.
 *
 * What counts as a tag: inside single brackets (not [[ or ]]), a single
 * letter, a colon, one to three letters, a colon and a single letter, with
 * spaces or underscores anywhere between them, all on one line, the first
 * letter being a type. Anything else in brackets ("[a:b]", "[Note: see
 * below]", "[x:y:z]") is ordinary text. A tag whose last letter is neither
 * o nor r is malformed. Letters may be upper or lower case (editors
 * capitalise the first letter after "[").
 */

const GAP = "[ _\\t\\u00a0]*";
const PATTERN = new RegExp(
  `(?<!\\[)\\[${GAP}([A-Za-z])${GAP}:${GAP}([A-Za-z]{1,3})${GAP}:${GAP}([A-Za-z])${GAP}\\](?!\\])`,
  "g",
);

const TYPES: Record<string, FieldType> = { s: "signature", c: "checkbox", d: "date", i: "initials", t: "text" };

/** a → 0, z → 25, aa → 26, ab → 27, … (spreadsheet columns, 0-based). */
export function partyIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toLowerCase()) n = n * 26 + (ch.charCodeAt(0) - 96);
  return n - 1;
}

export const rightSignatureDialect: Dialect = {
  id: "rightsignature",
  name: "RightSignature",
  pattern: PATTERN,
  recognise: (m) => m[1]!.toLowerCase() in TYPES,
  parse(m, page): TagSpec {
    const type = TYPES[m[1]!.toLowerCase()]!;
    const party = m[2]!.toLowerCase();
    const flag = m[3]!.toLowerCase();
    if (flag !== "r" && flag !== "o") {
      throw ProcessingError.malformedTag(m[0], page, `"${m[3]}" must be r (required) or o (optional)`);
    }
    return {
      type,
      party: { kind: "position", index: partyIndex(party), label: party, roleAlias: party },
      // RightSignature: "signatures are always required and cannot be set as optional".
      required: type === "signature" || flag === "r",
      sizing: "extent",
    };
  },
};
