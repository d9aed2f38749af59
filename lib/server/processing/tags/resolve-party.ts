// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { ProcessingError } from "../processing-error";
import type { PartyRef } from "./tag-spec";

/**
 * The role name a tag's party stands for.
 *
 * `roles` are the request's role names in signing order (by `sequence` when
 * signer sequencing is on, else as listed), or "any" for a template upload,
 * where the tags define the roles: a role by name is taken as written, the
 * Nth recipient becomes "Signer N" whichever service's tag says so, so
 * `[s:a:r]`, `[sig|req|signer1]` and `{{signature, r1}}` name one role.
 *
 * Throws ProcessingError("unknown_role") naming the page and the tag when
 * the request has no such role or no Nth recipient.
 */
export function resolveParty(party: PartyRef, roles: readonly string[] | "any", raw: string, page: number): string {
  if (party.kind === "role") {
    if (roles === "any" || roles.includes(party.name)) return party.name;
    const near = roles.find((r) => r.toLowerCase() === party.name.toLowerCase());
    throw ProcessingError.unknownRole(raw, party.name, page, roles, near);
  }
  if (roles === "any") return `Signer ${party.index + 1}`;
  // RightSignature: a role named with the party letter(s) is that party, wherever it is in the order.
  if (party.roleAlias) {
    const alias = party.roleAlias.toLowerCase();
    const named = roles.find((r) => r === party.roleAlias) ?? roles.find((r) => r.trim().toLowerCase() === alias);
    if (named !== undefined) return named;
  }
  const role = roles[party.index];
  if (role === undefined) throw ProcessingError.unknownParty(raw, party.label, party.index, page, roles, !!party.roleAlias);
  return role;
}
