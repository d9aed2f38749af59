// `npm run worker`: the job handlers in a process of their own (scale-out).
// Run the web servers with RUN_WORKER=false then. In embedded mode the
// database belongs to the server process, so this needs DATABASE_URL.
import { env } from "@/lib/env";
import { closeDb } from "@/lib/server/db/client";
import { stopBoss } from "./boss";
import { startBackgroundWork } from "./start-background-work";

async function main() {
  if (env().embedded) {
    console.error("npm run worker needs DATABASE_URL: the embedded database can only be opened by the server process, which runs the worker itself.");
    process.exit(2);
  }
  await startBackgroundWork();
  console.log("[worker] running; Ctrl-C to stop");
  const stop = async () => {
    await stopBoss();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error("[worker] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
