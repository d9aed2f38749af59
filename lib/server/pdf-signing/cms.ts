// Reading (not making) CMS SignedData: PDF signatures and RFC 3161 timestamp
// tokens. pkijs parses the ASN.1; Node's crypto checks digests and signatures
// and reads certificates. No "server-only" and only relative imports, so the
// verification report's tests can import it directly.
//
// This checks what the bytes say (digests, signatures, which certificate
// issued which); it does not decide whether a certificate is trusted, revoked
// or was valid at a time: that is the reader's policy, not the file's.
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

export const OID = {
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  rsaPss: "1.2.840.113549.1.1.10",
} as const;

const HASHES: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
  "2.16.840.1.101.3.4.2.4": "sha224",
};
/** Signature algorithms that name their hash (the others use the SignerInfo's digestAlgorithm). */
const SIGNATURE_HASHES: Record<string, string> = {
  "1.2.840.113549.1.1.5": "sha1",
  "1.2.840.113549.1.1.11": "sha256",
  "1.2.840.113549.1.1.12": "sha384",
  "1.2.840.113549.1.1.13": "sha512",
  "1.2.840.10045.4.1": "sha1",
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
};

export const hashName = (oid: string) => HASHES[oid] ?? null;

export function digest(algorithmOid: string, ...parts: Uint8Array[]): Buffer | null {
  const name = hashName(algorithmOid);
  if (!name) return null;
  const h = crypto.createHash(name);
  for (const p of parts) h.update(p);
  return h.digest();
}

const u8 = (b: ArrayBuffer | ArrayBufferView) =>
  b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** The bytes of an OCTET STRING, primitive or (BER) constructed. */
function octets(s: asn1js.OctetString): Uint8Array {
  if (!s.idBlock.isConstructed) return u8(s.valueBlock.valueHexView);
  return Buffer.concat((s.valueBlock.value as asn1js.OctetString[]).map((part) => octets(part)));
}

export type ParsedCms = {
  signedData: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
  /** DER of every certificate the CMS carries, in its order. */
  certificates: Buffer[];
  /** The certificate the SignerInfo names, if the CMS carries it. */
  signerCertificate: crypto.X509Certificate | null;
  /** The encapsulated content (a timestamp token's TSTInfo), if any. */
  content: Uint8Array | null;
};

/** Parses a DER ContentInfo(SignedData); trailing bytes (the zero padding of /Contents) are ignored. */
export function parseCms(der: Uint8Array): ParsedCms {
  const asn1 = asn1js.fromBER(u8(der));
  if (asn1.offset === -1) throw new Error(`not DER: ${asn1.result.error}`);
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  if (info.contentType !== OID.signedData) throw new Error(`not a SignedData (${info.contentType})`);
  const signedData = new pkijs.SignedData({ schema: info.content });
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) throw new Error("the SignedData has no SignerInfo");
  const certificates = (signedData.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => Buffer.from(c.toSchema().toBER(false)));
  const eContent = signedData.encapContentInfo.eContent;
  return {
    signedData,
    signerInfo,
    certificates,
    signerCertificate: findSignerCertificate(signerInfo, certificates),
    content: eContent ? octets(eContent) : null,
  };
}

function findSignerCertificate(signerInfo: pkijs.SignerInfo, certificates: Buffer[]): crypto.X509Certificate | null {
  const parsed = certificates.map((der) => ({ der, pki: pkijs.Certificate.fromBER(new Uint8Array(der)) }));
  const sid = signerInfo.sid;
  for (const { der, pki } of parsed) {
    if (sid instanceof pkijs.IssuerAndSerialNumber) {
      if (pki.serialNumber.isEqual(sid.serialNumber) && pki.issuer.isEqual(sid.issuer)) return new crypto.X509Certificate(der);
    } else if (sid instanceof asn1js.OctetString) {
      const ski = pki.extensions?.find((e) => e.extnID === "2.5.29.14");
      if (ski && Buffer.from(octets(ski.parsedValue as asn1js.OctetString)).equals(Buffer.from(octets(sid)))) {
        return new crypto.X509Certificate(der);
      }
    }
  }
  return null;
}

