import { DOCUMENT_STATES, type DocumentState } from "@/lib/api/common";
import { defaultDirection, DOCUMENT_SORTS, type DocumentSort, type SortDirection } from "@/lib/api/documents";

// The documents list keeps every filter in the URL, so a filtered list can be
// bookmarked, shared and reloaded. These read and write that URL.

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type DocumentListParams = {
  search: string;
  states: DocumentState[];
  templateId: string;
  /** The API's tags filter as typed: `department:legal, region`. */
  tags: string;
  perPage: number;
  page: number;
  /** The API's extension sort (created_at, newest first, when absent). */
  sort: DocumentSort;
  direction: SortDirection;
  /** "all": the documents the user sent or that are shared with them; "to_sign": those waiting for their own signature. */
  view: "all" | "to_sign";
};

type Raw = Record<string, string | string[] | undefined>;

const all = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);
const first = (v: string | string[] | undefined) => all(v)[0] ?? "";

function positiveInt(v: string, fallback: number, max: number) {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** Unknown states and out-of-range numbers are dropped rather than sent on to fail at the API. */
export function parseListParams(sp: Raw): DocumentListParams {
  // Both `state=a&state=b` (the filter form) and `state=a,b` (the API's own form) are read.
  const states = all(sp.state)
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter((s): s is DocumentState => (DOCUMENT_STATES as readonly string[]).includes(s));
  const sort = (DOCUMENT_SORTS as readonly string[]).includes(first(sp.sort)) ? (first(sp.sort) as DocumentSort) : "created_at";
  return {
    search: first(sp.search).trim().slice(0, 200),
    states: [...new Set(states)],
    templateId: first(sp.template_id).trim(),
    tags: first(sp.tags).trim().slice(0, 1000),
    perPage: positiveInt(first(sp.per_page), 10, 100),
    page: positiveInt(first(sp.page), 1, 1_000_000),
    sort,
    direction: first(sp.direction) === "asc" || first(sp.direction) === "desc" ? (first(sp.direction) as SortDirection) : defaultDirection(sort),
    view: first(sp.view) === "to_sign" ? "to_sign" : "all",
  };
}

/** The list's address for these parameters (defaults left out). */
export function listHref(p: DocumentListParams, changes: Partial<DocumentListParams> = {}): string {
  const v = { ...p, ...changes };
  const q = new URLSearchParams();
  if (v.search) q.set("search", v.search);
  for (const s of v.states) q.append("state", s);
  if (v.templateId) q.set("template_id", v.templateId);
  if (v.tags) q.set("tags", v.tags);
  if (v.perPage !== 10) q.set("per_page", String(v.perPage));
  if (v.page !== 1) q.set("page", String(v.page));
  if (v.sort !== "created_at") q.set("sort", v.sort);
  if (v.direction !== defaultDirection(v.sort)) q.set("direction", v.direction);
  if (v.view !== "all") q.set("view", v.view);
  const qs = q.toString();
  return qs ? `/documents?${qs}` : "/documents";
}

export const isFiltered = (p: DocumentListParams) => Boolean(p.search || p.states.length || p.templateId || p.tags);

/**
 * The address a column header leads to: that column, in its first direction,
 * or the other direction when it is already the sort. Back to page 1 (the
 * page's documents change).
 */
export function sortHref(p: DocumentListParams, sort: DocumentSort): string {
  const direction = p.sort === sort ? (p.direction === "asc" ? "desc" : "asc") : defaultDirection(sort);
  return listHref(p, { sort, direction, page: 1 });
}

/** The sort's URL parameters, when not the default (hidden fields of the filter form). */
export function sortFields(p: DocumentListParams): [string, string][] {
  const out: [string, string][] = [];
  if (p.sort !== "created_at") out.push(["sort", p.sort]);
  if (p.direction !== defaultDirection(p.sort)) out.push(["direction", p.direction]);
  return out;
}
