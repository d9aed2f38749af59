import { z } from "zod";

// zod 4's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1),
// tidied for an OpenAPI document: no per-schema $schema/$id, and integers
// without zod's safe-integer bounds (noise in a reference).

export type JsonSchema = Record<string, unknown>;

const SAFE = Number.MAX_SAFE_INTEGER;

function tidy<T>(node: T): T {
  if (Array.isArray(node)) return node.map(tidy) as T;
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "$schema" || k === "$id") continue;
    if ((k === "minimum" && v === -SAFE) || (k === "maximum" && v === SAFE)) continue;
    out[k] = tidy(v);
  }
  return out as T;
}

const params = (io: "input" | "output") => ({ target: "draft-2020-12" as const, io, unrepresentable: "any" as const });

/**
 * Converts named schemas together, so that a named schema used inside another
 * becomes a `$ref` to `#/components/schemas/<name>`. `io` picks the side of
 * transforms: requests are described by what a client sends (input), answers
 * by what the service sends (output).
 */
export function componentSchemas(named: Map<z.ZodType, string>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { ...params(io), uri: (id) => `#/components/schemas/${id}` });
  return tidy(out.schemas as Record<string, JsonSchema>);
}

/** One schema on its own (query parameters). */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return tidy(z.toJSONSchema(schema, params(io)) as JsonSchema);
}