export function attribute(attrs: pkijs.SignedAndUnsignedAttributes | undefined, oid: string): asn1js.AsnType | null {
  return attrs?.attributes.find((a) => a.type === oid)?.values[0] ?? null;
}

export type CmsCheck = {
  /** The messageDigest attribute equals the hash of `content` (or of the encapsulated content). */
  digestMatches: boolean;
  /** The signature over the signed attributes verifies with the signer certificate's key. */
  signatureValid: boolean;
  digestAlgorithm: string | null;
};

/** Checks a CMS signer over `detached` content (PDF signatures) or its own encapsulated content (timestamp tokens). */
export function checkCms(cms: ParsedCms, detached?: Uint8Array): CmsCheck {
  const { signerInfo, signerCertificate } = cms;
  const digestOid = signerInfo.digestAlgorithm.algorithmId;
  const content = detached ?? cms.content;
  const expected = attribute(signerInfo.signedAttrs, OID.messageDigest);
  const computed = content ? digest(digestOid, content) : null;
  const digestMatches =
    !!computed && expected instanceof asn1js.OctetString && Buffer.from(octets(expected)).equals(computed);

  let signatureValid = false;
  if (signerCertificate && signerInfo.signedAttrs) {
    const signed = Buffer.from(signerInfo.signedAttrs.encodedValue);
    signed[0] = 0x31; // signed as a SET OF, carried as [0] IMPLICIT
    const sigOid = signerInfo.signatureAlgorithm.algorithmId;
    const hash = SIGNATURE_HASHES[sigOid] ?? hashName(digestOid);
    const key: crypto.VerifyKeyObjectInput = { key: signerCertificate.publicKey };
    if (sigOid === OID.rsaPss) {
      key.padding = crypto.constants.RSA_PKCS1_PSS_PADDING;
      key.saltLength = crypto.constants.RSA_PSS_SALTLEN_AUTO;
    } else if (signerCertificate.publicKey.asymmetricKeyType === "ec") {
      key.dsaEncoding = "der";
    }
    try {
      signatureValid = !!hash && crypto.verify(hash, signed, key, u8(signerInfo.signature.valueBlock.valueHexView));
    } catch {
      signatureValid = false;
    }
  }
  return { digestMatches, signatureValid, digestAlgorithm: hashName(digestOid) };
}

export type ParsedTimestamp = {
  cms: ParsedCms;
  time: Date;
  /** The hash the TSA stamped, and its algorithm (OID). */
  imprint: { algorithm: string; hash: Buffer };
  /** The TSA's name from TSTInfo.tsa, as "CN=…, O=…", if it gave one. */
  tsaField: string | null;
};

export function parseTimestampToken(der: Uint8Array): ParsedTimestamp {
  const cms = parseCms(der);
  if (cms.signedData.encapContentInfo.eContentType !== OID.tstInfo || !cms.content) {
    throw new Error("not an RFC 3161 timestamp token");
  }
  const tst = new pkijs.TSTInfo({ schema: asn1js.fromBER(cms.content).result });
  let tsaField: string | null = null;
  if (tst.tsa?.type === 4 && tst.tsa.value instanceof pkijs.RelativeDistinguishedNames) {
    tsaField = formatRdns(tst.tsa.value);
  }
  return {
    cms,
    time: tst.genTime,
    imprint: { algorithm: tst.messageImprint.hashAlgorithm.algorithmId, hash: Buffer.from(octets(tst.messageImprint.hashedMessage)) },
    tsaField,
  };
}

const RDN_NAMES: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.5": "serialNumber",
  "1.2.840.113549.1.9.1": "emailAddress",
};

function formatRdns(rdns: pkijs.RelativeDistinguishedNames): string {
  return rdns.typesAndValues
    .map((tv) => {
      const v = tv.value as { valueBlock?: { value?: unknown } };
      return `${RDN_NAMES[tv.type] ?? tv.type}=${String(v.valueBlock?.value ?? "")}`;
    })
    .join(", ");
}
