import "server-only";
import crypto from "node:crypto";
import { PDF, type DigestAlgorithm, type KeyType, type SignatureAlgorithm, type Signer } from "@libpdf/core";
import { env } from "@/lib/env";
import type { SigningKey } from "./p12";
import type { PadesLevel } from "./read-pdf-signatures";
import { getSigningKey } from "./signing-identity";
import { timestampAuthorityFromEnv } from "./timestamp-authority";

// Seals a PDF with the service's certificate, with @libpdf/core: an invisible
// signature field, SubFilter ETSI.CAdES.detached, added as an incremental
// update (earlier signatures stay valid), whose /ByteRange covers every byte
// of the file except the /Contents hole, so any later change to a signed byte
// is detected.
//
// Without TSA_URLS: PAdES B-B, the signature alone.
// With TSA_URLS: PAdES B-LTA, in three incremental updates:
//   1. the signature, with an RFC 3161 signature timestamp in the CMS (B-T);
//   2. a DSS with the certificates of the signer and of the TSA (and what
//      revocation data their certificates point to: OCSP responses, CRLs) (B-LT);
//   3. a document timestamp (/DocTimeStamp, ETSI.RFC3161) over all of it (B-LTA).
// The document timestamp is the last revision, so it covers the whole file.
// Its own TSA certificates are in its token (and, from step 2, in the DSS when
// the same TSA answered); validation data for it alone is what a later
// archive-timestamp renewal would add, as ETSI EN 319 142-1 allows.
//
// A signing identity without OCSP/CRL addresses (the generated self-signed
// certificate, or an own CA that publishes none) has no revocation data to
// embed: the DSS then holds the certificates only, and a verifier decides on
// the signer by trusting (or not) that certificate itself. See
// docs/api-decisions.md, "Long-term signatures".
//
// If no TSA answers, sealing throws: the completion job fails and is retried
// (pg-boss, then the sweeper) rather than producing a weaker file.
//
// Known deviation, from the library: its CMS carries a signing-time signed
// attribute (the same time as /M), which ETSI EN 319 142-1 asks PAdES
// baseline signatures to leave out. pdfsig and the other validators we tried
// accept it; the trusted time is the signature timestamp either way.

export type SignPdfMeta = {
  /** /Reason. Plain text; avoid parentheses and backslashes (@libpdf/core escapes them twice). */
  reason: string;
  location?: string;
  contactInfo?: string;
  /** Claimed signing time (/M). Default: now. */
  signedAt?: Date;
};

export type SealedPdf = {
  /** The signed PDF (a fresh ArrayBuffer, so it can go straight into a Response or fetch body). */
  bytes: Uint8Array<ArrayBuffer>;
  /** The PAdES baseline level it was sealed at. */
  level: PadesLevel;
};

/** The level sealPdf produces with the current configuration. */
export function configuredSignatureLevel(): PadesLevel {
  return env().TSA_URLS.length > 0 ? "B-LTA" : "B-B";
}

/** Our PKCS#12 key as a @libpdf/core Signer; Node's crypto signs. */
class KeyObjectSigner implements Signer {
  readonly certificate: Uint8Array;
  readonly certificateChain: Uint8Array[];
  readonly keyType: KeyType;
  readonly signatureAlgorithm: SignatureAlgorithm;

  constructor(private readonly key: SigningKey) {
    this.certificate = new Uint8Array(key.certificate);
    this.certificateChain = key.chain.map((c) => new Uint8Array(c));
    const ec = key.privateKey.asymmetricKeyType === "ec";
    this.keyType = ec ? "EC" : "RSA";
    this.signatureAlgorithm = ec ? "ECDSA" : "RSASSA-PKCS1-v1_5";
  }

  async sign(data: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    const hash = algorithm.replace("-", "").toLowerCase(); // "SHA-256" → "sha256"
    const key = this.keyType === "EC" ? { key: this.key.privateKey, dsaEncoding: "der" as const } : this.key.privateKey;
    return new Uint8Array(crypto.sign(hash, data, key));
  }
}

const fresh = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
};

/** Seals `pdf` at the configured level (B-LTA with TSA_URLS, else B-B). Throws if no TSA answers. */
export async function sealPdf(pdf: Uint8Array, meta: SignPdfMeta): Promise<SealedPdf> {
  const signer = new KeyObjectSigner(await getSigningKey());
  const doc = await PDF.load(pdf);
  const common = {
    signer,
    reason: meta.reason,
    location: meta.location || undefined,
    contactInfo: meta.contactInfo || undefined,
    signingTime: meta.signedAt ?? new Date(),
    subFilter: "ETSI.CAdES.detached" as const,
    digestAlgorithm: "SHA-256" as const,
    // The CMS holds the certificates (and, B-T on, the TSA's token with its chain).
    estimatedSize: 16384 + signer.certificate.length + signer.certificateChain.reduce((s, c) => s + c.length, 0),
  };

  const tsa = timestampAuthorityFromEnv();
  if (!tsa) {
    const { bytes } = await doc.sign({ ...common, level: "B-B" });
    return { bytes: fresh(bytes), level: "B-B" };
  }
  const signed = await doc.sign({ ...common, level: "B-LT", timestampAuthority: tsa });
  for (const w of signed.warnings) console.warn(`[seal-pdf] ${w.code}: ${w.message}`);
  const { bytes } = await doc.addTimestamp({ timestampAuthority: tsa, longTermValidation: false, estimatedSize: 16384 });
  return { bytes: fresh(bytes), level: "B-LTA" };
}
