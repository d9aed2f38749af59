// Documents the dashboard UI tests act on, sent through the public API in the
// test itself so that no other test shares them (the fixtures' documents
// belong to the API tests). Each run gets a unique tag in the names, which is
// also what the search test looks for.
import { api, tokenFor } from "../../api/helpers";
import type { Fixtures } from "../../api/helpers";

export type SentDocument = { id: string; name: string };

/** An access token of alice through her own application (the OAuth flow, driven over HTTP). */
export async function aliceToken(): Promise<string> {
  return (await tokenFor("alice")).access_token;
}

/**
 * send_document on alice's fixture template (signer sequencing; roles Client
 * and Manager, the Manager fixed to Morgan Manager): the Client signs first.
 */
export async function sendFromAliceTemplate(
  fx: Fixtures,
  token: string,
  name: string,
  client = { name: "Rita Remind", email: "rita.remind@ui.example" },
  extra: Record<string, unknown> = {},
): Promise<SentDocument> {
  const res = await api(`/public/v2/reusable_templates/${fx.templates.alice.id}/send_document`, {
    token,
    method: "POST",
    body: { name, roles: [{ name: "Client", signer_name: client.name, signer_email: client.email }], expires_in: 30, ...extra },
  });
  if (res.status !== 200) throw new Error(`send_document answered ${res.status}: ${res.text}`);
  return { id: res.body.document.id, name };
}

/** A short tag that makes this run's documents findable and distinct from earlier runs'. */
export const runTag = () => `r${Date.now().toString(36)}`;
