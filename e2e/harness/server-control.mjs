// The application server of a test run: `next start` on the test build.
import fs from "node:fs";
import net from "node:net";
import { start, stop } from "./processes.mjs";
export { stop };

/**
 * The first port from `from` on which nothing listens. E2E_PORT_OFFSET moves
 * every run's ports (its server, the servers tests start of their own), so
 * two runs side by side (.ci/run: PGlite and PostgreSQL) never race for one.
 */
export async function freePort(fromPort) {
  const from = fromPort + Number(process.env.E2E_PORT_OFFSET || 0);
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      // No host: the unspecified address, dual-stack `::`, as `next start` binds (a check on 0.0.0.0
      // alone was seen passing while another server held [::]:port).
      srv.listen({ port }, () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}..${from + 99}`);
}

export function startServer({ env, port, log }) {
  fs.writeFileSync(log, `# next start -p ${port} (${new Date().toISOString()})\n`);
  return start("node_modules/.bin/next", ["start", "-p", String(port)], { env, log });
}

/**
 * Waits until the server answers HTTP (any status) on a page that opens the
 * database, so the first test does not pay for migrations. Fails fast when
 * the process exits.
 */
export async function waitForServer(server, baseUrl, { timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  server.done.then((r) => (exited = r));
  let lastError = "";
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before answering (code ${exited.code}, signal ${exited.signal})`);
    try {
      const res = await fetch(`${baseUrl}/login`, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status < 500) {
        // One authenticated-path request warms up the database (migrations).
        const warm = await fetch(`${baseUrl}/public/v2/me?access_token=warm-up`, { signal: AbortSignal.timeout(60_000) });
        await warm.arrayBuffer();
        return;
      }
      lastError = `HTTP ${res.status}`;
    } catch (e) {
      lastError = e.cause?.code ?? e.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000}s (last: ${lastError})`);
}

export function printLog(file, lines = 200) {
  let text = "";
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return;
  }
  const all = text.split("\n");
  console.error(`\n----- ${file} (last ${Math.min(lines, all.length)} of ${all.length} lines) -----`);
  console.error(all.slice(-lines).join("\n"));
  console.error("----- end of server log -----\n");
}
