import "server-only";
import { env } from "@/lib/env";

/**
 * What a request counts as. Send operations (send_document, embed_document,
 * prepare_document, sending-request create) create documents and e-mail
 * people, so they have the real service's limits; other writes and reads are
 * far more generous.
 */
export type RateClass = "send" | "write" | "read";

export type RateRule = {
  /** Names the counter row: the class and the window length. */
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** For the 429 message: "60 send operations per minute". */
  describe: string;
};

const rule = (cls: RateClass, noun: string, limit: number, windowSeconds: number): RateRule => ({
  bucket: `${cls}:${windowSeconds}`,
  limit,
  windowSeconds,
  describe: `${limit} ${noun} per ${windowSeconds === 60 ? "minute" : "hour"}`,
});

export function rateRules(cls: RateClass): RateRule[] {
  const e = env();
  switch (cls) {
    case "send":
      return [rule("send", "send operations", e.RATE_LIMIT_SEND_PER_MINUTE, 60), rule("send", "send operations", e.RATE_LIMIT_SEND_PER_HOUR, 3600)];
    case "write":
      return [rule("write", "write requests", e.RATE_LIMIT_WRITE_PER_MINUTE, 60)];
    case "read":
      return [rule("read", "read requests", e.RATE_LIMIT_READ_PER_MINUTE, 60)];
  }
}

/** A route's class: declared by the send operations, else by the method. */
export function rateClassOf(method: string, declared: "send" | undefined): RateClass {
  if (declared) return declared;
  return method === "GET" || method === "HEAD" ? "read" : "write";
}
