import "server-only";
import type { Db } from "@/lib/server/db/client";
import { getClientByClientId } from "./authenticate-client";
import { SCOPES } from "./constants";
import { OAuthError } from "./oauth-error";

export type AuthorizeRequest = {
  client: NonNullable<Awaited<ReturnType<typeof getClientByClientId>>>;
  redirectUri: string;
  scope: string;
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | null;
};

/** The authorize parameters as a query string, to carry them through sign-in and consent. */
export const AUTHORIZE_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

/**
 * Checks an authorization request (spec 4.1). The redirect URI must equal
 * the registered one exactly; until it does, nothing is redirected to it.
 */
export async function validateAuthorizeRequestOrThrow(db: Db, params: URLSearchParams): Promise<AuthorizeRequest> {
  const clientId = params.get("client_id");
  if (!clientId) throw new OAuthError("invalid_request", "client_id is required.");
  const client = await getClientByClientId(db, clientId);
  if (!client) throw new OAuthError("invalid_client", "Client authentication failed due to unknown client.");

  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) throw new OAuthError("invalid_request", "redirect_uri is required.");
  if (redirectUri !== client.redirectUri) {
    throw new OAuthError("invalid_redirect_uri", "The redirect uri included is not valid.");
  }

  const responseType = params.get("response_type");
  if (responseType !== "code") {
    throw new OAuthError("unsupported_response_type", "The authorization server does not support this response type.");
  }

  const scope = normaliseScope(params.get("scope"));

  const codeChallenge = params.get("code_challenge");
  const method = params.get("code_challenge_method");
  if (codeChallenge) {
    if ((method ?? "plain") !== "S256") {
      throw new OAuthError("invalid_request", "code_challenge_method must be S256.");
    }
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(codeChallenge)) {
      throw new OAuthError("invalid_request", "code_challenge must be 43 to 128 characters of [A-Za-z0-9._~-].");
    }
  } else if (method) {
    throw new OAuthError("invalid_request", "code_challenge_method was given without code_challenge.");
  }

  return {
    client,
    redirectUri,
    scope,
    state: params.get("state"),
    codeChallenge: codeChallenge ?? null,
    codeChallengeMethod: codeChallenge ? "S256" : null,
  };
}

/** Scopes `read`, `write` or both, in canonical order; default `read`. */
export function normaliseScope(raw: string | null): string {
  const requested = (raw ?? "").split(/[\s+]+/).filter(Boolean);
  if (requested.length === 0) return "read";
  for (const s of requested) {
    if (!(SCOPES as readonly string[]).includes(s)) {
      throw new OAuthError("invalid_scope", "The requested scope is invalid, unknown, or malformed.");
    }
  }
  return SCOPES.filter((s) => requested.includes(s)).join(" ");
}
