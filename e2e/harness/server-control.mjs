// The application server of a test run: `next start` on the test build.
import fs from "node:fs";
import net from "node:net";
import { start, stop } from "./processes.mjs";
export { stop };

/**
 * Every run keeps its ports in one band: the harness's and the tests'
 * `fromPort`s lie in [PORT_BAND_FIRST, PORT_BAND_FIRST + PORT_BAND_WIDTH - 100)
 * and a scan never leaves the band, which E2E_PORT_OFFSET (a multiple of the
 * width) moves as a whole. Two runs side by side (.ci/run: PGlite, PostgreSQL,
 * the Node smoke) so never look at the same port. A free port is only free
 * when it is checked: with overlapping bands (an offset of 1000 for bases that
 * span 3100-4580) one run's server took the port another run's test had just
 * chosen, and that test talked to the wrong server ("unknown client").
 */
export const PORT_BAND_FIRST = 3000;
export const PORT_BAND_WIDTH = 2000;

export function portOffset() {
  const offset = Number(process.env.E2E_PORT_OFFSET || 0);
  if (!Number.isInteger(offset) || offset < 0 || offset % PORT_BAND_WIDTH !== 0) {
    throw new Error(`E2E_PORT_OFFSET must be a multiple of ${PORT_BAND_WIDTH} (got ${process.env.E2E_PORT_OFFSET}): runs side by side need bands that do not overlap`);
  }
  // Below Linux's ephemeral ports (32768-60999), where listeners on port 0 and outgoing connections get theirs.
  if (PORT_BAND_FIRST + PORT_BAND_WIDTH + offset > 32768) {
    throw new Error(`E2E_PORT_OFFSET ${offset} puts the test ports among the ephemeral ones (from 32768): use at most ${32768 - PORT_BAND_FIRST - PORT_BAND_WIDTH}`);
  }
  return offset;
}

/** The first port from `fromPort` (moved by E2E_PORT_OFFSET) on which nothing listens, inside the run's band. */
export async function freePort(fromPort) {
  const bandEnd = PORT_BAND_FIRST + PORT_BAND_WIDTH;
  if (!(fromPort >= PORT_BAND_FIRST && fromPort < bandEnd - 100)) {
    throw new Error(`fromPort ${fromPort} is outside the test ports' band (${PORT_BAND_FIRST}..${bandEnd - 101}): choose one inside it`);
  }
  const offset = portOffset();
  return freePortBetween(fromPort + offset, bandEnd + offset);
}

/**
 * The first free port in [from, to), no band: for what runs outside the tests
 * (the local fleet script, whose FLEET_PORT the user chooses).
 */
export async function freePortBetween(from, to = from + 100) {
  for (let port = from; port < to; port++) {
    const free = await new Promise((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(false));
      // No host: the unspecified address, dual-stack `::`, as `next start` binds (a check on 0.0.0.0
      // alone was seen passing while another server held [::]:port).
      srv.listen({ port }, () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}..${to - 1}`);
}

export function startServer({ env, port, log }) {
  fs.writeFileSync(log, `# next start -p ${port} (${new Date().toISOString()})\n`);
  return { ...start("node_modules/.bin/next", ["start", "-p", String(port)], { env, log }), log };
}

/**
 * Whether `next start` has bound its port, from its log: "Ready" is printed
 * once it listens; a port taken meanwhile is an EADDRINUSE error (and an exit)
 * before any "Ready". Answers "ready", "in use" or "" (not yet). "Ready" wins:
 * an EADDRINUSE logged after it is about something else (a worker's metrics
 * port, a callback receiver), not the server's own port.
 */
function bindState(log) {
  let text = "";
  try {
    text = fs.readFileSync(log, "utf8");
  } catch {
    return "";
  }
  // Colours included when the runner forces them (Playwright sets FORCE_COLOR): "✓\e[22m\e[39m Ready in".
  text = text.replace(/\x1b\[[0-9;]*m/g, "");
  if (/✓ Ready in/.test(text)) return "ready";
  return /EADDRINUSE/.test(text) ? "in use" : "";
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
  // Read from the log until it says "ready", then not again (the log grows while migrations run).
  let bound = server.log ? "" : "ready";
  while (Date.now() < deadline) {
    // An answer on the port proves nothing until our own process says it listens there: another
    // server may hold the port (taken after freePort chose it), and its answers are not ours.
    if (bound !== "ready") bound = bindState(server.log);
    if (bound === "in use") throw new Error(`port of ${baseUrl} already in use: another process took it after it was chosen (see ${server.log})`);
    if (exited) throw new Error(`the server exited before answering (code ${exited.code}, signal ${exited.signal})`);
    if (!bound) {
      lastError = `no "Ready" line in ${server.log} yet`;
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
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
