// Rules about placed fields that the builder (in the browser) and the server
// (draft send, builder saves) both apply, so they cannot disagree. Pure: no
// I/O, no server-only imports.

/** The smallest box, in points of the page, per field type (a signature, text or date in it stays readable when printed). */
export const MIN_FIELD_POINTS: Record<"signature" | "initials" | "text" | "date" | "checkbox", { width: number; height: number }> = {
  signature: { width: 48, height: 16 },
  initials: { width: 20, height: 12 },
  // 12 pt high holds one line of about 8 pt (lib/server/completion/fit-text.ts sizes text to its box height).
  text: { width: 24, height: 12 },
  date: { width: 24, height: 12 },
  checkbox: { width: 8, height: 8 },
};

/** The smallest width and height of a field of `type` as fractions of a page of `page` points. */
export function minFieldFraction(type: keyof typeof MIN_FIELD_POINTS, page: { width: number; height: number }) {
  const min = MIN_FIELD_POINTS[type];
  return { width: Math.min(1, min.width / Math.max(1, page.width)), height: Math.min(1, min.height / Math.max(1, page.height)) };
}

/**
 * Roles (by name) that nobody placed a field for. A document with such a
 * signer cannot be sent from the dashboard: the signer would be asked to
 * sign nothing. `omitted` roles (spec 4.4.1 signer_omitted) never sign, so
 * they need none.
 */
export function rolesWithoutFields(roles: readonly { name: string; omitted?: boolean }[], fields: readonly { role: string }[]): string[] {
  return roles.filter((r) => !r.omitted && !fields.some((f) => f.role === r.name)).map((r) => r.name);
}

/** The one sentence that refuses (or warns about) a role without fields, naming it. */
export const noFieldsMessage = (role: string) => `“${role}” has no field to fill in or sign. Add at least one field for ${role} before sending.`;
