import "server-only";
import { env } from "@/lib/env";
import { metrics } from "@/lib/server/observability/metrics";
import { getAppSecret } from "@/lib/server/secrets";
import { defaultAddressExpiry } from "@/lib/server/storage/signed-url";
import { jsonBytes } from "@/lib/server/http/respond";
import { forgetAnswer, getStoredAnswer, storeAnswer } from "./answer-store";

type CachedAnswerOptions = {
  /** The metric's label. */
  route: "list" | "get";
  /** Everything the answer depends on besides the database: the caller, the API version, the request. */
  key: string;
  /**
   * Read before the answer's data: a text that changes with every committed change the answer could
   * show (document-versions.ts); null when there is nothing to cache (the answer is an error).
   */
  validator: () => Promise<string | null>;
  /** The answer's body, and whether it may be kept under the validator read before it. */
  make: () => Promise<{ body: unknown; keep: boolean }>;
};

/**
 * A document list or document answer served again byte for byte while the database says nothing it
 * shows has changed (issue 14: a page of 100 documents costs ~30 ms to read and serialise, its check
 * one indexed query). Correct across instances by construction: every instance asks the database,
 * where each change raises its sender's version in the same transaction (migration 0015). The
 * validator is read *before* the data: a change committed in between leaves the answer under the old
 * validator, which the next request no longer matches. An answer is served only within the step of
 * its signed addresses' expiry (the very addresses a fresh answer would carry) and under the secret
 * it was signed with.
 */
export async function serveCachedAnswer(options: CachedAnswerOptions): Promise<Response> {
  const budget = env().ANSWER_CACHE_MB * 1024 * 1024;
  if (budget <= 0) return jsonBytes(encode((await options.make()).body));
  const counter = metrics().answerCache;
  const validator = await options.validator();
  // (after the validator's read: a step ending during it must not serve the previous step's addresses)
  const expiry = defaultAddressExpiry();
  const secret = getAppSecret();
  const stored = getStoredAnswer(options.key);
  if (stored && validator !== null && stored.validator === validator && stored.expiry === expiry && stored.secret === secret) {
    counter.inc({ route: options.route, outcome: "hit" });
    return jsonBytes(stored.body);
  }
  counter.inc({ route: options.route, outcome: stored ? "stale" : "miss" });
  if (stored) forgetAnswer(options.key);
  const { body, keep } = await options.make();
  const bytes = encode(body);
  // Not kept when its addresses' step ended while it was made (they may carry either expiry).
  if (keep && validator !== null && defaultAddressExpiry() === expiry) storeAnswer(options.key, { validator, expiry, secret, body: bytes }, budget);
  return jsonBytes(bytes);
}

const encoder = new TextEncoder();
const encode = (body: unknown) => encoder.encode(JSON.stringify(body));
