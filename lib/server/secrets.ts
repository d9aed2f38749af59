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
  if (!fs.existsSync(file)) {
    // Written whole under a temporary name, then linked into place: a second
    // process starting at the same moment either wins the link or reads the
    // complete winner, never a half-written file.
    const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(temp, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.unlinkSync(temp);
    }
  }
  return (g.__appSecret = fs.readFileSync(file, "utf8").trim());
}

/** A stable secret for one purpose, so one leaked derived key exposes nothing else. */
export const deriveSecret = (purpose: string) =>
  crypto.createHmac("sha256", getAppSecret()).update(`derive:${purpose}`).digest("base64url");
