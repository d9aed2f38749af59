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
  await pglite.exec("set signing.list_versions_notify = on");
  await pglite.listen("document_list_versions", () => {
    state().count++;
  });
  state().listening = true;
}

/** How many changes were committed since this process listened; null before it listens. */
export function embeddedChangeCount(): number | null {
  const s = state();
  return s.listening ? s.count : null;
}
