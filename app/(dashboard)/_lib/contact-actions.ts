"use server";

import { contactsQuery, type Contact } from "@/lib/api/contacts";
import type { ActionResult } from "@/components/dashboard/action-result";
import { runAction } from "./run-action";

/** Past recipients matching what is typed into a send form's name or e-mail input (GET /ext/contacts). */
export async function searchContacts(q: unknown): Promise<ActionResult<Contact[]>> {
  const parsed = contactsQuery.safeParse({ q: typeof q === "string" ? q.slice(0, 200) : "", limit: 6 });
  if (!parsed.success) return { ok: true, data: [] };
  return runAction(async (api) => (await api.listContacts(parsed.data)).contacts);
}
