// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldType } from "@/lib/server/db/schema";
import { ProcessingError } from "../processing-error";
import { squash, wholeNumber, type Dialect, type TagSpec } from "./tag-spec";

/*
 * DROPBOX SIGN (HELLOSIGN) TEXT TAGS (documented in docs/text-tags.md)
 *
 *   [type|requirement|signerN|Label|UniqueId]      e.g.  [sig|req|signer1]
 *
 * type         sig, initial, text, date, check; text-merge and checkbox-merge
 *              become a text field and a checkbox (their API-supplied values
 *              are not filled in)
 * requirement  req or noreq; anything else counts as req, as Dropbox Sign does
 * signerN      the Nth recipient (signer1 is the first; in signing order when
 *              sequencing is on)
 * Label        optional: shown to the signer beside the field
 * UniqueId     optional: the field's name
 *
 * What counts as a tag: inside single brackets on one line, parts divided by
 * "|", the third being signerN (or "sender", which is refused: fields are for
 * recipients). "[a|b|c]" or "[see | below]" is ordinary text. The field
 * covers the tag as drawn ("[sig|req|signer1        ]" is wider).
 */

const PATTERN = /(?<!\[)\[([^\[\]\n]*)\](?!\])/g;

const TYPES: Record<string, FieldType> = {
  sig: "signature",
  initial: "initials",
  text: "text",
  date: "date",
  check: "checkbox",
  "text-merge": "text",
  "checkbox-merge": "checkbox",
};

const SIGNER = /^signer(\d+)$/i;
const parts = (m: RegExpExecArray) => m[1]!.split("|").map(squash);

export const dropboxSignDialect: Dialect = {
  id: "dropbox-sign",
  name: "Dropbox Sign",
  pattern: PATTERN,
  recognise(m) {
    const p = parts(m);
    return p.length >= 3 && /^[A-Za-z][A-Za-z-]*$/.test(p[0]!) && (SIGNER.test(p[2]!) || /^(sender|me_now)$/i.test(p[2]!));
  },
  parse(m, page): TagSpec {
    const bad = (problem: string) => ProcessingError.malformedTag(m[0], page, problem);
    const [typeText = "", requirement = "", signer = "", label, id, ...rest] = parts(m);
    const type = TYPES[typeText.toLowerCase()];
    if (!type) throw bad(`"${typeText}" is not a Dropbox Sign field type (use sig, initial, text, date or check)`);
    const n = wholeNumber(SIGNER.exec(signer)?.[1] ?? "");
    if (!(n >= 1)) throw bad(`"${signer}" is not a signer: fields are for recipients (signer1 is the first)`);
    if (rest.length) throw bad("it has more than five parts (type|req|signerN|Label|UniqueId)");
    return {
      type,
      party: { kind: "position", index: n - 1, label: signer.toLowerCase() },
      // "The value defaults to req if the entry is not understood" (Dropbox Sign).
      required: requirement.toLowerCase() !== "noreq",
      name: id || undefined,
      helpText: label || undefined,
      sizing: "extent",
    };
  },
};
