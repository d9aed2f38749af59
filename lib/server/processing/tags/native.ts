// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldType } from "@/lib/server/db/schema";
import { ProcessingError } from "../processing-error";
import { MAX_SIZE_PT, type Dialect, type TagSpec } from "./tag-spec";

/*
 * OUR OWN TEXT TAG GRAMMAR (documented in docs/text-tags.md; keep the two in step)
 *
 *   [[type|role|option|option…]]
 *
 * type    signature | sig | s      a signature box
 *         initials  | initial | i  an initials box
 *         text      | t            a text box the signer fills in
 *         date      | d            a date box (the signing date, editable)
 *         checkbox  | check | c    a tick box
 *         (case does not matter)
 * role    the recipient's role name exactly as sent in the request's
 *         roles[].name (spec 4.4.1: "the recipient name given as second
 *         argument of the tag"). Case counts; spaces around it are
 *         ignored and a run of spaces inside counts as one.
 * options, in any order, each at most once:
 *         required | req           the signer must fill it (default, except checkbox)
 *         optional | opt           the signer may leave it empty (default for checkbox)
 *         name=<text>              the field name (default <type>_<n>: signature_1, text_2…)
 *         w=<points>  h=<points>   the box size in points (1/72 inch), 1–2000,
 *                                  instead of the size taken from the tag text
 *
 * A tag is written in one line of text, in any font and colour; it is covered
 * with white in the page images and in the signed PDF. Text between [[ and ]]
 * that does not start with a word followed by | or ]] is not a tag ("[[1]]",
 * "[[ see note ]]"); a word that is not a type, followed by |, is an error.
 */

export type ParsedTag = {
  type: FieldType;
  role: string;
  required?: boolean;
  name?: string;
  /** Box size in points, when given. */
  width?: number;
  height?: number;
};

const TYPES: Record<string, FieldType> = {
  signature: "signature",
  sig: "signature",
  s: "signature",
  initials: "initials",
  initial: "initials",
  i: "initials",
  text: "text",
  t: "text",
  date: "date",
  d: "date",
  checkbox: "checkbox",
  check: "checkbox",
  c: "checkbox",
};

/** `[[…]]` on one line; the inside is examined by parseTag. */
const TAG_PATTERN = /\[\[([^\[\]\n]*)\]\]/g;
/** A tag that starts like one but has no closing `]]` before the end of the line. */
const UNCLOSED_TAG_PATTERN = /\[\[\s*[A-Za-z]+\s*\|[^\]\n]*(?=\n|$)/g;

/** Whether `[[inner]]` is meant as a tag (see the grammar's last paragraph). */
export function looksLikeTag(inner: string): boolean {
  const m = /^\s*([A-Za-z]+)\s*(\||$)/.exec(inner);
  if (!m) return false;
  return m[2] === "|" || m[1]!.toLowerCase() in TYPES;
}

/** Parses the inside of `[[…]]`; `raw` (the whole tag) and `page` are for the error message. */
export function parseTag(inner: string, raw: string, page: number): ParsedTag {
  const bad = (problem: string) => ProcessingError.malformedTag(raw, page, problem);
  const [typeText = "", roleText, ...options] = inner.split("|").map((s) => s.trim());

  const type = TYPES[typeText.toLowerCase()];
  if (!type) {
    throw bad(`"${typeText}" is not a field type (use signature, initials, text, date or checkbox)`);
  }
  const role = roleText?.replace(/\s+/g, " ") ?? "";
  if (!role) throw bad("the role name is missing (write it after the first |, e.g. [[signature|Client]])");

  const tag: ParsedTag = { type, role };
  const seen = new Set<string>();
  for (const option of options) {
    if (option === "") continue; // tolerate "||" and a trailing "|"
    const eq = option.indexOf("=");
    const key = (eq < 0 ? option : option.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? undefined : option.slice(eq + 1).trim();
    const canonical = key === "req" ? "required" : key === "opt" ? "optional" : key;
    const slot = canonical === "optional" ? "required" : canonical;
    if (seen.has(slot)) throw bad(`"${key}" is given more than once`);
    seen.add(slot);

    if (canonical === "required" || canonical === "optional") {
      if (value !== undefined) throw bad(`"${key}" takes no value`);
      tag.required = canonical === "required";
    } else if (canonical === "name") {
      if (!value) throw bad("name= needs a value");
      tag.name = value;
    } else if (canonical === "w" || canonical === "h") {
      const n = value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
      if (!(n >= 1 && n <= MAX_SIZE_PT)) throw bad(`${key}= needs a size in points between 1 and ${MAX_SIZE_PT}`);
      if (canonical === "w") tag.width = n;
      else tag.height = n;
    } else {
      throw bad(`"${option}" is not an option (use required, optional, name=…, w=…, h=…)`);
    }
  }
  return tag;
}

/** Our grammar as one dialect of the registry (tags/registry.ts). */
export const nativeDialect: Dialect = {
  id: "native",
  name: "this service",
  pattern: TAG_PATTERN,
  recognise: (m) => looksLikeTag(m[1] ?? ""),
  parse(m, page): TagSpec {
    const tag = parseTag(m[1] ?? "", m[0], page);
    return {
      type: tag.type,
      party: { kind: "role", name: tag.role },
      required: tag.required ?? tag.type !== "checkbox",
      name: tag.name,
      sizing: "minimum",
      width: tag.width,
      height: tag.height,
    };
  },
  unclosed: UNCLOSED_TAG_PATTERN,
  unclosedProblem: "it has no closing ]] on the same line",
};
