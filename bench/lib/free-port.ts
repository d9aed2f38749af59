import net from "node:net";

/**
 * The first port from `from` on which nothing listens (of the next 100). The benches' servers take theirs
 * from 5400 up: above the test runs' ports (3000-4999 and their bands, e2e/harness/server-control.mjs), so
 * a bench beside `npm test` never starts a server on a port a test has just chosen.
 */
export async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      // No host: the dual-stack `::` that `next start` binds (a check on 0.0.0.0 alone can pass while another holds [::]:port).
      srv.listen({ port }, () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}..${from + 99}`);
}
