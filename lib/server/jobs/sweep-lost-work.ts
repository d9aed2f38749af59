import "server-only";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents, outboxEmails, sendingRequests, templateUploads } from "@/lib/server/db/schema";
import { requeueStalledDeliveries } from "@/lib/server/callbacks/sweep-deliveries";
import { enqueue } from "./boss";
import type { JobName, JobPayloads } from "./queues";

/**
 * Work is committed first and queued after the commit (on PGlite the queue
 * shares the one connection, so it cannot join the transaction). A crash, a
 * kill -9 or a lost database connection between the two leaves committed work
 * without a job. This sweep finds such work and queues it again; it runs at
 * start-up (`minAge` 0: nothing of ours is running yet) and every minute as a
 * scheduled job (once per tick across the fleet), where work younger than
 * `minAge` or with a live job is left to the job that has it.
 *
 * Every job it queues is idempotent, so the rare duplicate costs time, not
 * correctness.
 */
export async function sweepLostWork(db: Db, opts: { minAgeSeconds: number }) {
  const before = new Date(Date.now() - opts.minAgeSeconds * 1000);
  const counts = {
    completions: await requeue(db, "complete-document", await executedWithoutFiles(db, before), (id) => ({ documentId: id })),
    sendingRequests: await requeue(db, "process-sending-request", await stuckSendingRequests(db, before), (id) => ({ sendingRequestId: id })),
    templateUploads: await requeue(db, "process-template-upload", await stuckTemplateUploads(db, before), (id) => ({ templateUploadId: id })),
    emails: await requeue(db, "send-email", await unsentEmails(db, before), (id) => ({ emailId: id })),
    callbacks: await requeueStalledDeliveries(db),
  };
  return counts;
}

/** Executed documents whose signed PDF was never produced. */
async function executedWithoutFiles(db: Db, before: Date) {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.state, "executed"), isNull(documents.mergedPdfSha256), lt(documents.executedAt, before)));
  return rows.map((r) => r.id);
}

async function stuckSendingRequests(db: Db, before: Date) {
  const rows = await db
    .select({ id: sendingRequests.id })
    .from(sendingRequests)
    .where(and(inArray(sendingRequests.status, ["downloading", "processing", "creating_document"]), lt(sendingRequests.updatedAt, before)));
  return rows.map((r) => r.id);
}

async function stuckTemplateUploads(db: Db, before: Date) {
  const rows = await db
    .select({ id: templateUploads.id })
    .from(templateUploads)
    .where(and(eq(templateUploads.status, "processing"), lt(templateUploads.updatedAt, before)));
  return rows.map((r) => r.id);
}

/** Messages waiting for SMTP ("queued" exists only when SMTP_URL is set). */
async function unsentEmails(db: Db, before: Date) {
  const rows = await db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, "queued"), lt(outboxEmails.createdAt, before)));
  return rows.map((r) => r.id);
}

/**
 * Queues `name` for every id without a live (created, retry or active) job
 * of that name for it. The check reads pg-boss's own table: a job waiting in
 * a long queue is not a lost one.
 */
async function requeue<K extends JobName>(db: Db, name: K, ids: string[], payload: (id: string) => JobPayloads[K]) {
  let queued = 0;
  for (const id of ids) {
    const data = payload(id);
    const live = await db.execute(
      sql`select 1 from pgboss.job where name = ${name} and state in ('created', 'retry', 'active') and data @> ${JSON.stringify(data)}::jsonb limit 1`,
    );
    if (rowCount(live) > 0) continue;
    await enqueue(name, data);
    queued++;
  }
  return queued;
}

const rowCount = (result: unknown) => {
  const r = result as { rows?: unknown[]; length?: number };
  return Array.isArray(r) ? r.length : (r.rows?.length ?? 0);
};
