// Child processes of the test run: spawned in their own process group so that
// stopping one also stops what it started (next start forks workers), and all
// of them are stopped when the runner exits or is interrupted.
import { spawn } from "node:child_process";
import fs from "node:fs";

const live = new Set();

function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
}

export function killAll(signal = "SIGKILL") {
  for (const child of live) killGroup(child, signal);
}

let handlersInstalled = false;
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", () => killAll("SIGKILL"));
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(sig, () => {
      console.error(`\n[e2e] ${sig}: stopping child processes`);
      killAll("SIGTERM");
      setTimeout(() => {
        killAll("SIGKILL");
        process.exit(130);
      }, 1500).unref();
    });
  }
}

/**
 * Starts a command. `log`: a file to receive stdout+stderr; `capture`: collect
 * stdout/stderr as strings; otherwise output is inherited.
 */
export function start(cmd, args, { env, cwd, log, capture } = {}) {
  installHandlers();
  let stdio = "inherit";
  let fd;
  if (log) {
    fd = fs.openSync(log, "a");
    stdio = ["ignore", fd, fd];
  } else if (capture) {
    stdio = ["ignore", "pipe", "pipe"];
  }
  const child = spawn(cmd, args, { env, cwd, stdio, detached: true });
  if (fd !== undefined) fs.closeSync(fd);
  live.add(child);
  let stdout = "";
  let stderr = "";
  if (capture) {
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
  }
  const done = new Promise((resolve) => {
    child.on("error", (err) => {
      stderr += String(err);
      live.delete(child);
      resolve({ code: 127, signal: null, stdout, stderr });
    });
    child.on("close", (code, signal) => {
      live.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done };
}

/** Runs a command to completion. */
export function run(cmd, args, opts) {
  return start(cmd, args, opts).done;
}

/** SIGTERM the process group, then SIGKILL after `graceMs`. */
export async function stop({ child, done }, graceMs = 10_000, whileStopping = async () => {}) {
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), graceMs);
  await whileStopping();
  const result = await done;
  clearTimeout(timer);
  return result;
}
