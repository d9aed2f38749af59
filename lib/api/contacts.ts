import { z } from "zod";

// Recipients the caller sent documents to before (/ext/contacts), for the
// send forms' name and e-mail autocomplete.

export const CONTACTS_LIMIT = 10;

export const contactsQuery = z.object({
  q: z.string().trim().max(200, "must be at most 200 characters.").optional().default(""),
  limit: z.coerce.number({ error: `must be an integer between 1 and 50.` }).int("must be an integer between 1 and 50.").min(1, "must be an integer between 1 and 50.").max(50, "must be an integer between 1 and 50.").optional().default(CONTACTS_LIMIT),
});

export const contactSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** When a document of the caller's last went to this address. */
  last_sent_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactsEnvelope = z.object({ contacts: z.array(contactSchema) });
