import "server-only";
import { enqueue } from "@/lib/server/jobs/boss";
import { dispatchCallbacks } from "@/lib/server/callbacks/record-callback";

export type SideEffects = { emailIds: string[]; callbackIds: (string | null)[] };

/**
 * Queues the jobs for rows a transaction wrote (e-mails, callbacks). Jobs are
 * queued only after the commit, so a job never sees a row that was rolled
 * back; the worker's start-up sweep covers a crash in between.
 */
export async function dispatchSideEffects(effects: SideEffects) {
  for (const emailId of effects.emailIds) await enqueue("send-email", { emailId });
  await dispatchCallbacks(effects.callbackIds);
}
