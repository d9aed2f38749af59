import "server-only";
import crypto from "node:crypto";
import { promisify } from "node:util";
import forge from "node-forge";

// PKCS#12 in and out. node-forge does the PKCS#12 container (Node's crypto
// has no PKCS#12 support); everything else (key generation, signing, hashing)
// uses Node's native crypto, which is much faster.

export type SigningKey = {
  privateKey: crypto.KeyObject;
  /** DER of the certificate that belongs to privateKey. */
  certificate: Buffer;
  /** DER of further certificates to embed (issuers), if any. */
  chain: Buffer[];
};

export type ParsedP12 = SigningKey & { subject: string; fingerprintSha256: string; notAfter: Date };

const toBinary = (b: Buffer) => forge.util.createBuffer(b.toString("binary"));
const fromBinary = (s: string) => Buffer.from(s, "binary");

/**
 * Opens a PKCS#12 and finds the certificate that belongs to its private key.
 * Throws with a readable message on a wrong passphrase or a non-RSA key
 * (node-forge parses RSA keys only).
 */
export function parseP12(p12: Buffer, passphrase: string): ParsedP12 {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(toBinary(p12)), false, passphrase);
  } catch (err) {
    throw new Error(`Cannot open the signing PKCS#12 (wrong passphrase or unsupported format): ${(err as Error).message}`);
  }
  const bags = [
    ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag!] ?? []),
  ];
  const forgeKey = bags.find((b) => b.key)?.key;
  if (!forgeKey) throw new Error("The signing PKCS#12 holds no RSA private key");
  const privateKey = crypto.createPrivateKey(forge.pki.privateKeyToPem(forgeKey));

  const certBags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag!] ?? [];
  const certificates = certBags.flatMap((bag) => {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : (bag as { asn1?: forge.asn1.Asn1 }).asn1;
    return asn1 ? [fromBinary(forge.asn1.toDer(asn1).getBytes())] : [];
  });
  const publicKey = crypto.createPublicKey(privateKey).export({ type: "spki", format: "der" });
  const own = certificates.find((der) =>
    new crypto.X509Certificate(der).publicKey.export({ type: "spki", format: "der" }).equals(publicKey),
  );
  if (!own) throw new Error("The signing PKCS#12 holds no certificate for its private key");

  const x509 = new crypto.X509Certificate(own);
  return {
    privateKey,
    certificate: own,
    chain: certificates.filter((c) => c !== own),
    subject: x509.subject.split("\n").join(", "),
    fingerprintSha256: x509.fingerprint256,
    notAfter: new Date(x509.validTo),
  };
}

const generateKeyPair = promisify(crypto.generateKeyPair);

/**
 * A self-signed document-signing certificate in a passphrase-protected
 * PKCS#12. Key usage digitalSignature + nonRepudiation; extended key usage
 * emailProtection (what NSS, and so pdfsig/Firefox, checks for signers) and
 * Microsoft's document signing 1.3.6.1.4.1.311.10.3.12.
 */
export async function createSelfSignedP12(opts: {
  commonName: string;
  passphrase: string;
  years?: number;
  modulusLength?: number;
}): Promise<Buffer> {
  // Native generation: forge's JavaScript RSA-3072 generation takes seconds.
  const { privateKey, publicKey } = await generateKeyPair("rsa", { modulusLength: opts.modulusLength ?? 3072 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());

  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  const serial = crypto.randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive and exactly 16 bytes (RFC 5280: at most 20)
  cert.serialNumber = serial.toString("hex");
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 5 * 60_000); // tolerate small clock skew of verifiers
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(cert.validity.notAfter.getUTCFullYear() + (opts.years ?? 10));
  // UTF8String: forge's default PrintableString cannot hold "_" or "[", both possible
  // in a host. (forge reads valueTagClass as the value's tag; @types mislabels it Class.)
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const name = [{ name: "commonName", value: opts.commonName, valueTagClass: utf8 }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false, critical: true },
    { name: "keyUsage", critical: true, digitalSignature: true, nonRepudiation: true },
    { name: "extKeyUsage", emailProtection: true, "1.3.6.1.4.1.311.10.3.12": true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());

  const pfx = forge.pkcs12.toPkcs12Asn1(key, [cert], opts.passphrase, {
    algorithm: "aes256",
    friendlyName: opts.commonName,
    generateLocalKeyId: true,
    count: 10_000,
  });
  return fromBinary(forge.asn1.toDer(pfx).getBytes());
}
