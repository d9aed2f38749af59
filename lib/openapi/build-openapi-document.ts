import type { z } from "zod";
import { auditSchema, documentSchema, recipientSchema } from "@/lib/api/documents";
import { documentCallbackPayload, sendingRequestCallbackPayload, CALLBACK_SIGNATURE_HEADERS } from "@/lib/api/callbacks";
import { oauthErrorBody } from "@/lib/api/oauth";
import { reusableTemplateSchema, templateRoleSchema, mergeFieldComponentSchema } from "@/lib/api/templates";
import { sendingRequestSchema } from "@/lib/api/sending";
import { userSchema } from "@/lib/api/users";
import { componentSchemas, jsonSchema, type JsonSchema } from "./json-schema";
import { errorResponse, errorsByStatus, RESOURCE_ERRORS } from "./error-responses";
import { introduction, type RateLimitSummary } from "./description";
import { extOperations } from "./operations/ext-operations";
import { oauthOperations } from "./operations/oauth-operations";
import { publicOperations } from "./operations/public-operations";
import type { ApiVersion, OperationSpec } from "./types";

export type { RateLimitSummary };

/** Document fields outside the spec (docs/api-decisions.md). */
const DOCUMENT_FIELD_EXTENSIONS: Record<string, string> = {
  signature_level: "Extension: the PAdES level both sealed PDFs have (`B-B`, or `B-LTA` with time-stamping); null until the signed PDF exists.",
  void_reason: "Extension: why the document was voided; null unless voided with a reason.",
  signer_sequencing: "Extension: whether recipients sign in order (then only `current_signer_id` is asked to sign).",
};
/** Query and body parameters outside the spec. */
const PARAMETER_EXTENSIONS: Record<string, string[]> = {
  listDocuments: ["tags", "sort", "direction"],
  voidDocument: ["reason"],
};

const RATE_HEADERS = {
  "X-RateLimit-Limit": { $ref: "#/components/headers/X-RateLimit-Limit" },
  "X-RateLimit-Remaining": { $ref: "#/components/headers/X-RateLimit-Remaining" },
  "X-RateLimit-Reset": { $ref: "#/components/headers/X-RateLimit-Reset" },
};

/**
 * The OpenAPI 3.1 document of one API version, built from the zod contracts
 * in lib/api (requests as clients send them, answers as the service sends
 * them) and the error catalog. `baseUrl` is the service's APP_URL.
 */
