import fs from "node:fs";
import path from "node:path";
import { run } from "./processes";

/**
 * `next build` into the bench's own dist dir, so neither a dev server's
 * `.next` nor the tests' `.next-test` is touched. A build into a custom dist
 * dir adds `<dir>/types/**` lines to tsconfig.json's include and may point
 * next-env.d.ts at it; both files are put back as they were afterwards.
 */
// BENCH_DIST_DIR: a build of one's own while another bench builds (two `next build`s must never share a dir).
export const DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench";

export async function buildApp(env: NodeJS.ProcessEnv, reuse: boolean, log: (s: string) => void) {
  const buildId = path.join(DIST_DIR, "BUILD_ID");
  if (reuse) {
    if (!fs.existsSync(buildId)) throw new Error(`--reuse-build: there is no build in ${DIST_DIR}/ yet`);
    log(`reusing the build in ${DIST_DIR}/ (${fs.statSync(buildId).mtime.toISOString()})`);
    return;
  }
  log(`next build (NEXT_DIST_DIR=${DIST_DIR})`);
  const kept = ["tsconfig.json", "next-env.d.ts"].map((file) => ({ file, text: fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null }));
  const t0 = performance.now();
  try {
    const r = await run("node_modules/.bin/next", ["build"], { env: { ...env, NEXT_DIST_DIR: DIST_DIR }, capture: true });
    if (r.code !== 0) throw new Error(`next build failed (exit ${r.code}):\n${(r.stdout + r.stderr).split("\n").slice(-40).join("\n")}`);
  } finally {
    for (const { file, text } of kept) restore(file, text, log);
  }
  log(`  built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** Puts a file back; for tsconfig.json only the lines naming the bench's dist dir are taken out, so other edits survive. */
function restore(file: string, before: string | null, log: (s: string) => void) {
  if (before === null) return;
  const now = fs.readFileSync(file, "utf8");
  if (now === before) return;
  if (file === "tsconfig.json") {
    const config = JSON.parse(now) as { include?: string[] };
    config.include = config.include?.filter((p) => !p.startsWith(`${DIST_DIR}/`));
    fs.writeFileSync(file, JSON.stringify(config, null, 2) + (now.endsWith("\n") ? "\n" : ""));
  } else {
    fs.writeFileSync(file, before);
  }
  log(`  restored ${file}`);
}
