import { z } from "zod";

export const userSchema = z.object({
  id: z.string(),
  /** IANA time zone name (e.g. "Europe/Berlin") or null. */
  timezone: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  avatar_url: z.string().nullable(),
  can_send_documents: z.boolean(),
  is_grace_period: z.boolean(),
  cancellation_date: z.string().nullable(),
});

export const meEnvelope = z.object({ user: userSchema });
