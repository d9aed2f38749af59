import { z } from "zod";
import { timestamp } from "./common";

// Private API tokens (/ext/api_tokens, dashboard settings, `token:create`):
// personal tokens that act for their user with their scopes wherever an OAuth
// access token is accepted, and never expire unless revoked.

/** Every private token starts with this, so authentication looks it up in its own table (one query). */
export const PRIVATE_TOKEN_PREFIX = "pat_";

export const API_TOKEN_SCOPES = ["read write", "read", "write"] as const;

/**
 * `read`, `write` or both, space-separated in any order (as OAuth scopes are
 * written); answered in canonical order, `read write` when absent.
 */
export const apiTokenScope = z
  .string({ error: "must be a string." })
  .optional()
  .transform((v, ctx) => {
    const words = (v ?? "").split(/[\s+]+/).filter(Boolean);
    if (words.length === 0) return "read write";
    if (words.some((w) => w !== "read" && w !== "write")) {
      ctx.addIssue({ code: "custom", message: 'must be "read", "write" or "read write".' });
      return z.NEVER;
    }
    return ["read", "write"].filter((s) => words.includes(s)).join(" ");
  });

export const createApiTokenBody = z.object({
  name: z.string({ error: "is required." }).trim().min(1, "must not be empty.").max(200, "must be at most 200 characters."),
  scope: apiTokenScope,
});
export type CreateApiTokenInput = z.input<typeof createApiTokenBody>;
export type CreateApiTokenBody = z.output<typeof createApiTokenBody>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.string(),
  /** The token's first characters, to tell tokens apart (`pat_AbCd…`). */
  hint: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  /** Only in the answer to create: shown once, stored hashed. */
  token: z.string().optional(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensEnvelope = z.object({ api_tokens: z.array(apiTokenSchema) });
export const apiTokenEnvelope = z.object({ api_token: apiTokenSchema });
