import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { deriveSecret } from "@/lib/server/secrets";
import { createSelfSignedP12, parseP12, type ParsedP12, type SigningKey } from "./p12";

// The service's own signing certificate, which seals every completed PDF.
// SIGNING_P12_PATH (+ SIGNING_P12_PASSPHRASE) names a PKCS#12 issued by a CA the
// readers trust. Without it a self-signed certificate is generated once and
// kept in DATA_DIR, so that a fresh clone signs without configuration (viewers
// then report the signature intact but the signer unknown). Its passphrase is
// derived from the app secret, so only the .p12 file itself is on disk.

export type SigningIdentity = {
  p12: Buffer;
  passphrase: string;
  /** Subject DN of the signing certificate, e.g. "CN=example.com document signing". */
  subject: string;
  /** SHA-256 fingerprint of the certificate, colon-separated hex (as Node prints it). */
  fingerprintSha256: string;
};

type Loaded = { identity: SigningIdentity; key: SigningKey };

const P12_FILE = "signing-certificate.p12";
const g = globalThis as unknown as { __signingIdentity?: Promise<Loaded> };

/**
 * Loaded once per process. The promise itself is cached, so calls that arrive
 * while the certificate is still being generated wait for the same one; a
 * failure is not cached, so a fixed configuration works without a restart.
 */
function load(): Promise<Loaded> {
  g.__signingIdentity ??= loadUncached().catch((err: unknown) => {
    g.__signingIdentity = undefined;
    throw err;
  });
  return g.__signingIdentity;
}

export async function getSigningIdentity(): Promise<SigningIdentity> {
  return (await load()).identity;
}

/** The private key and certificates parsed from the identity (for sealPdf). */
export async function getSigningKey(): Promise<SigningKey> {
  return (await load()).key;
}

/** For tests that change DATA_DIR or the configuration between cases. */
export function resetSigningIdentityForTesting() {
  g.__signingIdentity = undefined;
}

function loaded(p12: Buffer, passphrase: string, parsed: ParsedP12, source: string): Loaded {
  if (parsed.notAfter.getTime() < Date.now()) {
    // Signatures made with an expired certificate are reported invalid by every viewer.
    console.warn(`The signing certificate from ${source} expired on ${parsed.notAfter.toISOString()}.`);
  }
  const { privateKey, certificate, chain, subject, fingerprintSha256 } = parsed;
  return {
    identity: { p12, passphrase, subject, fingerprintSha256 },
    key: { privateKey, certificate, chain },
  };
}

async function loadUncached(): Promise<Loaded> {
  const e = env();
  if (e.SIGNING_P12_PATH) {
    const file = path.resolve(e.SIGNING_P12_PATH);
    const p12 = await fs.readFile(file).catch((err: Error) => {
      throw new Error(`SIGNING_P12_PATH: cannot read ${file}: ${err.message}`);
    });
    const passphrase = e.SIGNING_P12_PASSPHRASE ?? "";
    return loaded(p12, passphrase, parseP12(p12, passphrase), file);
  }

  const dir = path.resolve(e.DATA_DIR);
  const file = path.join(dir, P12_FILE);
  const passphrase = deriveSecret("signing-p12");
  const p12 = (await readIfExists(file)) ?? (await generate(dir, file, passphrase));
  let parsed: ParsedP12;
  try {
    parsed = parseP12(p12, passphrase);
  } catch (err) {
    // The passphrase is derived from the app secret: a changed APP_SECRET (or a
    // DATA_DIR copied without its app-secret file) cannot open the file any more.
    // Not regenerated silently, so the signing certificate never changes unnoticed.
    throw new Error(
      `${file} cannot be opened with the passphrase derived from the app secret (was APP_SECRET changed?). ` +
        `Restore the previous APP_SECRET, or delete the file to generate a new signing certificate. ${(err as Error).message}`,
    );
  }
  return loaded(p12, passphrase, parsed, file);
}

async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/**
 * Generates the certificate and publishes it race-free across processes: the
 * complete file is written under a temporary name and then hard-linked to the
 * final name, which fails if another process got there first, in which case
 * its certificate wins and ours is discarded. Readers never see a partial
 * file (a plain `wx` write would let them), and no one overwrites a winner (a
 * rename would).
 */
async function generate(dir: string, file: string, passphrase: string): Promise<Buffer> {
  const host = new URL(env().APP_URL).hostname;
  const p12 = await createSelfSignedP12({ commonName: `${host} document signing`, passphrase });
  await fs.mkdir(dir, { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temp, p12, { flag: "wx", mode: 0o600 });
  try {
    await fs.link(temp, file);
    console.warn(`Generated a self-signed document signing certificate in ${file}.`);
    return p12;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return fs.readFile(file);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw err;
    // A filesystem without hard links: exclusive create, second best.
    try {
      await fs.writeFile(file, p12, { flag: "wx", mode: 0o600 });
      return p12;
    } catch (err2) {
      if ((err2 as NodeJS.ErrnoException).code === "EEXIST") return waitForComplete(file);
      throw err2;
    }
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** Only on filesystems without hard links: give a concurrent writer time to finish. */
async function waitForComplete(file: string): Promise<Buffer> {
  let previous = -1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const bytes = await fs.readFile(file);
    if (bytes.length > 0 && bytes.length === previous) return bytes;
    previous = bytes.length;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${file} is still being written by another process, or is empty.`);
}
