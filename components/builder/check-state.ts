import { rolesWithoutFields } from "@/lib/api/field-rules";
import type { BuilderState } from "./builder-model";

/** Problems the API would refuse, found before saving so they can be shown at once. */
export function problemsOf(state: BuilderState, mode: "template" | "document"): string[] {
  const problems: string[] = [];
  if (!state.settings.name.trim()) problems.push(`The ${mode} needs a name.`);
  const names = state.roles.map((r) => r.name.trim());
  names.forEach((n, i) => {
    if (!n) problems.push(`Role ${i + 1} needs a name.`);
    else if (names.indexOf(n) !== i) problems.push(`Two roles are called "${n}".`);
  });
  if (mode === "document") {
    state.roles.forEach((r) => {
      if (!r.omitted && !r.signer_email.trim()) problems.push(`${r.name} needs an e-mail address.`);
      if (!r.signer_name.trim()) problems.push(`${r.name} needs a name.`);
    });
  }
  for (const it of state.items) {
    if (it.locked) continue;
    if (!it.name.trim()) problems.push(`A field on page ${it.page} has no name.`);
    if (it.kind === "field" && !names.includes(it.role)) problems.push(`Field "${it.name}" belongs to no role.`);
  }
  return problems;
}

/**
 * Roles nobody placed a field for (lib/api/field-rules.ts): a draft cannot be
 * sent with one, and a template may be saved with one but warns, since
 * sending from it is refused until the role has a field.
 */
export function rolesWithoutFieldsOf(state: BuilderState): string[] {
  return rolesWithoutFields(
    state.roles.map((r) => ({ name: r.name.trim(), omitted: r.omitted })).filter((r) => r.name),
    state.items.filter((i) => i.kind === "field"),
  );
}
