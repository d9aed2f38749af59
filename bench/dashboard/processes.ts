import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/**
 * Child processes of the bench (the CLI, next build, next start), each in its
 * own process group so stopping one stops what it forked; whatever is still
 * running when the bench exits is killed.
 */
export type Proc = { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> };

const live = new Set<ChildProcess>();
process.on("exit", () => live.forEach((c) => killGroup(c, "SIGKILL")));
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => {
    live.forEach((c) => killGroup(c, "SIGTERM"));
    process.exit(130);
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Starts a command; `log` appends its output to a file, `capture` collects it, otherwise it is inherited. */
export function start(cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv; log?: string; capture?: boolean }): Proc {
  const fd = opts.log ? fs.openSync(opts.log, "a") : undefined;
  const stdio = fd !== undefined ? (["ignore", fd, fd] as const) : opts.capture ? (["ignore", "pipe", "pipe"] as const) : "inherit";
  const child = spawn(cmd, args, { env: opts.env, stdio: stdio as never, detached: true });
  if (fd !== undefined) fs.closeSync(fd);
  live.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on("error", (e) => resolve({ code: 127, stdout, stderr: stderr + String(e) }));
    child.on("close", (code) => {
      live.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, done };
}

export const run = (cmd: string, args: string[], opts: Parameters<typeof start>[2]) => start(cmd, args, opts).done;

/** SIGTERM the group, SIGKILL after `graceMs`. */
export async function stop(p: Proc, graceMs = 10_000) {
  killGroup(p.child, "SIGTERM");
  const timer = setTimeout(() => killGroup(p.child, "SIGKILL"), graceMs);
  await p.done;
  clearTimeout(timer);
}

/** `next start` on the bench build; resolves once a page that opens the database answers. */
export async function startServer(env: NodeJS.ProcessEnv, port: number, log: string): Promise<Proc> {
  fs.writeFileSync(log, `# next start -p ${port} (${new Date().toISOString()})\n`);
  const server = start("node_modules/.bin/next", ["start", "-p", String(port)], { env, log });
  let exited = false;
  void server.done.then(() => (exited = true));
  // Generous: the first request runs pending migrations, which on 100,000 documents (index builds) take minutes on a loaded machine.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`next start exited before answering; see ${log}`);
    try {
      const res = await fetch(`http://localhost:${port}/public/v2/me?access_token=warm-up`, { signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      if (res.status < 500) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop(server);
  throw new Error(`next start did not answer within 600 s; see ${log}`);
}
