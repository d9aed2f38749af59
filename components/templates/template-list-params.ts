// The templates list keeps its search and page in the URL (bookmarkable,
// reload-safe, works without script). These read and write that URL.

export type TemplateListParams = { search: string; page: number; perPage: number };

type Raw = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

function positiveInt(v: string, fallback: number, max: number) {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export const DEFAULT_TEMPLATE_PAGE_SIZE = 12;

/** Out-of-range numbers fall back to defaults rather than fail at the API. */
export function parseTemplateListParams(sp: Raw): TemplateListParams {
  return {
    search: first(sp.search).trim().slice(0, 200),
    page: positiveInt(first(sp.page), 1, 1_000_000),
    perPage: positiveInt(first(sp.per_page), DEFAULT_TEMPLATE_PAGE_SIZE, 100),
  };
}

export function templateListHref(p: TemplateListParams, changes: Partial<TemplateListParams> = {}): string {
  const v = { ...p, ...changes };
  const q = new URLSearchParams();
  if (v.search) q.set("search", v.search);
  if (v.perPage !== DEFAULT_TEMPLATE_PAGE_SIZE) q.set("per_page", String(v.perPage));
  if (v.page !== 1) q.set("page", String(v.page));
  const s = q.toString();
  return s ? `/templates?${s}` : "/templates";
}
