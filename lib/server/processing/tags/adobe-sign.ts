// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldType } from "@/lib/server/db/schema";
import { ProcessingError } from "../processing-error";
import { squash, wholeNumber, type Dialect, type TagSpec } from "./tag-spec";

/*
 * ADOBE ACROBAT SIGN TEXT TAGS (documented in docs/text-tags.md)
 *
 *   {{[*]name_es_:signerN[:type][:directive…]}}   e.g.  {{Sig_es_:signer1:signature}}   {{*city_es_:signer1}}
 *
 * *        before the name: a required field (signature, initials and date
 *          are required anyway; the rest are optional without it)
 * name     the field's name, then the marker _es_
 * signerN  the Nth recipient (signer1 is the first; in signing order when
 *          sequencing is on)
 * type     signature, initials, date, checkbox; text (the default), name,
 *          email, title, company, number, multiline, dropdown and radio
 *          become a text field; other Acrobat Sign types (attachment,
 *          image, stamp, …) are refused
 * directives after the type (font, label, default, validation…) are
 * accepted and not applied.
 *
 * What counts as a tag: "{{…}}" on one line whose first part (before the
 * first ":") ends in "_es_". "{{!name_es_:…}}" (read-only, filled by the
 * sender) is refused; a tag without a role or for sender, prefill or
 * another role is refused. Text in "{{…}}" without "_es_" is ordinary text.
 * The field covers the tag as drawn.
 */

const PATTERN = /\{\{([^{}\n]*)\}\}/g;
const SHAPE = /^\s*[*!]?[^:]*_es_\s*(:|$)/i;

const TYPES: Record<string, FieldType> = {
  signature: "signature",
  initials: "initials",
  date: "date",
  checkbox: "checkbox",
  text: "text",
  name: "text",
  email: "text",
  title: "text",
  company: "text",
  number: "text",
  multiline: "text",
  dropdown: "text",
  radio: "text",
};
const REQUIRED_BY_DEFAULT = new Set<FieldType>(["signature", "initials", "date"]);
const SIGNER = /^signer(\d+)$/i;

export const adobeSignDialect: Dialect = {
  id: "adobe-sign",
  name: "Adobe Acrobat Sign",
  pattern: PATTERN,
  recognise: (m) => SHAPE.test(m[1]!),
  parse(m, page): TagSpec {
    const bad = (problem: string) => ProcessingError.malformedTag(m[0], page, problem);
    const [head = "", roleText = "", typeGiven = ""] = m[1]!.split(":").map(squash);
    const typeText = typeGiven || "text";
    const marker = head[0];
    if (marker === "!") throw bad("read-only fields (!) are not supported: the sender's values are not filled in");
    const name = squash(head.replace(/^[*!]/, "").replace(/_es_$/i, ""));

    if (!roleText) throw bad("it names no signer (write :signer1 after _es_)");
    const n = wholeNumber(SIGNER.exec(roleText)?.[1] ?? "");
    if (!(n >= 1)) throw bad(`"${roleText}" is not a signer: fields are for recipients (signer1 is the first)`);

    // A type may carry arguments, as in dropdown(options=…); the word before them is the type.
    const typeWord = (/^[A-Za-z]+/.exec(typeText)?.[0] ?? "").toLowerCase();
    const type = TYPES[typeWord];
    if (!type) throw bad(`"${typeText}" is not a field type supported here (use signature, initials, date, checkbox or text)`);
    return {
      type,
      party: { kind: "position", index: n - 1, label: roleText.toLowerCase() },
      required: marker === "*" || REQUIRED_BY_DEFAULT.has(type),
      name: name || undefined,
      sizing: "extent",
    };
  },
};
