import "server-only";

/**
 * The bytes of document answers this process made, each with the validator it was made under
 * (serve-cached-answer.ts). Bounded by bytes, least recently used first out.
 */
export type StoredAnswer = {
  /** What the database said before the answer was read (document-versions.ts). */
  validator: string;
  /** The `expires` of the answer's signed addresses (signed-url.ts). */
  expiry: number;
  /** The app secret the answer's addresses and links were signed with. */
  secret: string;
  body: Uint8Array;
};

type State = { entries: Map<string, StoredAnswer>; bytes: number };

// On globalThis: Next.js may evaluate this module once per route bundle; they must share one store.
const g = globalThis as unknown as { __answerStore?: State };
const state = () => (g.__answerStore ??= { entries: new Map(), bytes: 0 });

/** Keys are the caller and the request; their length counts against the budget too. */
const sizeOf = (key: string, answer: StoredAnswer) => answer.body.byteLength + key.length * 2 + answer.validator.length * 2 + 200;

export function getStoredAnswer(key: string): StoredAnswer | undefined {
  const { entries } = state();
  const answer = entries.get(key);
  if (!answer) return undefined;
  entries.delete(key);
  entries.set(key, answer); // most recently used last
  return answer;
}

/** Keeps the answer within `budget` bytes in all; one larger than an eighth of it is not kept. */
export function storeAnswer(key: string, answer: StoredAnswer, budget: number) {
  const s = state();
  forgetAnswer(key);
  const size = sizeOf(key, answer);
  if (size > budget / 8) return;
  s.entries.set(key, answer);
  s.bytes += size;
  for (const [oldest, old] of s.entries) {
    if (s.bytes <= budget) break;
    s.entries.delete(oldest);
    s.bytes -= sizeOf(oldest, old);
  }
}

export function forgetAnswer(key: string) {
  const s = state();
  const old = s.entries.get(key);
  if (!old) return;
  s.entries.delete(key);
  s.bytes -= sizeOf(key, old);
}
