import "server-only";
import type crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ScryptReply, ScryptTask } from "./scrypt-worker";

/**
 * scrypt on one thread of lowest priority (scrypt-worker.ts). libuv's own
 * pool ran it at the server's priority, so under a flood of wrong passwords
 * the hashing competed with every request for the CPU; here it only gets
 * what requests leave. One thread: the caller bounds how many wait.
 */
export function scryptInBackground(password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions): Promise<Buffer> {
  const worker = hashingWorker();
  const id = ++g.__scrypt!.next;
  return new Promise<Buffer>((resolve, reject) => {
    g.__scrypt!.pending.set(id, { resolve, reject });
    worker.ref(); // a hash in progress keeps the process alive; an idle thread does not
    const task: ScryptTask = { id, password, salt, keylen, options };
    worker.postMessage(task);
  });
}

type Pending = { resolve: (key: Buffer) => void; reject: (e: Error) => void };
const g = globalThis as unknown as { __scrypt?: { worker: Worker; next: number; pending: Map<number, Pending> } };

function hashingWorker(): Worker {
  if (g.__scrypt) return g.__scrypt.worker;
  const worker = startWorker();
  const state = { worker, next: 0, pending: new Map<number, Pending>() };
  g.__scrypt = state;
  worker.unref(); // an idle thread never keeps a process (the CLI) alive
  worker.on("message", (reply: ScryptReply) => {
    const waiting = state.pending.get(reply.id);
    state.pending.delete(reply.id);
    if (state.pending.size === 0) worker.unref();
    if (!waiting) return;
    if (reply.key) waiting.resolve(Buffer.from(reply.key));
    else waiting.reject(new Error(`scrypt failed: ${reply.error}`));
  });
  const fail = (e: Error) => {
    // The next hash starts a new thread; those waiting now fail (the sign-in answers 500 once).
    if (g.__scrypt === state) g.__scrypt = undefined;
    for (const p of state.pending.values()) p.reject(e);
    state.pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the password hashing thread exited (${code})`)));
  return worker;
}

function startWorker(): Worker {
  // Not `import.meta.url.endsWith(".ts")`: in Turbopack's bundle import.meta.url is the source file's address
  // too, so `next start` hashed through tsx and the sources (run-in-worker.ts has the same rule).
  if (process.env.NEXT_RUNTIME !== "nodejs") {
    // Under tsx (CLI, `npm run worker`): the thread imports the TypeScript source through tsx.
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "scrypt-worker.ts");
    const boot = `import("tsx/esm/api").then((tsx) => tsx.tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(new URL("./scrypt-worker.ts", import.meta.url));
}
