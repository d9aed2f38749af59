import { z } from "zod";

// The only reader of process.env. Every setting is validated here once, and a
// bad value stops start-up with a message naming the variable.

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** Requests per window: a whole number from 1 (the counters are 32-bit). */
const rateLimit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000_000).default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DASHBOARD_CLIENT_ID: z.string().min(8).default("dashboard"),
  DASHBOARD_CLIENT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The API deployment the dashboard talks to (default: this app). */
  API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Key of the dashboard's session cookies (default: derived from APP_SECRET). */
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** The service's PDF signing certificate (PKCS#12, RSA). Default: a self-signed one generated into DATA_DIR. */
  SIGNING_P12_PATH: z.string().min(1).optional().or(z.literal("").transform(() => undefined)),
  SIGNING_P12_PASSPHRASE: z.string().optional(),
  /**
   * RFC 3161 time-stamping authorities, comma-separated http(s) URLs, tried in order. Set: executed PDFs
   * are sealed at PAdES B-LTA, and completion waits (retries) while none answers. Unset: PAdES B-B.
   */
  TSA_URLS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const urls = (v ?? "").split(",").map((u) => u.trim()).filter(Boolean);
      for (const u of urls) {
        let ok = false;
        try {
          ok = /^https?:$/.test(new URL(u).protocol);
        } catch {}
        if (!ok) ctx.addIssue({ code: "custom", message: `"${u}" is not an http(s) URL` });
      }
      return urls;
    }),
  /** How long one time-stamping authority may take to answer (seconds) before the next is tried. */
  TSA_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  /**
   * Create the demo account (a published password). Unset means "only in
   * development" (`npm run dev`); `npm start` never seeds it unless this is
   * set to true explicitly. Resolved in loadEnv.
   */
  SEED_DEMO: z.enum(["true", "false", "1", "0"]).optional(),
  CALLBACKS_ALLOW_PRIVATE_NETWORKS: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Signing Service <no-reply@localhost>"),
  /** How long a sign-up's confirmation link works (hours; fractions allowed). */
  EMAIL_CONFIRMATION_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  RUN_WORKER: bool.default(true),
  /** Memory an upload's processing may add to the process (MB) before it is stopped (run-in-worker.ts). */
  PROCESSING_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(256),
  /** Time an upload's processing may take (seconds) before it is stopped. */
  PROCESSING_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /**
   * API rate limits per private token, or per application and user (docs/api-decisions.md,
   * "Rate limits"): send operations (send_document, embed_document, prepare_document,
   * sending-request create) per minute and per hour, other writes and reads per minute.
   */
  RATE_LIMIT_SEND_PER_MINUTE: rateLimit(60),
  RATE_LIMIT_SEND_PER_HOUR: rateLimit(240),
  RATE_LIMIT_WRITE_PER_MINUTE: rateLimit(300),
  RATE_LIMIT_READ_PER_MINUTE: rateLimit(1200),
});

export type Env = Omit<z.infer<typeof schema>, "SEED_DEMO"> & { APP_URL: string; embedded: boolean; SEED_DEMO: boolean };

function loadEnv(): Env {
  // An empty assignment (`APP_SECRET=` in a copied .env.example) means "use the default".
  const given = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const v = parsed.data;
  const appUrl = (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  // The demo account has a password printed in the README: created by default
  // only for `npm run dev` (NODE_ENV=development), never by default in production.
  const seedDemo = v.SEED_DEMO === undefined ? v.NODE_ENV === "development" : v.SEED_DEMO === "true" || v.SEED_DEMO === "1";
  return { ...v, APP_URL: appUrl, embedded: !v.DATABASE_URL, SEED_DEMO: seedDemo };
}

const globalForEnv = globalThis as unknown as { __env?: Env };

/** Validated configuration; parsed on first use so `next build` never needs it. */
export function env(): Env {
  globalForEnv.__env ??= loadEnv();
  return globalForEnv.__env;
}

/** For tests and the CLI, which change settings before anything reads them. */
export function resetEnvForTesting() {
  globalForEnv.__env = undefined;
}
