import { z } from "zod";
import { timestamp } from "./common";

// Extensions the spec does not have, used by the dashboard's settings and
// delivery log. They live under /ext/… (same OAuth tokens and error shape),
// outside the spec's /public/v1 and /public/v2 paths.

export const applicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  created_at: timestamp,
  /** Only in the answer to create: shown once, stored hashed. */
  client_secret: z.string().optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const createApplicationBody = z.object({
  name: z.string({ error: "is required." }).trim().min(1, "must not be empty.").max(200, "must be at most 200 characters."),
  redirect_uri: z
    .string({ error: "is required." })
    .trim()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an absolute http(s) URL.")
    .refine((v) => !URL.canParse(v) || !new URL(v).hash, "must not contain a #fragment."),
});
export type CreateApplicationBody = z.infer<typeof createApplicationBody>;

export const applicationsEnvelope = z.object({ applications: z.array(applicationSchema) });
export const applicationEnvelope = z.object({ application: applicationSchema });

export const callbackSecretEnvelope = z.object({ callback_secret: z.string() });

export const outboxEmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  document_id: z.string().nullable(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
});
export const outboxEnvelope = z.object({ emails: z.array(outboxEmailSchema), meta: z.object({ total_pages: z.number().int() }) });

export const callbackAttemptSchema = z.object({
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
  attempted_at: timestamp,
});
export const callbackDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  url: z.string(),
  status: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempt_count: z.number().int(),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
  attempts: z.array(callbackAttemptSchema),
});
export const deliveriesEnvelope = z.object({ deliveries: z.array(callbackDeliverySchema) });

/** The caller's account plan, so forms show only what the plan allows (e.g. KBA). */
export const accountPlanEnvelope = z.object({
  account: z.object({
    name: z.string(),
    plan: z.object({ kba: z.boolean(), document_limit: z.number().int().nullable(), enabled: z.boolean() }),
    documents_used: z.number().int(),
  }),
});
