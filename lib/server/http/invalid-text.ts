import "server-only";

/**
 * Text PostgreSQL cannot store: NUL anywhere (text and jsonb both refuse it)
 * and unpaired UTF-16 surrogates (JSON.parse accepts "\ud800"; jsonb does
 * not). Found at the edge and answered as bad input, instead of surfacing as
 * a database error (a 500) somewhere in the service.
 */
export const isStorableText = (s: string) => !s.includes("\u0000") && s.isWellFormed();

/**
 * The path of the first string (or object key) in `value` that cannot be
 * stored, written the way clients send parameters (`roles[0][name]`), or
 * null when everything is storable. `prefix` names the whole value.
 */
export function findUnstorableText(value: unknown, prefix = ""): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : prefix || "body";
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findUnstorableText(v, `${prefix}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const path = prefix ? `${prefix}[${k}]` : k;
      if (!isStorableText(k)) return path.replace(/[^\x20-\x7e]/g, "?");
      const found = findUnstorableText(v, path);
      if (found) return found;
    }
  }
  return null;
}

export const UNSTORABLE_TEXT = "must not contain NUL characters or invalid Unicode.";
