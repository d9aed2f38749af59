// The password hashing thread (a worker_threads thread, started by
// scrypt-in-background.ts). On Linux a thread has a nice value of its own,
// and os.setPriority() with no pid sets the calling thread's: this one runs
// at the lowest priority, so a flood of sign-in attempts takes only CPU that
// serving requests leaves over. (On other systems it would lower the whole
// process, so it is left as it is there.) No "server-only": worker entries
// are bundled on their own.
import crypto from "node:crypto";
import os from "node:os";
import { parentPort } from "node:worker_threads";

export type ScryptTask = { id: number; password: string; salt: Uint8Array; keylen: number; options: crypto.ScryptOptions };
export type ScryptReply = { id: number; key?: Uint8Array; error?: string };

if (process.platform === "linux") {
  try {
    os.setPriority(19);
  } catch {
    // Not allowed here (some containers): hash at normal priority.
  }
}

parentPort?.on("message", (task: ScryptTask) => {
  let reply: ScryptReply;
  try {
    reply = { id: task.id, key: crypto.scryptSync(task.password, task.salt, task.keylen, task.options) };
  } catch (e) {
    reply = { id: task.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
