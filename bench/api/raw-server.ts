import http from "node:http";

/**
 * The reference ceiling: plain node:http answering the same bytes (a JSON
 * body of the asked size) with nothing else, in the bench's own process.
 */
export async function startRawServer(): Promise<{ url: (bytes: number) => string; close: () => Promise<void> }> {
  const bodies = new Map<number, Buffer>();
  const server = http.createServer((req, res) => {
    const bytes = Math.max(16, Number(new URL(req.url ?? "/", "http://x").searchParams.get("bytes")) || 16);
    let body = bodies.get(bytes);
    if (!body) bodies.set(bytes, (body = Buffer.from(`{"pad":"${"x".repeat(bytes - 10)}"}`)));
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store", "Content-Length": body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (bytes) => `http://127.0.0.1:${port}/raw?bytes=${bytes}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
