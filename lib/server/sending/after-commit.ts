import "server-only";
import { enqueueMany } from "@/lib/server/jobs/boss";
import { dispatchCallbacks } from "@/lib/server/callbacks/record-callback";

export type SideEffects = { emailIds: string[]; callbackIds: (string | null)[] };

/**
 * Queues the jobs for rows a transaction wrote (e-mails, callbacks). Jobs are
 * queued only after the commit, so a job never sees a row that was rolled
 * back; the worker's start-up sweep covers a crash in between.
 */
export async function dispatchSideEffects(effects: SideEffects) {
  await enqueueMany("send-email", effects.emailIds.map((emailId) => ({ data: { emailId } })));
  await dispatchCallbacks(effects.callbackIds);
}
