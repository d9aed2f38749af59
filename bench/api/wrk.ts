import { run } from "../dashboard/processes";

/** One wrk run: requests per second, and how many answers were not 2xx/3xx (a valid run has none). */
export type WrkResult = { rps: number; requests: number; non2xx: number; socketErrors: number; p50Ms: number | null; p99Ms: number | null };

export const WRK = process.env.BENCH_WRK ?? "/usr/bin/wrk";

/**
 * `wrk` (Debian's, a C load generator: it takes far less CPU than the server
 * it loads, unlike a Node one) for `seconds` on `connections` keep-alive
 * connections from one thread.
 */
export async function wrk(url: string, opts: { seconds: number; connections: number; headers?: Record<string, string> }): Promise<WrkResult> {
  const args = ["-t1", `-c${opts.connections}`, `-d${opts.seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push("-H", `${k}: ${v}`);
  args.push(url);
  const r = await run(WRK, args, { env: process.env, capture: true });
  if (r.code !== 0) throw new Error(`wrk ${url} failed (exit ${r.code}): ${r.stderr || r.stdout}`);
  const out = r.stdout;
  const num = (re: RegExp) => {
    const m = re.exec(out);
    return m ? Number(m[1]) : 0;
  };
  const latency = (pct: string) => {
    const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(out);
    if (!m) return null;
    const v = Number(m[1]);
    return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    requests: num(/(\d+) requests in/),
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    socketErrors: errors ? errors.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
    p50Ms: latency("50"),
    p99Ms: latency("99"),
  };
}
