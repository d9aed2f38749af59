// Checks answers of the service against its OpenAPI documents
// (/public/v1|v2/openapi.json): the path and method are documented, the status
// is declared for that operation, and a JSON body is valid against the
// declared schema (ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1).
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

export type OpenApiDoc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>>;
  components: { schemas: Record<string, unknown> };
};

export type Answer = { method: string; path: string; status: number; contentType: string; text: string };

/** Paths of the API the documents describe; other addresses (pages, files, uploads, signer calls) are not in them. */
export const DOCUMENTED_AREA = /^\/(public\/v[12]|oauth|ext)(\/|$)/;

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: { version: string; template: string; pattern: RegExp; literal: number }[] = [];

  constructor(private readonly docs: Record<"v1" | "v2", OpenApiDoc>) {
    for (const [version, doc] of Object.entries(docs)) {
      this.ajv.addSchema({ $id: `${version}.json`, components: { schemas: doc.components.schemas } });
      for (const template of Object.keys(doc.paths)) {
        const pattern = new RegExp("^" + template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+") + "$");
        this.routes.push({ version, template, pattern, literal: template.replace(/\{[^}]+\}/g, "").length });
      }
    }
    // Literal segments win over templates (`/ext/documents/needs_my_signature` before `/ext/documents/{id}`).
    this.routes.sort((a, b) => b.literal - a.literal);
  }

  /** Why the answer does not follow the document, or null when it does (or the path is outside the documented API). */
  check(a: Answer): string | null {
    const path = a.path.length > 1 ? a.path.replace(/\/+$/, "") : a.path;
    if (!DOCUMENTED_AREA.test(path)) return null;
    if (/\/openapi\.json$/.test(path)) return null;
    const version = path.startsWith("/public/v1") ? "v1" : "v2";
    const label = `${a.method} ${a.path} → ${a.status}`;
    const body = parse(a);
    const route = this.routes.find((r) => r.version === version && r.pattern.test(path));
    // Unknown paths and methods are answered by the conventions the document states (404 `Not found.`, 405 with Allow).
    if (!route) return a.status === 404 && isErrorBody(body) ? null : `${label}: the path is not in the ${version} document`;
    const method = a.method.toLowerCase();
    const op = this.docs[version as "v1" | "v2"].paths[route.template]![method];
    if (!op) {
      if (a.method === "HEAD" || a.method === "OPTIONS") return null;
      if (a.status === 405 && isErrorBody(body)) return null;
      // spec 9: a v2-only operation answers 404 in v1.
      if (a.status === 404 && isErrorBody(body)) return null;
      return `${label}: ${a.method} ${route.template} is not in the ${version} document`;
    }
    const key = String(a.status) in op.responses ? String(a.status) : `${String(a.status)[0]}XX` in op.responses ? `${String(a.status)[0]}XX` : "default" in op.responses ? "default" : null;
    if (!key) return `${label}: status ${a.status} is not declared for ${a.method} ${route.template} (declared: ${Object.keys(op.responses).join(", ")})`;
    const declared = op.responses[key]!;
    const ref = declared.content?.["application/json"]?.schema?.$ref;
    if (!ref) {
      if (a.status === 204 && a.text !== "") return `${label}: a 204 with a body`;
      return null;
    }
    if (!a.contentType.includes("json")) return `${label}: declared JSON, answered ${a.contentType || "no content type"}`;
    const validate = this.validator(version, ref);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
      return `${label}: body does not match ${ref}: ${errors.join("; ")} — ${a.text.slice(0, 200)}`;
    }
    return null;
  }

  private validator(version: string, ref: string): ValidateFunction {
    const key = `${version}${ref}`;
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile({ $ref: `${version}.json${ref}` });
      this.validators.set(key, v);
    }
    return v;
  }
}

function parse(a: Answer): unknown {
  if (!a.contentType.includes("json")) return a.text;
  try {
    return a.text ? JSON.parse(a.text) : undefined;
  } catch {
    return a.text;
  }
}

const isErrorBody = (b: unknown) => !!b && typeof b === "object" && typeof (b as { error?: unknown }).error === "string";
