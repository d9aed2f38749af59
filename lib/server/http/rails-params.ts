/**
 * `application/x-www-form-urlencoded` bodies with Rails-style nesting, read
 * the way Rack's `parse_nested_query` reads them (rack/lib/rack/query_parser.rb),
 * because the clients written for the real service send their bodies so:
 *
 *   document[name]=NDA                      → { document: { name: "NDA" } }
 *   shared_with[]=a@x&shared_with[]=b@y     → { shared_with: ["a@x", "b@y"] }
 *   roles[][name]=A&roles[][signer_email]=a&roles[][name]=B
 *                                           → { roles: [{ name: "A", signer_email: "a" }, { name: "B" }] }
 *     (a new array element starts when the last one already has the key, as in Rack)
 *   tags[key]=v                             → { tags: { key: "v" } }
 *   flag                                    → { flag: null }   (no "=": Rack's nil, JSON's null)
 *
 * Values are always strings (or null); the zod contracts accept the string
 * forms of numbers and booleans. Where this parser departs from Rack, it is
 * stricter, because a client that sends these has a bug it should hear about:
 * - unbalanced or stray brackets (`a[b`, `a[b]c`, `a[`) are refused instead of
 *   being read as odd literal keys;
 * - a value that would replace an object or array with a string (`a[b]=1&a=2`)
 *   is refused like the reverse (`a=1&a[b]=2`), which Rack already refuses;
 * - an object whose keys are all digits and whose values are all objects
 *   (`roles[0][name]=A&roles[1][name]=B`, the `fields_for` form Rails reads as
 *   a list) becomes an array ordered by index. Objects of plain values keep
 *   their keys, so `tags[2024]=x` stays a tag named "2024".
 */

export type FormValue = string | null | FormValue[] | { [key: string]: FormValue };

/** A body whose nesting cannot be read; `param` is the key as the client sent it. */
export class FormNestingError extends Error {
  constructor(
    readonly param: string,
    readonly why: string,
  ) {
    super(`${param}: ${why}`);
  }
}

// Rack's defaults (Rack::Utils.default_query_parser and QueryParser::PARAMS_LIMIT).
const DEPTH_LIMIT = 32;
const PARAMS_LIMIT = 4096;

// Maps while parsing: no key (not even "__proto__") can reach an object's prototype.
type Hash = Map<string, Node>;
type Node = string | null | Hash | Node[];

const isHash = (n: Node | undefined): n is Hash => n instanceof Map;
const kind = (n: Node | undefined) => (n === null || typeof n === "string" ? "a value" : Array.isArray(n) ? "an array" : "an object");

export function parseNestedQuery(text: string): Record<string, FormValue> {
  // Rack's separator: "&" and any spaces after it.
  const pairs = text.split(/& */).filter((p) => p !== "");
  if (pairs.length > PARAMS_LIMIT) throw new FormNestingError("body", `must have at most ${PARAMS_LIMIT} parameters.`);
  const params: Hash = new Map();
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const key = decode(rawKey, rawKey);
    const value = eq < 0 ? null : decode(pair.slice(eq + 1), key);
    normalize(params, key, value, 0, key);
  }
  return toPlain(params) as Record<string, FormValue>;
}

function decode(s: string, param: string) {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    throw new FormNestingError(param, "is not valid percent-encoded UTF-8.");
  }
}

/**
 * Rack's `_normalize_params`: places `value` under `name` in `params`.
 * `full` is the whole key of the pair, for error messages.
 */
function normalize(params: Hash, name: string, value: string | null, depth: number, full: string): Hash | Node[] {
  if (depth >= DEPTH_LIMIT) throw new FormNestingError(full, `must be nested at most ${DEPTH_LIMIT} levels deep.`);
  let k: string;
  let after: string;
  if (depth === 0) {
    // The top-level key is everything before the first "[" (a leading "[" is part of it).
    const start = name.indexOf("[", 1);
    [k, after] = start < 0 ? [name, ""] : [name.slice(0, start), name.slice(start)];
  } else if (name.startsWith("[]")) {
    [k, after] = ["[]", name.slice(2)];
  } else {
    const end = name.indexOf("]", 1);
    if (!name.startsWith("[") || end < 0) throw new FormNestingError(full, "has unbalanced brackets.");
    [k, after] = [name.slice(1, end), name.slice(end + 1)];
  }
  if (after !== "" && !after.startsWith("[")) throw new FormNestingError(full, "has text after a closing bracket.");
  if (k === "") return params; // Rack drops pairs without a name

  if (after === "") {
    if (k === "[]" && depth !== 0) return [value];
    const current = params.get(k);
    if (current !== undefined && typeof current !== "string" && current !== null) throw conflict(full, current, "a value");
    params.set(k, value);
  } else if (after === "[") {
    throw new FormNestingError(full, "has unbalanced brackets.");
  } else if (after === "[]") {
    arrayAt(params, k, full).push(value);
  } else if (after.startsWith("[]")) {
    // x[][y]=…: fills the array's last object unless it already has y, then starts a new one.
    const childKey = after.slice(2);
    const list = arrayAt(params, k, full);
    const last = list.at(-1);
    if (isHash(last) && !hashHasKey(last, childKey)) normalize(last, childKey, value, depth + 1, full);
    else list.push(normalize(new Map(), childKey, value, depth + 1, full));
  } else {
    const current = params.get(k) ?? new Map();
    if (!isHash(current)) throw conflict(full, current, "an object");
    params.set(k, normalize(current, after, value, depth + 1, full));
  }
  return params;
}

function arrayAt(params: Hash, k: string, full: string): Node[] {
  const current = params.get(k) ?? [];
  if (!Array.isArray(current)) throw conflict(full, current, "an array");
  params.set(k, current);
  return current;
}

const conflict = (full: string, current: Node | undefined, expected: string) =>
  new FormNestingError(full, `is ${expected} here but ${kind(current)} in an earlier parameter.`);

/** Rack's `params_hash_has_key?`: does `hash` already hold the (possibly nested) key `[a][b]`? */
function hashHasKey(hash: Hash, key: string): boolean {
  if (key.includes("[]")) return false;
  let node: Node | undefined = hash;
  for (const part of key.split(/[[\]]+/)) {
    if (part === "") continue;
    if (!isHash(node) || !node.has(part)) return false;
    node = node.get(part);
  }
  return true;
}

/** Maps become plain objects (Object.fromEntries defines own properties, "__proto__" included, like JSON.parse). */
function toPlain(node: Node): FormValue {
  if (node === null || typeof node === "string") return node;
  if (Array.isArray(node)) return node.map(toPlain);
  const entries = [...node].map(([k, v]) => [k, toPlain(v)] as const);
  const indexed =
    entries.length > 0 &&
    entries.every(([k, v]) => /^\d{1,9}$/.test(k) && v !== null && typeof v === "object" && !Array.isArray(v));
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}
