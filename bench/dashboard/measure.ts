/**
 * The timed part: the documents page (a full server render, session cookie)
 * next to the API call it makes (bearer token), request after request,
 * alternating which goes first each round so drift falls on both alike.
 * Times are wall-clock from sending the request to the last byte of the body.
 */
export type Variant = { name: string; page: string; api: string };

// `api` is the exact query lib/api-client sends for the page's `page` query
// (search, state, template_id, per_page, page; empty ones left out).
export const VARIANTS: Variant[] = [
  { name: "page 1", page: "/documents", api: "/public/v2/documents?per_page=10&page=1" },
  { name: "search", page: "/documents?search=northwind", api: "/public/v2/documents?search=northwind&per_page=10&page=1" },
  { name: "state=declined", page: "/documents?state=declined", api: "/public/v2/documents?state=declined&per_page=10&page=1" },
  { name: "page 50", page: "/documents?page=50", api: "/public/v2/documents?per_page=10&page=50" },
];

export type Stats = { medianMs: number; p95Ms: number; minMs: number; runsMs: number[] };
export type VariantResult = { variant: Variant; page: Stats; api: Stats; ratio: number; pairedRatio: number; totalPages: number; pageBytes: number; apiBytes: number };

type Auth = { cookie: string; token: string };
type Hit = { ms: number; status: number; body: string };

async function hit(url: string, headers: Record<string, string>): Promise<Hit> {
  const t0 = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.text();
  return { ms: performance.now() - t0, status: res.status, body };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;
const stats = (xs: number[]): Stats => ({ medianMs: median(xs), p95Ms: p95(xs), minMs: Math.min(...xs), runsMs: xs.map((x) => Math.round(x * 10) / 10) });

export async function measureVariant(base: string, v: Variant, auth: Auth, o: { runs: number; warmup: number; log: (s: string) => void }): Promise<VariantResult> {
  const page = () => hit(base + v.page, { Cookie: auth.cookie, Accept: "text/html" });
  const api = () => hit(base + v.api, { Authorization: `Bearer ${auth.token}`, Accept: "application/json" });

  // The first pair also checks both sides show the same list.
  const first = await api();
  const check = checkPair(v, await page(), first);
  const ms = await timeAlternating({ page: [v.page, page], api: [v.api, api] }, o.runs, o.warmup - 1);
  const res: VariantResult = {
    variant: v,
    page: stats(ms.page),
    api: stats(ms.api),
    ratio: median(ms.page) / median(ms.api),
    pairedRatio: median(ms.page.map((p, i) => p / ms.api[i]!)),
    ...check,
  };
  o.log(`  ${v.name.padEnd(16)} page ${res.page.medianMs.toFixed(0).padStart(5)} ms   api ${res.api.medianMs.toFixed(0).padStart(5)} ms   ratio ${res.ratio.toFixed(2)}`);
  return res;
}

/**
 * Times the two sides request after request (after `warmup` untimed pairs), alternating which goes first each
 * round so drift falls on both alike; every answer must be a 200.
 */
async function timeAlternating(sides: Record<"page" | "api", [path: string, call: () => Promise<Hit>]>, runs: number, warmup: number) {
  for (let i = 0; i < warmup; i++) {
    await sides.page[1]();
    await sides.api[1]();
  }
  const ms = { page: [] as number[], api: [] as number[] };
  for (let r = 0; r < runs; r++) {
    const order = r % 2 ? (["api", "page"] as const) : (["page", "api"] as const);
    for (const side of order) {
      const [path, call] = sides[side];
      const h = await call();
      if (h.status !== 200) throw new Error(`${side} ${path} answered ${h.status} in run ${r}`);
      ms[side].push(h.ms);
    }
  }
  return ms;
}

/**
 * The floor under every page of this server: a small page that renders per
 * request like all of them (the root layout's nonce) but reads no session and
 * makes no API call — `/verify`'s form, ~11 KB — timed the same way against
 * the documents page's own API call (page 1). Whatever the dashboard does, a
 * page costs at least this much of Next's own handling on top of its data.
 */
export const FLOOR_PAGE = "/verify";

export type FloorResult = { page: string; floor: Stats; api: Stats; ratio: number; pageBytes: number };

export async function measureFloor(base: string, auth: Auth, o: { runs: number; warmup: number; log: (s: string) => void }): Promise<FloorResult> {
  const floor = () => hit(base + FLOOR_PAGE, { Accept: "text/html" });
  const api = () => hit(base + VARIANTS[0]!.api, { Authorization: `Bearer ${auth.token}`, Accept: "application/json" });
  const first = await floor();
  if (first.status !== 200) throw new Error(`${FLOOR_PAGE} answered ${first.status}`);
  const times = await timeAlternating({ page: [FLOOR_PAGE, floor], api: [VARIANTS[0]!.api, api] }, o.runs, o.warmup);
  const ms = { floor: times.page, api: times.api };
  const res: FloorResult = { page: FLOOR_PAGE, floor: stats(ms.floor), api: stats(ms.api), ratio: median(ms.floor) / median(ms.api), pageBytes: first.body.length };
  o.log(`  ${"floor".padEnd(16)} page ${res.floor.medianMs.toFixed(0).padStart(5)} ms   api ${res.api.medianMs.toFixed(0).padStart(5)} ms   ratio ${res.ratio.toFixed(2)} (${FLOOR_PAGE}: no session, no data)`);
  return res;
}

/** Guards the comparison: both answer 200, and the page lists the API's first document and its page count. */
function checkPair(v: Variant, page: Hit, api: Hit) {
  if (api.status !== 200) throw new Error(`${v.api} answered ${api.status}: ${api.body.slice(0, 300)}`);
  if (page.status !== 200) throw new Error(`${v.page} answered ${page.status} (signed out?): ${page.body.slice(0, 300)}`);
  const json = JSON.parse(api.body) as { documents: { id: string }[]; meta: { total_pages: number } };
  const firstId = json.documents[0]?.id;
  if (!firstId) throw new Error(`${v.api} listed no documents`);
  if (!page.body.includes(`/documents/${firstId}`)) throw new Error(`${v.page} does not list ${firstId}, the API's first document`);
  const pageNo = Number(new URL(v.page, "http://x").searchParams.get("page") ?? 1);
  if (!page.body.includes(`Page <!-- -->${pageNo}<!-- --> of <!-- -->${json.meta.total_pages}`) && !page.body.includes(`Page ${pageNo} of ${json.meta.total_pages}`)) {
    throw new Error(`${v.page} does not say "Page ${pageNo} of ${json.meta.total_pages}"`);
  }
  return { totalPages: json.meta.total_pages, pageBytes: page.body.length, apiBytes: api.body.length };
}