export function buildOpenApiDocument(version: ApiVersion, options: { baseUrl: string; rateLimits: RateLimitSummary }) {
  const ops = [...oauthOperations, ...publicOperations(version), ...extOperations];

  // Named models first (so envelopes refer to them), then each operation's own.
  const answers = new Map<z.ZodType, string>([
    [documentSchema, "Document"],
    [recipientSchema, "Recipient"],
    [auditSchema, "Audit"],
    [reusableTemplateSchema, "ReusableTemplate"],
    [templateRoleSchema, "TemplateRole"],
    [mergeFieldComponentSchema, "MergeFieldComponent"],
    [sendingRequestSchema, "SendingRequest"],
    [userSchema, "User"],
    [oauthErrorBody, "OAuthError"],
    [documentCallbackPayload, "DocumentCallback"],
    [sendingRequestCallbackPayload, "SendingRequestCallback"],
  ]);
  const requests = new Map<z.ZodType, string>();
  for (const op of ops) {
    for (const s of op.success) if (s.schema && !answers.has(s.schema)) answers.set(s.schema, s.name ?? `${cap(op.operationId)}Response`);
    if (op.body && !requests.has(op.body)) requests.set(op.body, op.bodyName ?? `${cap(op.operationId)}Request`);
  }
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: "object",
      description: "Every resource error: the catalog's message, exact (a 422 `Bad input parameter.` names the parameter after it).",
      properties: { error: { type: "string" } },
      required: ["error"],
    },
    ...componentSchemas(answers, "output"),
    ...componentSchemas(requests, "input"),
  };
  markDocumentExtensions(schemas.Document);
  if (version === "v1") dropV1Absent(schemas);

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    (paths[op.path] ??= {})[op.method] = operationObject(op, answers, requests);
  }

  return {
    openapi: "3.1.1",
    info: {
      title: `Signing Service API (${version})`,
      version: `${version}`,
      description: introduction(version, options.rateLimits),
      license: { name: "Open source" },
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: options.baseUrl.replace(/\/+$/, ""), description: "This service (APP_URL)" }],
    tags: [
      { name: "OAuth", description: "Spec 4.1 and section 5: tokens for an application acting for a user." },
      { name: "Users", description: "Spec 4.8." },
      { name: "Documents", description: "Spec 4.2 and 3.1." },
      { name: "Archived documents", description: "Spec 4.3." },
      { name: "Reusable templates", description: "Spec 4.4 and 4.5." },
      { name: "Sending", description: "Spec 4.4: documents from templates." },
      { name: "Sending requests", description: "Spec 4.6: one-off uploaded files." },
      { name: "Signers", description: "Spec 4.7." },
      {
        name: "Extensions (/ext)",
        description: "Outside the spec: the dashboard's administration of an account. Only tokens of the service's own dashboard client are accepted.",
        "x-extension": true,
      },
    ],
    paths,
    webhooks: webhooks(),
    components: {
      schemas,
      securitySchemes: securitySchemes(options.baseUrl),
      headers: {
        "X-RateLimit-Limit": { description: "The limit of the window closest to refusing.", schema: { type: "integer" } },
        "X-RateLimit-Remaining": { description: "What is left of that window.", schema: { type: "integer" } },
        "X-RateLimit-Reset": { description: "Unix seconds at which that window ends.", schema: { type: "integer" } },
        "Retry-After": { description: "Seconds until the request may be retried.", schema: { type: "integer" } },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function operationObject(op: OperationSpec, answers: Map<z.ZodType, string>, requests: Map<z.ZodType, string>) {
  const resource = op.auth === "resource" || op.auth === "dashboard";
  const rateHeaders = resource ? RATE_HEADERS : {};
  const responses: Record<string, unknown> = {};
  for (const s of op.success) {
    responses[s.status] = {
      description: s.description,
      headers: s.status === "3XX" ? { Location: { description: "Where the user agent goes next.", schema: { type: "string" } } } : rateHeaders,
      ...(s.schema ? { content: { "application/json": { schema: ref(answers.get(s.schema)!) } } } : {}),
    };
  }
  if (resource) {
    const codes = [...RESOURCE_ERRORS, ...(op.errors ?? []), ...(op.body ? (["payloadTooLarge"] as const) : []), ...(op.auth === "dashboard" ? (["dashboardOnly"] as const) : [])];
    for (const [status, group] of errorsByStatus(codes)) {
      const headers = status === 429 ? { ...rateHeaders, "Retry-After": { $ref: "#/components/headers/Retry-After" } } : rateHeaders;
      responses[String(status)] = errorResponse(group, headers);
    }
  }
  for (const e of op.oauthErrors ?? []) {
    responses[e.status] = {
      description: e.description,
      ...(e.status === "429" ? { headers: { "Retry-After": { $ref: "#/components/headers/Retry-After" } } } : {}),
      content: { "application/json": { schema: ref("OAuthError") } },
    };
  }

  const extensionParams = PARAMETER_EXTENSIONS[op.operationId] ?? [];
  const parameters: Record<string, unknown>[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  for (const [name, schema] of Object.entries(op.query?.shape ?? {}) as [string, z.ZodType][]) {
    const { description, ...json } = jsonSchema(schema, "input");
    parameters.push({
      name,
      in: "query",
      required: !schema.safeParse(undefined).success,
      schema: json,
      ...(description ? { description } : {}),
      ...(extensionParams.includes(name) ? { "x-extension": true } : {}),
    });
  }

  let requestBody: Record<string, unknown> | undefined;
  if (op.body) {
    const schema = ref(requests.get(op.body)!);
    const json = { "application/json": { schema } };
    const form = { "application/x-www-form-urlencoded": { schema } };
    requestBody = {
      required: !op.body.safeParse(undefined).success,
      description: op.formOnly
        ? "Form-encoded."
        : op.formFirst
        ? "Form-encoded (spec 4.1); JSON with string fields is taken the same way."
        : op.form
          ? "JSON, or form-encoded with Rails-style nesting (`roles[][name]=…`): the same parameters, the same answers."
          : "JSON.",
      content: op.formOnly ? form : op.formFirst ? { ...form, ...json } : op.form ? { ...json, ...form } : json,
      ...(extensionParams.length && op.method !== "get" ? { "x-extension-parameters": extensionParams } : {}),
    };
  }

  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: security(op),
    ...(op.extension ? { "x-extension": true } : {}),
    ...(op.rateLimit === "send" ? { "x-rate-limit-class": "send" } : resource ? { "x-rate-limit-class": op.method === "get" ? "read" : "write" } : {}),
  };
}

function security(op: OperationSpec) {
  switch (op.auth) {
    case "resource":
      return [{ oauth2: [op.scope!] }, { bearerToken: [] }, { privateTokenBasic: [] }, { accessTokenQuery: [] }];
    case "dashboard":
      return [{ oauth2: [op.scope!] }, { bearerToken: [] }];
    case "oauth-client":
      return [{ clientBasic: [] }, {}];
    case "browser":
      return [{}];
  }
}

function securitySchemes(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    oauth2: {
      type: "oauth2",
      description: "Authorization code (PKCE S256 optional). Access tokens 7200 s; refresh tokens 60 days, single use.",
      flows: {
        authorizationCode: {
          authorizationUrl: `${base}/oauth/authorize`,
          tokenUrl: `${base}/oauth/token`,
          refreshUrl: `${base}/oauth/token`,
          scopes: { read: "GET endpoints", write: "POST, PUT, PATCH and DELETE endpoints" },
        },
      },
    },
    bearerToken: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <access token or pat_… private token>`." },
    privateTokenBasic: {
      type: "http",
      scheme: "basic",
      description: "`Authorization: Basic base64(<token>:)`: the token as the user name, no password (the form documented for private tokens).",
    },
    accessTokenQuery: { type: "apiKey", in: "query", name: "access_token", description: "The token as a query parameter (spec 5.3)." },
    clientBasic: { type: "http", scheme: "basic", description: "OAuth client credentials: client id as user name, secret as password (or `client_id`/`client_secret` form fields)." },
  };
}

function webhooks() {
  const headers = Object.entries(CALLBACK_SIGNATURE_HEADERS).map(([name, description]) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string" },
  }));
  const hook = (summary: string, description: string, schema: string) => ({
    post: {
      summary,
      description,
      parameters: headers,
      requestBody: { required: true, content: { "application/json": { schema: ref(schema) } } },
      responses: { "2XX": { description: "Received; any other answer (or none within 10 s) is retried on an exponential schedule over about a day." } },
    },
  });
  return {
    documentEvent: hook(
      "Document event (spec 6.1)",
      "POSTed to the document's `callback_url` for `created`, `viewed`, `signed`, `executed`, `voided` and `declined`. Order is not guaranteed.",
      "DocumentCallback",
    ),
    sendingRequestEvent: hook(
      "Sending request finished (spec 6.2)",
      "POSTed to the sending request's top-level `callback_url` when it completes (`document_template_id` set) or errors (`status_message` set).",
      "SendingRequestCallback",
    ),
  };
}

function markDocumentExtensions(document: JsonSchema | undefined) {
  const props = document?.properties as Record<string, JsonSchema> | undefined;
  if (!props) return;
  for (const [key, description] of Object.entries(DOCUMENT_FIELD_EXTENSIONS)) {
    if (props[key]) props[key] = { ...props[key], description, "x-extension": true };
  }
}

/** v1 has no merge_field_identifier nor merge_field_values[][name] (spec 9): zod keeps them as "anything, dropped"; the reference leaves them out. */
function dropV1Absent(schemas: Record<string, JsonSchema>) {
  for (const name of ["SendDocumentRequest", "EmbedDocumentRequest", "PrepareDocumentRequest"]) {
    const props = schemas[name]?.properties as Record<string, JsonSchema> | undefined;
    if (!props) continue;
    delete props.merge_field_identifier;
    const items = (props.merge_field_values as { items?: { properties?: Record<string, unknown> } } | undefined)?.items;
    if (items?.properties) delete items.properties.name;
  }
}
