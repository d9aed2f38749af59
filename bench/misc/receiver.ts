import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The local webhook receiver both sides of the callbacks bench post to: reads
 * each body to the end, answers 200 "ok" after `delayMs` (a receiver across
 * the internet takes tens of ms; 0 measures the sender's bookkeeping alone),
 * and remembers the webhook-id of every request so a round can check that
 * each callback arrived exactly once.
 */
export type Receiver = {
  url: string;
  received: () => number;
  ids: Map<string, number>;
  waitFor: (count: number, timeoutMs: number) => Promise<void>;
  close: () => Promise<void>;
};

export async function startReceiver(port: number, delayMs: number): Promise<Receiver> {
  let count = 0;
  const ids = new Map<string, number>();
  let waiter: { count: number; resolve: () => void } | null = null;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => setTimeout(answer, delayMs));
    const answer = () => {
      count++;
      const id = req.headers["webhook-id"];
      if (typeof id === "string") ids.set(id, (ids.get(id) ?? 0) + 1);
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      if (waiter && count >= waiter.count) {
        waiter.resolve();
        waiter = null;
      }
    };
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    // The callback URL rules allow http on 8000-8099 or 3000-3009 only.
    url: `http://127.0.0.1:${bound}/hook`,
    received: () => count,
    ids,
    waitFor: (target, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        if (count >= target) return resolve();
        const timer = setTimeout(() => reject(new Error(`receiver got ${count} of ${target} callbacks within ${timeoutMs / 1000} s`)), timeoutMs);
        waiter = {
          count: target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
