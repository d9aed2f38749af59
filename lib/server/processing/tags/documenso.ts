// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldType } from "@/lib/server/db/schema";
import { ProcessingError } from "../processing-error";
import { squash, wholeNumber, type Dialect, type TagSpec } from "./tag-spec";

/*
 * DOCUMENSO PDF PLACEHOLDERS (documented in docs/text-tags.md)
 *
 *   {{type, rN, option=value, …}}      e.g.  {{signature, r1}}   {{text, r2, required=true}}
 *
 * type     signature, initials, date, checkbox; name, email, text, number,
 *          radio, dropdown and any other word become a text field (case does
 *          not matter)
 * rN       the Nth recipient (r1 is the first; in signing order when
 *          sequencing is on)
 * options  required=true|false (signature is always required; signature,
 *          initials, name, email and date are required by default, as
 *          Documenso fills or demands them; the rest optional);
 *          label=<text> is shown to the signer; Documenso's appearance and
 *          validation options (fontSize, textAlign, readOnly, placeholder,
 *          minValue…) are accepted and not applied.
 *
 * What counts as a tag: "{{", a word, a comma, r and a number, then options
 * or "}}", on one line. "{{ name }}" or "{{#each rows}}" of a template
 * language is ordinary text. The field covers the placeholder as drawn.
 */

const PATTERN = /\{\{([^{}\n]*)\}\}/g;
const SHAPE = /^\s*[A-Za-z]+\s*,\s*r\d+\s*(,|$)/i;

const TYPES: Record<string, FieldType> = {
  signature: "signature",
  initials: "initials",
  date: "date",
  checkbox: "checkbox",
};
const REQUIRED_BY_DEFAULT = new Set(["signature", "initials", "name", "email", "date"]);

export const documensoDialect: Dialect = {
  id: "documenso",
  name: "Documenso",
  pattern: PATTERN,
  recognise: (m) => SHAPE.test(m[1]!),
  parse(m, page): TagSpec {
    const bad = (problem: string) => ProcessingError.malformedTag(m[0], page, problem);
    const [typeText = "", recipient = "", ...options] = m[1]!.split(",").map(squash);
    const typeWord = typeText.toLowerCase();
    const type = TYPES[typeWord] ?? "text";
    const n = wholeNumber(recipient.slice(1));
    if (!(n >= 1)) throw bad(`"${recipient}" is not a recipient (r1 is the first)`);

    let required = REQUIRED_BY_DEFAULT.has(typeWord);
    let helpText: string | undefined;
    const seen = new Set<string>();
    for (const option of options) {
      if (option === "") continue;
      const eq = option.indexOf("=");
      if (eq < 1) throw bad(`"${option}" is not an option (write key=value, e.g. required=true)`);
      const key = option.slice(0, eq).trim().toLowerCase();
      const value = option.slice(eq + 1).trim();
      if (seen.has(key)) throw bad(`"${key}" is given more than once`);
      seen.add(key);
      if (key === "required") {
        if (!/^(true|false)$/i.test(value)) throw bad(`required= takes true or false, not "${value}"`);
        required = value.toLowerCase() === "true";
      } else if (key === "label") {
        helpText = value || undefined;
      }
      // Other options (fontSize, textAlign, readOnly, placeholder, …) set Documenso's appearance.
    }
    return {
      type,
      party: { kind: "position", index: n - 1, label: recipient.toLowerCase() },
      required: type === "signature" || required,
      helpText,
      sizing: "extent",
    };
  },
};
