import "server-only";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Committed changes to documents in the embedded database, counted. With PGlite there is one
 * process, and every write goes through its one session: migration 0015's triggers NOTIFY this
 * session after each commit that raises a sender's version, and PGlite hands the notification to
 * the listener right after that commit's answer is parsed, before any later statement runs. A
 * cached answer kept under the count read before its data is therefore stale as soon as the count
 * moves, with no statement needed to find out (lib/server/answer-cache/document-versions.ts).
 */
type State = { count: number; listening: boolean };
const g = globalThis as unknown as { __embeddedChanges?: State };
const state = () => (g.__embeddedChanges ??= { count: 0, listening: false });

export async function listenForDocumentChanges(pglite: PGlite) {
  // Only when the triggers do notify (a database migrated by an earlier build of migration 0015 did
  // not): otherwise the count would never move, and the answers are checked with a statement instead.
  const { rows } = await pglite.query<{ notifies: boolean }>(
    "select coalesce(bool_or(prosrc like '%pg_notify%'), false) as notifies from pg_proc where proname = 'document_list_versions_raise'",
  );
  if (!rows[0]?.notifies) return;
  await pglite.exec("set signing.list_versions_notify = on");
  await pglite.listen("document_list_versions", () => {
    state().count++;
  });
  state().listening = true;
}

/**
 * When the database is closed: another process may open and change it before this one opens it
 * again, so no answer kept until now may match afterwards.
 */
export function stopListeningForDocumentChanges() {
  const s = state();
  s.listening = false;
  s.count++;
}

/** How many changes were committed since this process listened; null before it listens. */
export function embeddedChangeCount(): number | null {
  const s = state();
  return s.listening ? s.count : null;
}
