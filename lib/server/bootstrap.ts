import "server-only";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { getUserByEmail } from "@/lib/server/accounts/get-user";
import { resealCallbackCredentials } from "@/lib/server/callbacks/reseal-callback-credentials";
import { dashboardClientConfig } from "@/lib/server/dashboard/dashboard-config";
import { chainUnhashedAudits } from "@/lib/server/documents/record-audit";
import { ensureFirstPartyClient } from "@/lib/server/oauth/create-client";
import { DEMO_EMAIL } from "@/lib/server/seed/demo-account";
import { startBackgroundWork } from "@/lib/server/jobs/start-background-work";
import { log } from "@/lib/server/observability/logger";

/**
 * Runs once per server start: migrations (by opening the database), the
 * dashboard client, callback credentials written before they were sealed,
 * audit entries written before the chain,
 * demo data (development or SEED_DEMO=true only), the job worker.
 */
export async function bootstrap() {
  const db = await getDb();
  await ensureFirstPartyClient(db, dashboardClientConfig());
  const resealed = await resealCallbackCredentials(db);
  const chained = await chainUnhashedAudits(db);
  if (chained > 0) log("startup").info({ chained }, "chained audit entries recorded before the audit chain existed");
  if (resealed > 0) log("startup").info({ resealed }, "sealed the basic-auth credentials of stored callback URLs");
  if (env().SEED_DEMO) {
    // Imported only here: seeding completes a sample document, which loads the PDF libraries.
    const { seedDemo } = await import("@/lib/server/seed/seed-demo");
    const demo = await seedDemo(db);
    // The address README's quick start names too: the dashboard's sign-in, which ends on /documents.
    const signIn = `${env().APP_URL}/signin`;
    // (Plain lines, not JSON: they are for the person at the terminal, and README quotes them.)
    if (demo) {
      console.log(`\n  Demo account created. Sign in at ${signIn} with\n    e-mail:   ${demo.email}\n    password: ${demo.password}\n`);
    } else if (env().NODE_ENV === "development" && (await getUserByEmail(db, DEMO_EMAIL))) {
      console.log(`\n  Sign in at ${signIn} (demo account: ${DEMO_EMAIL})\n`);
    }
  } else if (env().NODE_ENV === "production" && (await getUserByEmail(db, DEMO_EMAIL))) {
    // A database first used by `npm run dev` keeps its demo account (whose
    // password is published); say so rather than delete someone's data.
    log("startup").warn({ email: DEMO_EMAIL }, "the demo account exists in this database; its password is public. Disable or delete it before production use.");
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
