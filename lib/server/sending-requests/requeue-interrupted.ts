import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { sendingRequests } from "@/lib/server/db/schema";
import { enqueue } from "@/lib/server/jobs/boss";

/**
 * At worker start: requests a crash left mid-way are queued again (the job
 * is idempotent). pg-boss would also retry a job whose heartbeat stopped;
 * doing it here makes a restart pick the work up at once, and covers a crash
 * between `uploaded` committing and its job being queued.
 */
export async function requeueInterruptedSendingRequests(db: Db) {
  const stuck = await db
    .select({ id: sendingRequests.id })
    .from(sendingRequests)
    .where(inArray(sendingRequests.status, ["downloading", "processing", "creating_document"]));
  for (const { id } of stuck) await enqueue("process-sending-request", { sendingRequestId: id });
  return stuck.length;
}
