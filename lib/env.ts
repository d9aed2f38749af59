import { z } from "zod";

// The only reader of process.env. Every setting is validated here once, and a
// bad value stops start-up with a message naming the variable.

/** The longest PROCESSING_TIMEOUT_SECONDS any instance may have (render-dirs.ts sweeps after twice this). */
export const PROCESSING_TIMEOUT_MAX_SECONDS = 3600;

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
  /** Where files live: "local" (`${DATA_DIR}/files`) or "s3" (an S3-compatible bucket, S3_* below). */
  STORAGE: z.enum(["local", "s3"]).default("local"),
  /** The S3 API's address (MinIO, Ceph, R2…); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (MinIO, Ceph and most self-hosted stores). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * The embedded database's buffer cache (PostgreSQL's shared_buffers), in MB. Without DATABASE_URL
   * only. PGlite touches all of it when it opens, so it is resident memory from the start; pages
   * beyond it are read from the operating system's file cache. At most 1024: PGlite's memory ends at 2 GB.
   * 16 by default, so a server on the embedded database fits a 512 MB instance (~300 MB idle against ~420
   * with PostgreSQL's default of 128); large accounts search a little slower (docs/deploy.md).
   */
  EMBEDDED_DB_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
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
  /**
   * Run the background jobs in the server process (the all-in-one default). `false`: a web instance
   * (`npm run start:web`) whose jobs `npm run worker` processes run (needs DATABASE_URL).
   */
  RUN_WORKER: bool.default(true),
  /**
   * On SIGTERM or SIGINT, how long running jobs may take to finish (seconds) before they are handed
   * back to the queue for another worker; the process exits within this plus a few seconds (< 30).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(23).default(20), // + up to 6 s of closing: exit < 30 s
  /** Memory an upload's processing may add to the process (MB) before it is stopped (run-in-worker.ts; plus 64 MB per worker on its first job, worker-pool.ts). */
  PROCESSING_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(256),
  /**
   * What draws the page images of uploads and signed documents: "pdftoppm" (poppler's renderers, ~2× faster:
   * pdftocairo the page images, pdftoppm the thumbnails; docs/processing.md), "pdfjs" (pdf.js in the workers),
   * "auto" (poppler when pdftoppm, pdftocairo and prlimit are installed).
   */
  PROCESSING_RENDERER: z.enum(["auto", "pdftoppm", "pdfjs"]).default("auto"),
  /** Time an upload's processing may take (seconds) before it is stopped. */
  PROCESSING_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(PROCESSING_TIMEOUT_MAX_SECONDS).default(120),
  /**
   * API rate limits per private token, or per application and user (docs/api-decisions.md,
   * "Rate limits"): send operations (send_document, embed_document, prepare_document,
   * sending-request create) per minute and per hour, other writes and reads per minute.
   */
  RATE_LIMIT_SEND_PER_MINUTE: rateLimit(60),
  RATE_LIMIT_SEND_PER_HOUR: rateLimit(240),
  RATE_LIMIT_WRITE_PER_MINUTE: rateLimit(300),
  RATE_LIMIT_READ_PER_MINUTE: rateLimit(1200),
  /** Lowest level of the JSON log lines on stdout (pino). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Set: /metrics wants `Authorization: Bearer <METRICS_TOKEN>`. Unset: /metrics is open. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** `npm run worker` only: answer /healthz, /readyz and /metrics on this port (workers have no web server). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * How long a resolved API token stays in the process's cache (seconds; 0: no cache). Revocations
   * reach every instance at once (LISTEN/NOTIFY); this bounds changes made behind the service's back.
   */
  AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(10).default(2),
  /**
   * Memory (MB; 0: none) for the process's cache of document list and document answers, each served
   * again only while the database says nothing it shows has changed (lib/server/answer-cache).
   */
  ANSWER_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** Benchmark-only routes (`/public/bench/constant`, bench/api); they answer 404 unless this is set. */
  BENCH_ROUTES: bool.default(false),
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
  if (v.STORAGE === "s3") {
    const missing = s3SettingsProblems(v);
    if (missing.length) throw new Error(`Invalid configuration:\n${missing.map((m) => `  ${m}`).join("\n")}`);
  }
  const appUrl = (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  // The demo account has a password printed in the README: created by default
  // only for `npm run dev` (NODE_ENV=development), never by default in production.
  const seedDemo = v.SEED_DEMO === undefined ? v.NODE_ENV === "development" : v.SEED_DEMO === "true" || v.SEED_DEMO === "1";
  return { ...v, APP_URL: appUrl, embedded: !v.DATABASE_URL, SEED_DEMO: seedDemo };
}

/**
 * What object storage needs beyond STORAGE=s3, one line per missing variable (never a value: the
 * secret key must not reach a log). Also used by the copy command, which runs before STORAGE=s3.
 */
export function s3SettingsProblems(v: Pick<Env, "S3_BUCKET" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">): string[] {
  const out: string[] = [];
  if (!v.S3_BUCKET) out.push("S3_BUCKET: is required for object storage (STORAGE=s3)");
  if (!v.S3_REGION) out.push('S3_REGION: is required for object storage (STORAGE=s3; "us-east-1" for most self-hosted stores, "auto" for R2)');
  if (v.S3_ACCESS_KEY_ID && !v.S3_SECRET_ACCESS_KEY) out.push("S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set");
  if (!v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY) out.push("S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set");
  return out;
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
