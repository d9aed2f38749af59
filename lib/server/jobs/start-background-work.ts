import "server-only";
import { getDb } from "@/lib/server/db/client";
import { requeueStalledDeliveries } from "@/lib/server/callbacks/sweep-deliveries";
import { requeueInterruptedSendingRequests } from "@/lib/server/sending-requests/requeue-interrupted";
import { jobHandlers } from "./handlers";
import { startWorker } from "./worker";
import { getBoss } from "./boss";

/** Runs the job handlers in this process and picks up work a crash interrupted. */
export async function startBackgroundWork() {
  const db = await getDb();
  await startWorker(jobHandlers);
  // Every minute, pending documents past their expiry become expired.
  await (await getBoss()).schedule("expire-documents", "* * * * *");
  const requests = await requeueInterruptedSendingRequests(db);
  const deliveries = await requeueStalledDeliveries(db);
  if (requests || deliveries) {
    console.log(`[jobs] resumed ${requests} sending request(s) and ${deliveries} callback delivery(ies) interrupted earlier`);
  }
}
