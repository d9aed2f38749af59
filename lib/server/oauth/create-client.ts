import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthClients } from "@/lib/server/db/schema";
import { newId, randomToken, sha256 } from "@/lib/server/crypto";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

export function assertRedirectUri(uri: string) {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`redirect URI "${uri}" is not an absolute URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("redirect URI must use http or https.");
  if (url.hash) throw new Error("redirect URI must not contain a fragment.");
}

/** Registers an API application; the secret is answered once and stored hashed. */
export async function createClient(db: Db, input: { name: string; redirectUri: string; ownerUserId: string | null }) {
  assertRedirectUri(input.redirectUri);
  const clientId = randomToken(24);
  const clientSecret = randomToken(32);
  const [client] = await db
    .insert(oauthClients)
    .values({
      id: newId(),
      clientId,
      clientSecretHash: sha256(clientSecret),
      name: input.name,
      redirectUri: input.redirectUri,
      ownerUserId: input.ownerUserId,
    })
    .returning();
  return { client: client!, clientId, clientSecret };
}

/**
 * The dashboard's own client, kept in step with configuration on every start
 * (first party: consent is implied).
 */
export async function ensureFirstPartyClient(
  db: Db,
  input: { clientId: string; clientSecret: string; name: string; redirectUri: string },
) {
  const values = {
    clientSecretHash: sha256(input.clientSecret),
    name: input.name,
    redirectUri: input.redirectUri,
    firstParty: true,
  };
  const [existing] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, input.clientId)).limit(1);
  if (existing) {
    await db.update(oauthClients).set(values).where(eq(oauthClients.id, existing.id));
    await invalidateAuthCache(db, { clientId: existing.id });
  } else {
    // Instances starting together (a fleet) race here: the later insert finds the earlier one's row,
    // which holds the same values (they share APP_SECRET), and does nothing.
    await db
      .insert(oauthClients)
      .values({ id: newId(), clientId: input.clientId, ownerUserId: null, ...values })
      .onConflictDoNothing({ target: oauthClients.clientId });
  }
}
