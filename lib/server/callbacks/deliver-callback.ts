import "server-only";
import { and, eq, getTableColumns, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { accounts, callbackAttempts, callbackDeliveries } from "@/lib/server/db/schema";
import { enqueue } from "@/lib/server/jobs/boss";
import { env } from "@/lib/env";
import { CallbackCredentialsUnreadableError, hasPlainCredentials, openCallbackUrl, redactCredentials, sealCallbackUrl } from "./callback-credentials";
import { callbackUrlProblem } from "./callback-url";
import { postCallback, type PostOutcome } from "./post-callback";
import { webhookHeaders } from "./sign-webhook";
import { metrics } from "@/lib/server/observability/metrics";

/**
 * Delay before each retry, in seconds: retry n waits RETRY_DELAYS[n-1] after
 * attempt n failed. Eleven attempts spread over ~23.9 hours, front-loaded so
 * that a brief outage or deploy of the receiver costs seconds, not hours, and
 * the long tail covers a receiver that is down overnight. After the last one
 * the delivery is marked failed (the dashboard can still redeliver it).
 */
export const RETRY_DELAYS = [10, 60, 5 * 60, 15 * 60, 30 * 60, 3600, 2 * 3600, 4 * 3600, 8 * 3600, 8 * 3600] as const;

/** Total deadline of one attempt (DNS, connect, TLS, response). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * While an attempt runs, next_attempt_at is pushed this far ahead: a second
 * run of the same job (pg-boss may run a job twice) finds it not yet due and
 * leaves it alone. Longer than an attempt, shorter than pg-boss's own retry
 * of a crashed job (heartbeat + retryDelay 30 s), so that retry still proceeds.
 */
const LEASE_SECONDS = 25;

/** Jobs start at or after their startAfter; this absorbs the few ms between queueing and recording. */
const DUE_SLACK_SECONDS = 5;

export type DeliveryOutcome =
  | { outcome: "skipped" }
  | { outcome: "delivered" | "failed"; attempt: number; result: PostOutcome }
  | { outcome: "retrying"; attempt: number; result: PostOutcome; retryInSeconds: number };

const secondsFromNow = (s: number) => sql`now() + make_interval(secs => ${s})`;

/**
 * The deliver-callback jobs fetched together (consume-queue.ts): their
 * deliveries are claimed in one statement, then each is attempted and
 * recorded on its own; one promise per id, in order. Idempotent: a delivered
 * or failed delivery, or one that is not due (another run holds it, or its
 * retry is scheduled later), is skipped. Retries are scheduled here, one job
 * per attempt, so that every attempt is recorded; a delivery's promise
 * rejects only when the database fails. All times come from the database
 * clock, the one pg-boss schedules by.
 */
export async function deliverCallbacks(db: Db, deliveryIds: string[]): Promise<Promise<DeliveryOutcome>[]> {
  const claimed = new Map((await claimDeliveries(db, deliveryIds)).map((row) => [row.id, row]));
  return deliveryIds.map(async (id) => {
    const row = claimed.get(id);
    claimed.delete(id); // two jobs of one delivery in a batch: the second is skipped
    const delivery = row ? await deliverClaimed(db, row) : ({ outcome: "skipped" } as const);
    metrics().callbackDeliveries.inc({ outcome: delivery.outcome });
    return delivery;
  });
}

/**
 * Claim: counts the attempt and takes the lease in one conditional update per
 * batch, which also reads each account's secret (on the embedded database
 * every statement costs the server's own thread).
 */
function claimDeliveries(db: Db, deliveryIds: string[]) {
  return db
    .update(callbackDeliveries)
    .set({ attemptCount: sql`${callbackDeliveries.attemptCount} + 1`, nextAttemptAt: secondsFromNow(LEASE_SECONDS) })
    .from(accounts)
    .where(
      and(
        inArray(callbackDeliveries.id, deliveryIds),
        eq(callbackDeliveries.status, "pending"),
        or(isNull(callbackDeliveries.nextAttemptAt), lte(callbackDeliveries.nextAttemptAt, secondsFromNow(DUE_SLACK_SECONDS))),
        // (a delivery's account exists: deleting an account deletes its deliveries)
        eq(accounts.id, callbackDeliveries.accountId),
      ),
    )
    .returning({ ...getTableColumns(callbackDeliveries), secret: accounts.callbackSecret });
}

type ClaimedDelivery = Awaited<ReturnType<typeof claimDeliveries>>[number];

async function deliverClaimed(db: Db, claimed: ClaimedDelivery): Promise<DeliveryOutcome> {
  const deliveryId = claimed.id;
  if (hasPlainCredentials(claimed.url)) {
    // Recorded before credentials were sealed (and after the start-up sweep): seal it now.
    await db
      .update(callbackDeliveries)
      .set({ url: sealCallbackUrl(claimed.url) })
      .where(and(eq(callbackDeliveries.id, claimed.id), eq(callbackDeliveries.url, claimed.url)));
  }

  const result = await attempt(claimed.id, claimed.url, claimed.payload, claimed.secret ?? undefined);
  const attemptNo = claimed.attemptCount;
  const ok = result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const delay = ok || result.permanent ? undefined : RETRY_DELAYS[attemptNo - 1];

  // Queue the retry before recording it: if we crash in between, the job
  // exists and finds the delivery due once the lease has expired.
  let queueError: unknown = null;
  if (delay !== undefined) {
    try {
      await enqueue("deliver-callback", { deliveryId }, { startAfter: delay, singletonKey: deliveryId });
    } catch (err) {
      queueError = err;
    }
  }

  // The attempt and the delivery's new state in one statement (atomic without a transaction's extra round trips).
  const recorded = db.$with("recorded_attempt").as(
    db
      .insert(callbackAttempts)
      .values({ deliveryId, statusCode: result.statusCode, durationMs: result.durationMs, error: result.error, responseExcerpt: result.responseExcerpt })
      .returning({ id: callbackAttempts.id }),
  );
  await db
    .with(recorded)
    .update(callbackDeliveries)
    .set({
      lastStatusCode: result.statusCode,
      ...(ok
        ? { status: "delivered", deliveredAt: new Date(), nextAttemptAt: null }
        : delay === undefined
          ? { status: "failed", nextAttemptAt: null }
          : // Without a queued job, leave it due now: pg-boss retries this job (we rethrow), and the sweep at start finds it.
            { nextAttemptAt: queueError ? sql`now()` : secondsFromNow(delay) }),
    })
    .where(eq(callbackDeliveries.id, deliveryId));
  if (queueError) throw queueError;

  if (ok) return { outcome: "delivered", attempt: attemptNo, result };
  if (delay === undefined) return { outcome: "failed", attempt: attemptNo, result };
  return { outcome: "retrying", attempt: attemptNo, result, retryInSeconds: delay };
}

/**
 * One attempt. The stored URL is opened (credentials decrypted) only here, and
 * whatever the attempt reports is cleared of those credentials before it is
 * recorded: a receiver may echo them in its answer.
 */
async function attempt(id: string, stored: string, payload: unknown, secret: string | undefined): Promise<PostOutcome> {
  let url: string;
  try {
    url = openCallbackUrl(stored);
  } catch (err) {
    if (err instanceof CallbackCredentialsUnreadableError) return permanentFailure(err.message);
    throw err;
  }
  const result = await attemptTo(url, id, payload, secret);
  return { ...result, error: redactCredentials(result.error, url), responseExcerpt: redactCredentials(result.responseExcerpt, url) };
}

async function attemptTo(url: string, id: string, payload: unknown, secret: string | undefined): Promise<PostOutcome> {
  const problem = callbackUrlProblem(url);
  if (problem) return permanentFailure(`invalid callback URL: ${problem}`);
  if (!secret) return permanentFailure("the account has no callback secret");
  const body = JSON.stringify(specOrder(payload));
  let signature: Record<string, string>;
  try {
    signature = webhookHeaders(secret, id, body);
  } catch (err) {
    return permanentFailure(err instanceof Error ? err.message : String(err));
  }
  return postCallback(
    url,
    body,
    { "content-type": "application/json", "user-agent": "SigningService-Webhooks/1.0", ...signature },
    { allowPrivateNetworks: env().CALLBACKS_ALLOW_PRIVATE_NETWORKS, timeoutMs: ATTEMPT_TIMEOUT_MS },
  );
}

// jsonb does not keep key order; send the fields in the order the spec lists them.
const KEY_ORDER = ["callbackType", "id", "event", "documentState", "createdAt", "sending_request", "status", "status_message", "document_template_id", "created_at", "updated_at"];
const rank = (key: string) => {
  const i = KEY_ORDER.indexOf(key);
  return i === -1 ? KEY_ORDER.length : i;
};

function specOrder(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const entries = Object.entries(value).sort(([a], [b]) => rank(a) - rank(b));
  return Object.fromEntries(entries.map(([k, v]) => [k, specOrder(v)]));
}

const permanentFailure = (error: string): PostOutcome => ({
  statusCode: null,
  error,
  responseExcerpt: null,
  durationMs: 0,
  permanent: true,
});
