import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthClients } from "@/lib/server/db/schema";
import { safeEqual, sha256 } from "@/lib/server/crypto";

export type ClientCredentials = { clientId: string; clientSecret: string };

/** Client credentials from HTTP basic auth or, failing that, the form (spec 4.1). */
export function readClientCredentials(req: Request, form: URLSearchParams): ClientCredentials | null {
  const header = req.headers.get("authorization");
  const basic = header && /^Basic\s+(\S+)$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    }
  }
  const clientId = form.get("client_id");
  const clientSecret = form.get("client_secret");
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export async function getClientByClientId(db: Db, clientId: string) {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return client ?? null;
}

/** The client when the credentials match, else null. */
export async function authenticateClient(db: Db, creds: ClientCredentials | null) {
  if (!creds) return null;
  const client = await getClientByClientId(db, creds.clientId);
  if (!client || !safeEqual(client.clientSecretHash, sha256(creds.clientSecret))) return null;
  return client;
}
