// Key/value and e-mail rows of the sending forms, and how they become the
// API's `tags` object and `shared_with` list.

export type TagRow = { key: string; value: string };
export type EmailRow = { email: string };

/**
 * Rows → tags object. Fully blank rows are ignored; a value without a name is
 * kept under "" so the API's schema answers its own "Hash contains empty keys".
 */
export function tagRowsToObject(rows: TagRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    if (r.key.trim() === "" && r.value.trim() === "") continue;
    out[r.key.trim()] = r.value;
  }
  return out;
}

export function emailRowsToList(rows: EmailRow[]): string[] {
  return rows.map((r) => r.email.trim()).filter(Boolean);
}
