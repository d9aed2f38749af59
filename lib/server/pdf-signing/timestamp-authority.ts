import "server-only";
import { HttpTimestampAuthority, TimestampError, type DigestAlgorithm, type TimestampAuthority } from "@libpdf/core";
import { env } from "@/lib/env";
import { parseTimestampToken } from "./cms";

// The configured RFC 3161 time-stamping authorities (TSA_URLS), tried in
// order, each with a timeout (TSA_TIMEOUT_SECONDS). The first that answers
// with a granted token whose message imprint is the hash we sent wins; a TSA
// that is down, slow, refuses, or answers something else is skipped. If none
// answers, the call throws, and with it the sealing and the completion job.

const HASH_OID: Record<DigestAlgorithm, string> = {
  "SHA-256": "2.16.840.1.101.3.4.2.1",
  "SHA-384": "2.16.840.1.101.3.4.2.2",
  "SHA-512": "2.16.840.1.101.3.4.2.3",
};

export class FallbackTimestampAuthority implements TimestampAuthority {
  private readonly tsas: { url: string; tsa: HttpTimestampAuthority }[];

  constructor(urls: string[], timeoutMs: number) {
    if (urls.length === 0) throw new Error("FallbackTimestampAuthority: no TSA URL");
    this.tsas = urls.map((url) => ({ url, tsa: new HttpTimestampAuthority(url, { timeout: timeoutMs }) }));
  }

  async timestamp(digest: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    const failures: string[] = [];
    for (const { url, tsa } of this.tsas) {
      try {
        const token = await tsa.timestamp(digest, algorithm);
        const { imprint } = parseTimestampToken(token);
        if (imprint.algorithm !== HASH_OID[algorithm] || !imprint.hash.equals(Buffer.from(digest))) {
          throw new Error("the token stamps another hash than the one sent");
        }
        return token;
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        failures.push(`${url}: ${why}`);
        console.warn(`[timestamp] ${url} did not give a timestamp: ${why}`);
      }
    }
    throw new TimestampError(`No time-stamping authority answered (${failures.join("; ")})`);
  }
}

/** The authorities of TSA_URLS, or null when none is configured (seal at B-B). */
export function timestampAuthorityFromEnv(): FallbackTimestampAuthority | null {
  const e = env();
  return e.TSA_URLS.length > 0 ? new FallbackTimestampAuthority(e.TSA_URLS, e.TSA_TIMEOUT_SECONDS * 1000) : null;
}
