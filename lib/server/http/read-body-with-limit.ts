import "server-only";

/**
 * Reads a request body, stopping as soon as it exceeds `limit` bytes (never
 * buffering more). A declared Content-Length over the limit is refused before
 * a single byte is read; a chunked body is read only up to the limit. Every
 * route that reads a body goes through here (see body-limits.ts), and it runs
 * before authentication, so an unauthenticated caller cannot make the server
 * hold more than one route's limit.
 */
export async function readBodyWithLimit(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too_large"> {
  const declared = req.headers.get("content-length");
  // Not a byte of it is read: the answer goes out while the client is still sending.
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return "too_large";
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Cancelling stops reading from the socket; the rest is never buffered.
      await reader.cancel().catch(() => {});
      return "too_large";
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** The body as UTF-8 text, or "too_large". */
export async function readTextWithLimit(req: Request, limit: number): Promise<string | "too_large"> {
  const bytes = await readBodyWithLimit(req, limit);
  return bytes === "too_large" ? bytes : new TextDecoder().decode(bytes);
}

/** "64 KB", "1 MB", "25 MB": a limit as people read it in an error message. */
export function describeLimit(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
