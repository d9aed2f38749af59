import { apiErrors, type ApiErrorCode } from "@/lib/api/errors";
import { CALLBACK_SIGNATURE_HEADERS } from "@/lib/api/callbacks";
import type { ApiVersion } from "./types";
import { exampleMessage } from "./error-responses";

/** The limits in force, as the rate-limit rules describe them ("60 send operations per minute"). */
export type RateLimitSummary = { send: string[]; write: string[]; read: string[] };

// The document's introduction (Markdown, shown at the top of /docs/api):
// authentication, errors, rate limits, callbacks, versions and extensions.

export function introduction(version: ApiVersion, limits: RateLimitSummary): string {
  const errorRows = (Object.keys(apiErrors) as ApiErrorCode[])
    .map((code) => `| ${apiErrors[code].status} | \`${exampleMessage(code)}\` |`)
    .join("\n");
  const signatureRows = Object.entries(CALLBACK_SIGNATURE_HEADERS)
    .map(([name, text]) => `| \`${name}\` | ${text} |`)
    .join("\n");
  return `The document signing API (${version}): OAuth 2.0 under \`/oauth\`, resources under \`/public/${version}\`. This reference is generated from the same zod schemas the handlers parse requests and build answers with; the JSON is at \`/public/${version}/openapi.json\` (${version === "v2" ? "v1: `/public/v1/openapi.json`" : "v2: `/public/v2/openapi.json`"}).

## Authentication
1. **OAuth 2.0 authorization code** (with optional PKCE, S256): send the user to \`/oauth/authorize\`, receive \`code\` on your redirect URI, exchange it at \`/oauth/token\`. Access tokens live 7200 s; refresh tokens 60 days and work once.
2. **Private API tokens** (\`pat_…\`, made in the dashboard settings or with \`npm run cli -- token:create\`): a user's own token with a scope, accepted wherever an access token is.
3. A token goes in \`Authorization: Bearer <token>\`, as \`Authorization: Basic base64(<token>:)\`, as the \`access_token\` query parameter, or as an \`access_token\` body field (JSON or form). The header wins over the query, which wins over the body.
4. **Scopes**: \`GET\` needs \`read\`; \`POST\`, \`PUT\`, \`PATCH\`, \`DELETE\` need \`write\` (\`write\` does not imply \`read\`). Otherwise 400 \`invalid_scope\`.

## Requests and errors
Bodies are JSON; every \`/public\` endpoint that takes one also takes \`application/x-www-form-urlencoded\` with Rails-style nesting (\`roles[][name]=A\`). A \`document\` or \`reusable_template\` wrapper object fills in absent top-level parameters. Every resource error is \`{ "error": "<message>" }\`; OAuth errors are \`{ "error", "error_description" }\` (403 on authorize and token). A 422 \`Bad input parameter.\` goes on to name the parameter and why. Unknown paths answer 404 \`Not found.\`; a method a path does not have answers 405 with \`Allow\`.

The whole error catalog (each message exact):

| status | message |
|---|---|
${errorRows}

## Rate limits
Counted per private token, or per application and user for OAuth tokens, in windows aligned to the clock:

| requests | limits |
|---|---|
| send operations (\`send_document\`, \`embed_document\`, \`prepare_document\`, \`POST sending_requests\`) | ${limits.send.join(", ")} |
| other writes (\`/ext\` included) | ${limits.write.join(", ")} |
| reads | ${limits.read.join(", ")} |

Every answer to a request with a live token carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds); over the limit the answer is 429 with \`Retry-After\` (seconds) and nothing is done.

## Callbacks
\`callback_url\` (send, embed, prepare, \`document[callback_url]\`) receives a POST for each document event (\`created\`, \`viewed\`, \`signed\`, \`executed\`, \`voided\`, \`declined\`); a sending request's top-level \`callback_url\` one when it completes or errors (see **Webhooks**). Delivery is at least once, retried on any non-2xx answer over about a day; redirects are not followed; the timeout is 10 s. Allowed ports: HTTP 80, 8000–8099, 3000–3009; HTTPS 443. \`https://user:pass@host/hook\` is delivered with \`Authorization: Basic\`. Each request is signed (Standard Webhooks):

| header | meaning |
|---|---|
${signatureRows}

## Versions
\`v1\` and \`v2\` have the same operations except: \`DELETE /reusable_templates/{id}\` is v2 only; in v1 \`merge_field_values[][id]\` is required and \`merge_field_identifier\` / \`merge_field_values[][name]\` do not exist; v2's \`uploaded\` answer carries \`document_preparation_url\`.

## Extensions
Marked \`x-extension\` in this document. On the spec's own endpoints: the list's \`tags\`, \`sort\` and \`direction\` parameters; the void \`reason\`; the document fields \`signature_level\`, \`void_reason\` and \`signer_sequencing\`. Under \`/ext\` (tag **Extensions (/ext)**): the dashboard's administration of an account, answered only to the service's own dashboard client (any other token gets 403).`;
}
