import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { queueOptions } from "@/lib/server/jobs/queues";
import { metrics } from "./metrics";

type Row = { name: string; state: string; n: number | string; oldest_seconds: number | string | null };

/**
 * Refreshes the queue gauges from the shared job table at scrape time (so
 * every instance reports the fleet's queue, not its own): jobs waiting
 * (created, retry) or running (active) per queue, and how long the oldest
 * one that is due has waited. Queues with nothing in them report 0.
 */
export async function collectQueueMetrics(db: Db) {
  const result = await db.execute(sql`
    select name, state::text as state, count(*) as n,
           extract(epoch from now() - min(created_on) filter (where state < 'active' and start_after <= now())) as oldest_seconds
      from pgboss.job
     where state <= 'active'
     group by name, state`);
  const rows = ((result as unknown as { rows?: Row[] }).rows ?? (result as unknown as Row[])) as Row[];
  const m = metrics();
  const oldest = new Map<string, number>();
  for (const queue of Object.keys(queueOptions)) {
    for (const state of ["created", "retry", "active"]) m.queueDepth.set({ queue, state }, 0);
    oldest.set(queue, 0);
  }
  for (const r of rows) {
    m.queueDepth.set({ queue: r.name, state: r.state }, Number(r.n));
    if (r.oldest_seconds !== null) oldest.set(r.name, Math.max(oldest.get(r.name) ?? 0, Number(r.oldest_seconds)));
  }
  for (const [queue, seconds] of oldest) m.queueAge.set({ queue }, seconds);
}
