// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldType } from "@/lib/server/db/schema";
import { ProcessingError } from "../processing-error";
import { MAX_SIZE_PT, squash, type Dialect, type TagSpec } from "./tag-spec";

/*
 * DOCUSEAL EMBEDDED TEXT FIELD TAGS (documented in docs/text-tags.md)
 *
 *   {{Field Name;attribute=value;…}}    e.g.  {{Field Name;type=date;role=Customer}}
 *
 * Field Name   optional: the field's name (also as name=…)
 * type=        text (the default), signature, initials, date, datenow,
 *              checkbox; number, phone, select, radio, multiple and cells
 *              become a text field; image, file, payment, stamp and the
 *              other DocuSeal types are refused (we have no such field)
 * role=        the role's name, as in the request (case counts); without
 *              it the field is the first recipient's, as in DocuSeal
 * required=    true (the default) or false
 * width=, height=   the box size in points instead of the tag's own
 * readonly=true is refused (we cannot pre-fill a value); default, options,
 * condition, font, font_size, color, align, valign, format, mask,
 * description, title are accepted and not applied.
 *
 * What counts as a tag: "{{…}}" on one line with at least one
 * "attribute=value" part (attributes as listed above), parts divided by ";".
 * A bare "{{Field Name}}" (a text field in DocuSeal) is NOT read as a tag:
 * it is what template languages write ("{{ name }}"), so a document that
 * merely contains one is not changed; write "{{Field Name;type=text}}".
 */

const PATTERN = /\{\{([^{}\n]*)\}\}/g;

const TYPES: Record<string, FieldType> = {
  text: "text",
  signature: "signature",
  initials: "initials",
  date: "date",
  datenow: "date",
  checkbox: "checkbox",
  number: "text",
  phone: "text",
  select: "text",
  radio: "text",
  multiple: "text",
  cells: "text",
};
const APPLIED = new Set(["name", "type", "role", "required", "readonly", "width", "height"]);
const ACCEPTED = new Set([
  "default",
  "options",
  "condition",
  "font",
  "font_size",
  "font_type",
  "color",
  "align",
  "valign",
  "format",
  "mask",
  "description",
  "title",
]);

type Attribute = { key: string; value: string };
const segments = (m: RegExpExecArray) => m[1]!.split(";").map((s) => s.trim());
function attribute(segment: string): Attribute | undefined {
  const eq = segment.indexOf("=");
  if (eq < 1) return undefined;
  return { key: segment.slice(0, eq).trim().toLowerCase(), value: segment.slice(eq + 1).trim() };
}
const isKnown = (a: Attribute | undefined) => !!a && (APPLIED.has(a.key) || ACCEPTED.has(a.key));

export const docusealDialect: Dialect = {
  id: "docuseal",
  name: "DocuSeal",
  pattern: PATTERN,
  recognise: (m) => segments(m).some((s) => isKnown(attribute(s))),
  parse(m, page): TagSpec {
    const bad = (problem: string) => ProcessingError.malformedTag(m[0], page, problem);
    const parts = segments(m);
    const values = new Map<string, string>();
    parts.forEach((segment, i) => {
      if (segment === "") return;
      const a = attribute(segment);
      if (!a) {
        if (i > 0) throw bad(`"${segment}" is not an attribute (write attribute=value)`);
        values.set("name", segment); // the leading field name
        return;
      }
      if (!isKnown(a)) throw bad(`"${a.key}" is not a DocuSeal attribute`);
      if (values.has(a.key)) throw bad(`"${a.key}" is given more than once`);
      values.set(a.key, a.value);
    });

    const typeText = (values.get("type") ?? "text").toLowerCase();
    const type = TYPES[typeText];
    if (!type) throw bad(`the field type "${typeText}" is not supported here (use text, signature, initials, date or checkbox)`);
    const flag = (key: string, fallback: boolean) => {
      const v = values.get(key);
      if (v === undefined) return fallback;
      if (!/^(true|false)$/i.test(v)) throw bad(`${key}= takes true or false, not "${v}"`);
      return v.toLowerCase() === "true";
    };
    if (flag("readonly", false)) throw bad("read-only fields are not supported (the signer could not fill it in)");
    const size = (key: string) => {
      const v = values.get(key);
      if (v === undefined) return undefined;
      const n = /^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
      if (!(n >= 1 && n <= MAX_SIZE_PT)) throw bad(`${key}= needs a size in points between 1 and ${MAX_SIZE_PT}`);
      return n;
    };
    const role = squash(values.get("role") ?? "");
    const name = squash(values.get("name") ?? "");
    return {
      type,
      party: role ? { kind: "role", name: role } : { kind: "position", index: 0, label: "the first party (no role=)" },
      required: flag("required", true),
      name: name || undefined,
      sizing: "extent",
      width: size("width"),
      height: size("height"),
    };
  },
};
