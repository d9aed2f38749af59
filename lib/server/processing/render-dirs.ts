import "server-only";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PROCESSING_TIMEOUT_MAX_SECONDS } from "@/lib/env";
import { log } from "@/lib/server/observability/logger";
import { killLivePdftoppm } from "./pdftoppm";

// The temporary directories of pdftoppm's jobs (render-with-pdftoppm.ts): made
// and removed by the job; removed at the process's exit when the job has not
// ended (a shutdown hands running jobs back and exits, no `finally` of theirs
// runs); and, what a process killed outright left, swept when a worker starts.

/** Name prefix of a job's pdftoppm directory in the temporary directory. */
const PREFIX = "pdftoppm-";

const g = globalThis as unknown as { __renderDirs?: Set<string> };

function liveDirs(): Set<string> {
  if (!g.__renderDirs) {
    const dirs = (g.__renderDirs = new Set());
    process.once("exit", () => {
      // The processes first (whichever exit hook runs first): one still drawing would write into a directory being
      // removed. Nothing may throw here: the exit goes on, and a directory that stays is swept later.
      killLivePdftoppm();
      for (const dir of dirs) {
        try {
          fsSync.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
        } catch {}
      }
    });
  }
  return g.__renderDirs;
}

/** A fresh directory for one job's files (mode 0700, in TMPDIR). */
export async function makeRenderDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), PREFIX));
  liveDirs().add(dir);
  return dir;
}

/** Removes a job's directory (never throws: a directory that stays is swept later). */
export async function removeRenderDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
  liveDirs().delete(dir);
}

/**
 * Removes the pdftoppm directories a process killed mid-job left behind (kill -9,
 * out of memory: nothing of it ran). A running job's directory lives at most its
 * deadline, and the processes sharing this machine's TMPDIR (other instances, the
 * admin CLI) may each have another PROCESSING_TIMEOUT_SECONDS than this one: so one
 * older than twice the longest deadline allowed (two hours) belongs to nobody. Only
 * directories of this user, never a link. Runs as a worker starts.
 */
export async function sweepStaleRenderDirs(now = Date.now()): Promise<number> {
  const tmp = os.tmpdir();
  const maxAgeMs = 2 * PROCESSING_TIMEOUT_MAX_SECONDS * 1000;
  const uid = process.getuid?.();
  let removed = 0;
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmp, name);
    const st = await fs.lstat(dir).catch(() => null);
    if (!st?.isDirectory() || (uid !== undefined && st.uid !== uid) || now - st.mtimeMs < maxAgeMs) continue;
    try {
      await fs.rm(dir, { recursive: true, force: true });
      removed++;
    } catch (err) {
      log("processing").warn({ err, dir }, "could not remove a stale pdftoppm directory");
    }
  }
  if (removed) log("processing").info({ removed, tmp }, "removed pdftoppm directories left by an interrupted job");
  return removed;
}
