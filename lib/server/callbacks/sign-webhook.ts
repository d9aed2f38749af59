import "server-only";
import crypto from "node:crypto";

// Standard Webhooks (https://www.standardwebhooks.com) signing, so receivers
// can verify callbacks with the published libraries:
//   signed content = "<webhook-id>.<webhook-timestamp>.<raw body>"
//   key            = base64-decoded part of the secret after "whsec_"
//   header         = "v1," + base64(HMAC-SHA256(key, signed content))

const PREFIX = "whsec_";

export function webhookKey(secret: string): Buffer {
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  // Node's base64 decoder also accepts the URL-safe alphabet; the reference
  // libraries expect the standard one, which is what secrets should be made of.
  const key = Buffer.from(encoded, "base64");
  if (key.length === 0) throw new Error("The account's callback secret is empty or not base64.");
  return key;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac("sha256", webhookKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers for one attempt (the timestamp is fresh on each attempt, the id is not). */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, id, timestamp, body),
  };
}
