import "server-only";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { dashboardClientConfig } from "@/lib/server/dashboard/dashboard-config";
import { ensureFirstPartyClient } from "@/lib/server/oauth/create-client";
import { seedDemo } from "@/lib/server/seed/seed-demo";
import { startBackgroundWork } from "@/lib/server/jobs/start-background-work";

/** Runs once per server start: migrations (by opening the database), the dashboard client, demo data, the job worker. */
export async function bootstrap() {
  const db = await getDb();
  await ensureFirstPartyClient(db, dashboardClientConfig());
  if (env().SEED_DEMO) {
    const demo = await seedDemo(db);
    if (demo) {
      console.log(`\n  Demo account created. Sign in at ${env().APP_URL}/login with\n    e-mail:   ${demo.email}\n    password: ${demo.password}\n`);
    }
  }
  if (env().RUN_WORKER) await startBackgroundWork();
}

/** A server that cannot reach its database or apply migrations must not serve half-working pages. */
export async function bootstrapOrExit() {
  try {
    await bootstrap();
  } catch (err) {
    console.error("[startup] failed:", err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
