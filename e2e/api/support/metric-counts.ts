// A counter of a server's /metrics (open: the test server runs without METRICS_TOKEN), read
// before and after a step to see what the step counted.

/** The counter `name` of the server at `base`, by its label values joined with "/" (e.g. `list/hit`, or `user`). */
export async function counterValues(base: string, name: string): Promise<Record<string, number>> {
  const text = await (await fetch(new URL("/metrics", base))).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\d+)`, "gm"))) {
    const key = [...m[1]!.matchAll(/\w+="([^"]*)"/g)].map((l) => l[1]).join("/");
    out[key] = Number(m[2]);
  }
  return out;
}

/** What moved between two readings of counterValues(), e.g. `{ user: 1 }`; unchanged keys left out. */
export function countsMoved(before: Record<string, number>, after: Record<string, number>) {
  const out: Record<string, number> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (after[k] ?? 0) - (before[k] ?? 0);
    if (d) out[k] = d;
  }
  return out;
}
