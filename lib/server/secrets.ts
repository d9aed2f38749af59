import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

const g = globalThis as unknown as { __appSecret?: string };

/**
 * The key behind signed file addresses, signer tokens and derived secrets.
 * APP_SECRET when set (required when several instances share a database);
 * otherwise generated once and kept in DATA_DIR so that a fresh clone runs
 * without configuration.
 */
export function getAppSecret(): string {
  if (g.__appSecret) return g.__appSecret;
  const e = env();
  if (e.APP_SECRET) return (g.__appSecret = e.APP_SECRET);
  const dir = path.resolve(e.DATA_DIR);
  const file = path.join(dir, "app-secret");
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return (g.__appSecret = fs.readFileSync(file, "utf8").trim());
}

/** A stable secret for one purpose, so one leaked derived key exposes nothing else. */
export const deriveSecret = (purpose: string) =>
  crypto.createHmac("sha256", getAppSecret()).update(`derive:${purpose}`).digest("base64url");
