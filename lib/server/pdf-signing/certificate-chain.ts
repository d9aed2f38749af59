// X.509 certificates as the verification report shows them, and the
// certification path from a signer upwards through the certificates a PDF
// holds. Pure (node:crypto only, no "server-only"), like read-pdf-signatures.ts.
import crypto from "node:crypto";

/** One X.509 certificate, as the report shows it. */
export type CertificateInfo = {
  /** Subject DN, RDNs in certificate order joined with ", ", e.g. "CN=example.com document signing". */
  subject: string;
  /** The subject's CN, or null. */
  commonName: string | null;
  /** Issuer DN, same form. */
  issuer: string;
  /** Serial number, upper-case hex without separators. */
  serialNumber: string;
  /** ISO 8601. */
  notBefore: string;
  notAfter: string;
  /** SHA-256 of the DER, upper-case colon-separated hex (the form of SigningIdentity.fingerprintSha256). */
  sha256Fingerprint: string;
  /** Issued by itself (subject = issuer and its own key verifies it). */
  selfSigned: boolean;
};

export function certificateInfo(x: crypto.X509Certificate): CertificateInfo {
  const dn = (s: string) => s.split("\n").filter(Boolean).join(", ");
  const cn = /(?:^|\n)CN=([^\n]*)/.exec(x.subject)?.[1] ?? null;
  return {
    subject: dn(x.subject),
    commonName: cn,
    issuer: dn(x.issuer),
    serialNumber: x.serialNumber.toUpperCase(),
    notBefore: new Date(x.validFrom).toISOString(),
    notAfter: new Date(x.validTo).toISOString(),
    sha256Fingerprint: x.fingerprint256,
    selfSigned: isSelfSigned(x),
  };
}

/** Subject = issuer and its own key verifies it (a leaf without keyCertSign too, unlike checkIssued). */
export function isSelfSigned(x: crypto.X509Certificate) {
  return x.subject === x.issuer && safeVerify(x, x);
}

/** Signer first, then issuers found in `pool` (by name and signature), stopping at a self-signed one or a loop. */
export function buildChain(signer: crypto.X509Certificate, pool: Buffer[]): crypto.X509Certificate[] {
  const candidates = unique(pool).flatMap((der) => {
    try {
      return [new crypto.X509Certificate(der)];
    } catch {
      return []; // not a certificate (a damaged or hostile DSS entry): not part of any chain
    }
  });
  const chain = [signer];
  const seen = new Set([signer.fingerprint256]);
  for (let current = signer; chain.length < 10; ) {
    if (isSelfSigned(current)) break;
    const issuer = candidates.find((c) => !seen.has(c.fingerprint256) && current.checkIssued(c) && safeVerify(current, c));
    if (!issuer) break;
    chain.push(issuer);
    seen.add(issuer.fingerprint256);
    current = issuer;
  }
  return chain;
}

function safeVerify(cert: crypto.X509Certificate, issuer: crypto.X509Certificate) {
  try {
    return cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

export function unique(ders: Buffer[]): Buffer[] {
  const seen = new Set<string>();
  return ders.filter((d) => {
    const k = d.toString("base64");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
