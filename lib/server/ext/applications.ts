import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Application, CreateApplicationBody } from "@/lib/api/ext";
import { apiTime } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import { oauthClients, type users } from "@/lib/server/db/schema";
import { createClient } from "@/lib/server/oauth/create-client";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

type User = typeof users.$inferSelect;
type ClientRow = typeof oauthClients.$inferSelect;

const serialize = (c: ClientRow): Application => ({
  id: c.id,
  name: c.name,
  client_id: c.clientId,
  redirect_uri: c.redirectUri,
  created_at: apiTime(c.createdAt),
});

/** The user's own API applications (OAuth clients), newest first. */
export async function listApplications(db: Db, user: User) {
  const rows = await db.select().from(oauthClients).where(eq(oauthClients.ownerUserId, user.id)).orderBy(desc(oauthClients.createdAt));
  return rows.map(serialize);
}

/** Registers an application; the answer is the only time its secret is shown. */
export async function createApplication(db: Db, user: User, input: CreateApplicationBody) {
  const { client, clientSecret } = await createClient(db, { name: input.name, redirectUri: input.redirect_uri, ownerUserId: user.id });
  return { ...serialize(client), client_secret: clientSecret };
}

/** Deleting an application revokes everything issued to it (its tokens cascade). */
export async function deleteApplication(db: Db, user: User, id: string) {
  const [deleted] = await db
    .delete(oauthClients)
    .where(and(eq(oauthClients.id, id), eq(oauthClients.ownerUserId, user.id)))
    .returning({ id: oauthClients.id });
  if (!deleted) throw new ApiError("notFound");
  // Its tokens may belong to users of other accounts: each instance drops them from its cache.
  await invalidateAuthCache(db, { clientId: deleted.id });
}
