import "server-only";
import { env } from "@/lib/env";

/** A 303 to a path or URL: after a form POST the browser follows with GET. */
export function seeOther(location: string, headers?: Record<string, string>) {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store", ...headers } });
}

export async function readForm(req: Request): Promise<URLSearchParams> {
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return new URLSearchParams(await req.text());
  if (type.includes("multipart/form-data")) {
    const data = await req.formData();
    const out = new URLSearchParams();
    for (const [k, v] of data) if (typeof v === "string") out.append(k, v);
    return out;
  }
  return new URLSearchParams();
}

/**
 * Browsers send Origin on form POSTs; a foreign one means another site is
 * submitting our forms. Non-browser clients send none and are let through.
 */
export function isForeignOrigin(req: Request) {
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return !!origin;
  const allowed = new Set([new URL(env().APP_URL).origin, new URL(req.url).origin]);
  const host = req.headers.get("host");
  if (host) allowed.add(`${new URL(req.url).protocol}//${host}`);
  return !allowed.has(origin);
}
