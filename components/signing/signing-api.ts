import type { SignerStatus, SigningResult } from "@/lib/api/signing";

// The answers' schemas (zod) load with the first call, beside its request, not with the page.
const schemas = () => import("@/lib/api/signing");

export type CallFailure = {
  ok: false;
  /** network: the request did not reach the server or timed out; worth retrying as is. */
  kind: "network" | "http";
  status: number;
  error: string;
  field?: string;
};
export type CallResult<T> = { ok: true; data: T } | CallFailure;

const TIMEOUT_MS = 60_000;
const NETWORK_ERROR = "Could not reach the server. Check your connection and try again — nothing you entered is lost.";

async function post(path: string, body: unknown): Promise<CallResult<unknown>> {
  const rules = schemas();
  rules.catch(() => undefined); // awaited only on a refusal
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return { ok: false, kind: "network", status: 0, error: NETWORK_ERROR };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  } finally {
    clearTimeout(timer);
  }
  if (res.ok) return { ok: true, data: json };
  const parsed = (await rules).signingErrorSchema.safeParse(json);
  if (parsed.success) return { ok: false, kind: "http", status: res.status, error: parsed.data.error, field: parsed.data.field };
  const retry = res.status >= 500 || res.status === 408 || res.status === 429;
  return {
    ok: false,
    kind: retry ? "network" : "http",
    status: res.status,
    error: retry ? "The server could not handle the request just now. Please try again." : `The request failed (${res.status}). Please reload the page.`,
  };
}

const base = (signerId: string) => `/sign/${encodeURIComponent(signerId)}`;

async function asResult(r: CallResult<unknown>): Promise<CallResult<SigningResult>> {
  if (!r.ok) return r;
  const parsed = (await schemas()).signingResultSchema.safeParse(r.data);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, kind: "http", status: 200, error: "The server answered unexpectedly. Please reload the page." };
}

export function verifyPin(signerId: string, accessToken: string, pin: string): Promise<CallResult<unknown>> {
  return post(`${base(signerId)}/pin`, { access_token: accessToken, pin });
}

export async function submitSigning(signerId: string, accessToken: string, values: Record<string, string>) {
  return asResult(await post(`${base(signerId)}/submit`, { access_token: accessToken, values }));
}

export async function declineSigning(signerId: string, accessToken: string, reason: string) {
  return asResult(await post(`${base(signerId)}/decline`, { access_token: accessToken, reason }));
}

/** How the document stands after this signer signed: who is left, and the signed PDF's address once it exists. */
export async function fetchSignerStatus(signerId: string, accessToken: string): Promise<CallResult<SignerStatus>> {
  const r = await post(`${base(signerId)}/status`, { access_token: accessToken });
  if (!r.ok) return r;
  const parsed = (await schemas()).signerStatusSchema.safeParse(r.data);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, kind: "http", status: 200, error: "The server answered unexpectedly. Please reload the page." };
}
