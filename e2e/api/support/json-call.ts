// One JSON call to a server of a test's own (own-server.ts), answering its
// status, headers, parsed body (the text itself when it is not JSON) and text.
import { recordAnswer } from "./record-answer";

export type JsonAnswer = { status: number; headers: Headers; body: any; text: string };

export async function jsonCall(
  base: string,
  token: string | undefined,
  path: string,
  opts: { method?: string; body?: unknown } = {},
): Promise<JsonAnswer> {
  const method = opts.method ?? (opts.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const url = new URL(path, base);
  const res = await fetch(url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  recordAnswer(method, url, res, text);
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body, text };
}
