import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthClients } from "@/lib/server/db/schema";
import { safeEqual, sha256 } from "@/lib/server/crypto";
import { isStorableText } from "@/lib/server/http/invalid-text";

export type ClientCredentials = { clientId: string; clientSecret: string };

/** Client credentials from HTTP basic auth or, failing that, the form (spec 4.1). */
export function readClientCredentials(req: Request, form: URLSearchParams): ClientCredentials | null {
  const header = req.headers.get("authorization");
  const basic = header && /^Basic\s+(\S+)$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) {
      // RFC 6749 2.3.1 form-encodes both parts; one that is not valid percent-encoding is kept as sent,
      // matches no client and is refused as invalid_client (decodeURIComponent would throw: a 500).
      const decode = (s: string) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      };
      return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
    }
  }
  const clientId = form.get("client_id");
  const clientSecret = form.get("client_secret");
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export async function getClientByClientId(db: Db, clientId: string) {
  // No client's id holds a NUL or a lone surrogate, and PostgreSQL would refuse to compare one (a 500).
  if (!isStorableText(clientId)) return null;
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
