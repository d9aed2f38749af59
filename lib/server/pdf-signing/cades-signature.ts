import "server-only";
import crypto from "node:crypto";
import { Signer } from "@signpdf/signpdf";
import {
  NULL,
  bytesOf,
  children,
  objectIdentifier as oid,
  octetString,
  readElement,
  sequence,
  setOf,
  smallInteger,
  sortDer,
  tlv,
} from "./der";

// The CMS (RFC 5652) SignedData that goes into a PDF signature's /Contents, in
// the form PAdES baseline B-B asks for (ETSI EN 319 142-1, CAdES detached):
// signed attributes content-type, message-digest and ESS signing-certificate-v2
// (RFC 5035), and deliberately no signing-time attribute: in PAdES the claimed
// signing time is the /M entry of the signature dictionary.
//
// Built here rather than with @signpdf/signer-p12 because that signer (node-forge
// pkcs7) always adds signing-time, cannot add signing-certificate-v2 (forge
// only serialises three attribute types), and hashes the whole PDF as a
// binary string in JavaScript.

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
};

export type SigningKey = {
  privateKey: crypto.KeyObject;
  /** DER of the certificate that belongs to privateKey. */
  certificate: Buffer;
  /** DER of further certificates to embed (issuers), if any. */
  chain: Buffer[];
};

/** issuer Name and serialNumber INTEGER of a certificate, as DER. */
function issuerAndSerial(certificate: Buffer): { issuer: Buffer; serial: Buffer } {
  const cert = readElement(certificate);
  const [tbs] = children(certificate, cert);
  if (!tbs) throw new Error("Certificate: no tbsCertificate");
  const fields = children(certificate, tbs);
  // TBSCertificate starts with an optional [0] EXPLICIT version.
  const first = fields[0]?.tag === 0xa0 ? 1 : 0;
  const serial = fields[first];
  const issuer = fields[first + 2];
  if (!serial || !issuer) throw new Error("Certificate: malformed tbsCertificate");
  return { issuer: bytesOf(certificate, issuer), serial: bytesOf(certificate, serial) };
}

const attribute = (type: string, value: Buffer) => sequence(oid(type), setOf(value));

/**
 * A detached CMS SignedData over `content` (the PDF bytes outside the
 * /Contents hole), DER-encoded. RSA keys only (PKCS#1 v1.5 with SHA-256).
 */
export function buildCadesSignature(content: Buffer, key: SigningKey): Buffer {
  if (key.privateKey.asymmetricKeyType !== "rsa") {
    throw new Error(`Signing key type ${key.privateKey.asymmetricKeyType} is not supported (RSA only)`);
  }
  const { issuer, serial } = issuerAndSerial(key.certificate);
  const sha256 = sequence(oid(OID.sha256)); // parameters absent (RFC 5754)

  const essCertIdV2 = sequence(
    // hashAlgorithm is omitted: its DEFAULT is SHA-256, and DER forbids encoding defaults.
    octetString(crypto.createHash("sha256").update(key.certificate).digest()),
    // issuerSerial: GeneralNames { directoryName [4] EXPLICIT Name }, serialNumber
    sequence(sequence(tlv(0xa4, issuer)), serial),
  );
  const signedAttributes = sortDer([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(crypto.createHash("sha256").update(content).digest())),
    attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
  ]);
  // The signature covers the attributes encoded as a SET OF (tag 0x31); the
  // SignerInfo carries the same contents under [0] IMPLICIT.
  const signature = crypto.sign("sha256", tlv(0x31, ...signedAttributes), {
    key: key.privateKey,
    padding: crypto.constants.RSA_PKCS1_PADDING,
  });

  const signerInfo = sequence(
    smallInteger(1), // version 1: signer identified by issuerAndSerialNumber
    sequence(issuer, serial),
    sha256,
    tlv(0xa0, ...signedAttributes),
    sequence(oid(OID.rsaEncryption), NULL),
    octetString(signature),
  );
  const signedData = sequence(
    smallInteger(1),
    setOf(sha256),
    sequence(oid(OID.data)), // encapContentInfo without eContent: detached
    tlv(0xa0, key.certificate, ...key.chain), // certificates [0] IMPLICIT, signer's first
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), tlv(0xa0, signedData));
}

/** Adapter to @signpdf/signpdf, which hands over the bytes outside the hole. */
export class CadesSigner extends Signer {
  constructor(private readonly key: SigningKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return buildCadesSignature(pdfBuffer, this.key);
  }
}
