// Rules about a signer's fields that the server (lib/server/signing/
// build-signer-view.ts) and the signer page (components/signing/*) both
// apply, so they cannot disagree. Pure: no I/O, no server-only imports.

/**
 * What the signer page fills in for the signer before they touch a field:
 * `name` / `email` (text fields) the recipient's name or address, `today`
 * (date fields that are the signing date) the signer's local date. Every
 * such value stays editable. docs/api-decisions.md, "Signer page: pre-filled
 * fields", states the rule for senders.
 */
export type FieldAutofill = "name" | "email" | "today";

// Names compared after plainFieldName: lower case, `_ - .` as spaces, a
// trailing number dropped (date_1), the role's own name or a generic
// "signer/your" in front dropped (client_date, signer_name, your email).
const NAME_WORDS = new Set(["name", "full name", "fullname", "printed name", "print name", "name printed", "legal name", "name of signer", "name of signatory"]);
const EMAIL_WORDS = new Set(["email", "e mail", "email address", "e mail address", "mail"]);
const SIGNING_DATE_WORDS = new Set([
  "",
  "date",
  "date signed",
  "signed date",
  "signing date",
  "sign date",
  "signature date",
  "date of signature",
  "date of signing",
  "signed on",
  "datenow",
  "date now",
  "today",
  "todays date",
  "today s date",
  "current date",
]);

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_\-.'’]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** A field's name as compared by the autofill rule: "Client_Date_2" of role "Client" → "date". */
export function plainFieldName(fieldName: string, roleName: string): string {
  let s = squash(fieldName).replace(/\s*\d+$/, "");
  const role = squash(roleName);
  if (role && s.startsWith(`${role} `)) s = s.slice(role.length + 1);
  return s.replace(/^(signer|signatory|recipient|your|my)\s*\d*\s+/, "").trim();
}

/** The autofill of one field of a signer in role `roleName`, or null (the field starts empty). */
export function autofillOf(field: { type: string; name: string }, roleName: string): FieldAutofill | null {
  const plain = plainFieldName(field.name, roleName);
  if (field.type === "date") return SIGNING_DATE_WORDS.has(plain) ? "today" : null;
  if (field.type !== "text") return null;
  if (NAME_WORDS.has(plain)) return "name";
  if (EMAIL_WORDS.has(plain)) return "email";
  return null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The signer's local date as stored (yyyy-mm-dd, the form the API and the signed PDF use). */
export function isoDateOf(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Falls back when the signer's language is unknown: day, month name, year ("25 November 2026"). */
export const DEFAULT_DATE_LOCALE = "en-GB";

/**
 * A stored date (yyyy-mm-dd) written out in full in `locale`: "25 November
 * 2026" (en-GB), "November 25, 2026" (en-US), "25. November 2026" (de). Null
 * for anything that is not a real date.
 */
export function formatFullDate(value: string, locale: string): string | null {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  const options = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat(DEFAULT_DATE_LOCALE, options).format(date);
  }
}

/**
 * The locale dates are written in: the first language of the signer's
 * browser (Accept-Language, by weight) that Intl knows. Documents carry no
 * language of their own, so the reader's is used.
 */
export function dateLocaleOf(acceptLanguage: string | null | undefined): string {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag && l.tag !== "*" && l.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(l.tag))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // A malformed tag: try the next one.
    }
  }
  return DEFAULT_DATE_LOCALE;
}
