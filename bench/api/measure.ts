import { wrk, type WrkResult } from "./wrk";

/** The API calls measured, each next to the constant route answering a body of the same size. */
export type Target = { name: string; path: string; goal: number | null };

export const targets = (documentId: string): Target[] => [
  { name: "me", path: "/public/v2/me", goal: 0.8 },
  { name: "list100", path: "/public/v2/documents?per_page=100", goal: 0.5 },
  { name: "list10", path: "/public/v2/documents?per_page=10", goal: 0.6 },
  { name: "get", path: `/public/v2/documents/${documentId}`, goal: 0.6 },
];

export type TargetResult = {
  name: string;
  path: string;
  bytes: number;
  goal: number | null;
  api: WrkResult[];
  constant: WrkResult[];
  raw: WrkResult[];
  apiRps: number;
  constantRps: number;
  rawRps: number | null;
  /** median API req/s ÷ median constant-route req/s */
  ratio: number;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export type MeasureOptions = { seconds: number; rounds: number; connections: number; raw: ((bytes: number) => string) | null; log: (s: string) => void };

/**
 * For each target: checks one answer (200, its size), then `rounds` rounds of
 * the API call and the constant route of the same size (and the plain
 * node:http reference when given), alternating which goes first.
 */
export async function measureTarget(base: string, token: string, t: Target, o: MeasureOptions): Promise<TargetResult> {
  const auth = { Authorization: `Bearer ${token}` };
  const probe = await fetch(base + t.path, { headers: auth });
  const body = Buffer.from(await probe.arrayBuffer());
  if (probe.status !== 200) throw new Error(`GET ${t.path} answered ${probe.status}: ${body.toString().slice(0, 300)}`);
  const bytes = body.length;
  const constantUrl = `${base}/public/bench/constant?bytes=${bytes}`;
  const check = await fetch(constantUrl);
  const constantBytes = (await check.arrayBuffer()).byteLength;
  if (check.status !== 200 || constantBytes !== bytes) throw new Error(`the constant route answered ${check.status} with ${constantBytes} bytes, not ${bytes} (BENCH_ROUTES=1?)`);

  const run = async (url: string, headers?: Record<string, string>) => {
    const r = await wrk(url, { seconds: o.seconds, connections: o.connections, headers });
    if (r.non2xx || r.socketErrors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.socketErrors} socket errors in ${r.requests} requests`);
    return r;
  };
  // warm-up: JIT, the route's compiled chunks, the token cache
  await wrk(base + t.path, { seconds: 1, connections: o.connections, headers: auth });
  await wrk(constantUrl, { seconds: 1, connections: o.connections });

  const api: WrkResult[] = [];
  const constant: WrkResult[] = [];
  const raw: WrkResult[] = [];
  for (let round = 0; round < o.rounds; round++) {
    const sides = [async () => api.push(await run(base + t.path, auth)), async () => constant.push(await run(constantUrl))];
    if (o.raw) sides.push(async () => raw.push(await run(o.raw!(bytes))));
    if (round % 2) sides.reverse();
    for (const side of sides) await side();
  }
  const apiRps = median(api.map((r) => r.rps));
  const constantRps = median(constant.map((r) => r.rps));
  const rawRps = raw.length ? median(raw.map((r) => r.rps)) : null;
  const result = { name: t.name, path: t.path, bytes, goal: t.goal, api, constant, raw, apiRps, constantRps, rawRps, ratio: apiRps / constantRps };
  o.log(
    `  ${t.name.padEnd(8)} ${String(bytes).padStart(7)} B  API ${apiRps.toFixed(0).padStart(6)} req/s  constant ${constantRps.toFixed(0).padStart(6)}` +
      `${rawRps === null ? "" : `  node:http ${rawRps.toFixed(0).padStart(6)}`}  ratio ${result.ratio.toFixed(2)}`,
  );
  return result;
}
