import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { apiErrors } from "@/lib/api/errors";
import { ApiClientError, type ApiClient } from "@/lib/api-client/client";
import { getDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "./api-errors";
import { isId } from "./run-action";

/**
 * The item pages (a document, a template and the pages below them) render
 * inside loading.tsx boundaries, so by the time their own API read finds
 * nothing, the response has been sent with status 200 and a skeleton. Their
 * section's layout, which renders before any boundary, calls this first: an
 * address naming an item the signed-in user cannot see answers HTTP 404 with
 * the dashboard's not-found page (a crawler, a monitor or a bookmark checker
 * sees what a person sees). Only on a full page load: layouts are not rendered
 * again on client-side navigation, where the page's own notFound() applies.
 *
 * Signed out, or when the API fails otherwise, it does nothing: the page then
 * sends the visitor to sign in or shows its error state as before.
 */
export async function notFoundUnlessVisible(section: keyof typeof ITEM_PATHS) {
  // Set by proxy.ts on every page request (a layout is not told the path below it).
  const pathname = (await headers()).get("x-pathname") ?? "";
  const id = ITEM_PATHS[section].exec(pathname)?.[1];
  if (id === undefined) return;
  if (!isId(id)) notFound();
  const session = await getDashboardSession();
  if (!session) return;
  try {
    await READ[section](session.api, id);
  } catch (err) {
    if (isNotFound(err)) notFound();
  }
}

// The spec answers a missing document or template (or another account's) with 401 and these words (section 7), the
// extension endpoints with 404. The dashboard sees only status and message, so it compares with
// the catalog's entries (as isSessionEnded does); "not yours" reads the same as "not there".
const NOT_FOUND: readonly string[] = [
  apiErrors.documentNotFound.message,
  apiErrors.noDocumentAcl.message,
  apiErrors.templateNotFound.message,
  apiErrors.templateWrongAccount.message,
  apiErrors.archivedDocumentNotFound.message,
  apiErrors.noArchivedDocumentAcl.message,
];

export function isNotFound(err: unknown): boolean {
  return err instanceof ApiClientError && (err.status === 404 || NOT_FOUND.includes(err.message));
}

/** The item addresses of each section and where their id is (the list, "new" and the like are not items). */
const ITEM_PATHS = {
  documents: /^\/documents\/([^/]+)(?:\/prepare)?\/?$/,
  templates: /^\/templates\/(?!new(?:\/|$))([^/]+)(?:\/(?:send|embed|edit))?\/?$/,
} as const;

const READ: Record<keyof typeof ITEM_PATHS, (api: ApiClient, id: string) => Promise<unknown>> = {
  documents: (api, id) => api.getDocument(id),
  templates: (api, id) => api.getTemplate(id),
};

/**
 * An item page's own read (loadOrMessage otherwise): the API's "not found" shows the
 * not-found page. That is what a client-side navigation to a missing item
 * sees; a full page load has already been answered by the section's layout.
 */
export function loadOrNotFound<T>(returnTo: string, load: () => Promise<T>) {
  return loadOrMessage(returnTo, async () => {
    try {
      return await load();
    } catch (err) {
      if (isNotFound(err)) notFound();
      throw err;
    }
  });
}
