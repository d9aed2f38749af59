// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { ProcessingError } from "../processing-error";

// What may follow a role name at the start of a field name: "Client.name", "Client_name", "Client: name", "Client-name".
const SEPARATOR = /^[\s._:\-]/;
const SIGNER_N = /^signer\s*([1-9]\d{0,2})$/i;
const SIGNER_N_PREFIX = /^signer\s*([1-9]\d{0,2})(?=$|[\s._:\-[])/i;

/**
 * The role a fillable PDF's form field is for, from its full name
 * (docs/text-tags.md "Fillable PDFs", "Whose field it is"), first rule that applies:
 *
 * 1. `[Role]` or `[signerN]` anywhere in the name: that role (exact, else
 *    the one role equal ignoring case), or the Nth recipient. Brackets that
 *    name neither are ordinary text ("Amount [USD]").
 * 2. The name starts with a role's name followed by `.`, `_`, `:`, `-`, a
 *    space or nothing: that role (the longest such role; exact case first).
 *    Acrobat's hierarchical names do this by themselves: the fields of a
 *    parent field "Client" are called "Client.name", "Client.signature".
 * 3. The name starts with `signerN` (Dropbox Sign's and Adobe Sign's word for
 *    the Nth recipient): the Nth role in signing order.
 * 4. Otherwise `fallback`: the first role in signing order.
 *
 * `roles` are the request's role names in signing order, or "any" for a
 * template upload, where `[Role]` is taken as written and signerN becomes
 * "Signer N" (as text tags do). A signerN beyond the request's roles is an
 * error naming the field and its page, like a text tag's.
 */
export function roleOfFormField(name: string, roles: readonly string[] | "any", fallback: string, page: number): string {
  for (const m of name.matchAll(/\[([^[\]]{1,200})\]/g)) {
    const inner = m[1]!.trim();
    const n = SIGNER_N.exec(inner);
    if (roles === "any") return n ? `Signer ${Number(n[1])}` : inner;
    const named = roles.find((r) => r === inner) ?? roles.find((r) => r.toLowerCase() === inner.toLowerCase());
    if (named !== undefined) return named;
    if (n) return nth(name, inner, Number(n[1]), roles, page);
  }

  if (roles !== "any") {
    const byLength = [...roles].sort((a, b) => b.length - a.length);
    const starts = (r: string, ci: boolean) => {
      const head = name.slice(0, r.length);
      if (r.length === 0 || (ci ? head.toLowerCase() !== r.toLowerCase() : head !== r)) return false;
      const rest = name.slice(r.length);
      return rest === "" || SEPARATOR.test(rest);
    };
    const role = byLength.find((r) => starts(r, false)) ?? byLength.find((r) => starts(r, true));
    if (role !== undefined) return role;
  }

  const n = SIGNER_N_PREFIX.exec(name);
  if (n) return roles === "any" ? `Signer ${Number(n[1])}` : nth(name, n[0], Number(n[1]), roles, page);
  return fallback;
}

function nth(field: string, label: string, n: number, roles: readonly string[], page: number): string {
  const role = roles[n - 1];
  if (role === undefined) throw ProcessingError.formFieldUnknownParty(field, label, n - 1, page, roles);
  return role;
}
