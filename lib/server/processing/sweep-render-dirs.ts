import "server-only";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/server/observability/logger";

/** Name prefix of a job's pdftoppm directory in the temporary directory (render-with-pdftoppm.ts). */
export const RENDER_DIR_PREFIX = "pdftoppm-";

/**
 * Removes the pdftoppm directories a process killed mid-job left behind (kill -9,
 * out of memory: its `finally` never ran). A running job's directory lives at
 * most the job's deadline; one older than twice that (and at least ten minutes)
 * belongs to nobody, whichever process on this machine made it. Only
 * directories of this user, never a link. Runs as a worker starts.
 */
export async function sweepStaleRenderDirs(now = Date.now()): Promise<number> {
  const tmp = os.tmpdir();
  const maxAgeMs = Math.max(600, 2 * env().PROCESSING_TIMEOUT_SECONDS) * 1000;
  const uid = process.getuid?.();
  let removed = 0;
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(RENDER_DIR_PREFIX)) continue;
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
