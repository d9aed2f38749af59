// The signatures in a PDF, read and checked one by one: the facts behind the
// verification report (/verify, POST /verify). Pure (bytes in, report out; no
// database, no key, no "server-only"), so it may be imported by tests;
// inspect-pdf-signatures.ts is the server's entry point that also says which
// signature is ours.
//
// The signatures are found by scanning the bytes for /ByteRange arrays (every
// signature dictionary has one, in every revision, and signature dictionaries
// are never inside compressed object streams since their /Contents must be
// patched in place). Field names and the DSS are read through @libpdf/core.
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import { PDF, PdfArray, PdfRef, PdfStream, type PdfObject, type SignatureField } from "@libpdf/core";
import { buildChain, certificateInfo, isSelfSigned, unique, type CertificateInfo } from "./certificate-chain";
import { OID, attribute, checkCms, digest, parseCms, parseTimestampToken, type ParsedCms, type ParsedTimestamp } from "./cms";

export type { CertificateInfo } from "./certificate-chain";
export { certificateInfo } from "./certificate-chain";

/** PAdES baseline levels (ETSI EN 319 142-1). */
export type PadesLevel = "B-B" | "B-T" | "B-LT" | "B-LTA";

/** An RFC 3161 timestamp: a signature timestamp inside a CMS, or a document timestamp itself. */
export type TimestampInfo = {
  /** genTime, ISO 8601: when the TSA saw the hash. */
  time: string;
  /** The TSA: its certificate's CN (else the TSTInfo tsa name, else null). */
  tsaName: string | null;
  tsaCertificate: CertificateInfo | null;
  /** The token's message imprint equals the hash of what it stamps (the signature value; for a document timestamp, the byte range). */
  imprintMatches: boolean;
  /** The token's own CMS: digest of the TSTInfo and the TSA's signature both check. */
  tokenValid: boolean;
};

export type SignatureReport = {
  kind: "signature" | "document-timestamp";
  /** Fully qualified name of the signature field that holds it, or null if no field points at it. */
  fieldName: string | null;
  /** /SubFilter: "ETSI.CAdES.detached", "adbe.pkcs7.detached", "ETSI.RFC3161"… */
  subFilter: string | null;
  /** [offset1, length1, offset2, length2]: the signed bytes are the two ranges, the gap is the /Contents hex string. */
  byteRange: [number, number, number, number];
  integrity: {
    /**
     * The hash of the byte range equals what the signature claims (CMS messageDigest; for a document
     * timestamp, the token's message imprint). False after any change to a signed byte.
     */
    digestMatches: boolean;
    /** The signature over that claim verifies with the signer certificate's key (for a timestamp: the token is valid). */
    signatureValid: boolean;
    /** The byte range starts at 0 and its gap is exactly the /Contents value. */
    byteRangeWellFormed: boolean;
    /** The signed range reaches the end of the file: nothing was added after this signature. */
    coversWholeDocument: boolean;
    /** Bytes after the signed range (0 when coversWholeDocument). Later signatures, a DSS or any other incremental update. */
    bytesAppendedAfter: number;
  };
  /** The certificate that made the signature (for a document timestamp: the TSA's). */
  signer: CertificateInfo | null;
  /**
   * Certification path from the signer upwards, signer first, each next one its issuer, as far as the
   * certificates in the file (CMS, timestamp tokens, DSS) reach; ends with a self-signed root if the file has it.
   */
  chain: CertificateInfo[];
  /** Claimed signing time (ISO): the CMS signing-time attribute, else the dictionary's /M; for a document timestamp, its genTime. Not proof: see `timestamp`. */
  signingTime: string | null;
  /** The signature timestamp (RFC 3161, proof of time), or for a document timestamp the timestamp itself; null if none. */
  timestamp: TimestampInfo | null;
  /**
   * PAdES baseline level by what is present, for ETSI.CAdES.detached signatures (null otherwise and for
   * document timestamps): B-B; B-T with a signature timestamp (or a document timestamp over it); B-LT when
   * the DSS also holds the signer's certificate; B-LTA when a document timestamp covers the DSS.
   */
  padesLevel: PadesLevel | null;
  /** The signer certificate is exactly this service's signing certificate (same DER). */
  issuedByThisService: boolean;
  /** /Reason of the signature dictionary, if any. */
  reason: string | null;
  /** What could not be read (a damaged CMS, an unknown digest algorithm…); empty when everything was read. */
  problems: string[];
};

export type ReadOptions = {
  /** DER of the service's signing certificate, for `issuedByThisService`. */
  serviceCertificate?: Uint8Array | null;
};

/** At most this many signatures are read from one file. */
export const MAX_SIGNATURES = 100;

/** Validation data in the Document Security Store (/DSS of the catalog). */
type Dss = { certificates: Buffer[]; crls: number; ocspResponses: number; offset: number | null };

const latin1 = (pdf: Uint8Array, start: number, end: number) =>
  Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1", Math.max(0, start), Math.min(pdf.length, end));

type Found = { at: number; range: [number, number, number, number] };

/** Every well-formed /ByteRange [a b c d] in the file, in file order. */
export function findByteRanges(pdf: Uint8Array): Found[] {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const out: Found[] = [];
  for (let at = buf.indexOf("/ByteRange"); at !== -1; at = buf.indexOf("/ByteRange", at + 10)) {
    const m = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(latin1(pdf, at, at + 120));
    if (m) out.push({ at, range: [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] });
  }
  return out;
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/** The gap [start, end) is exactly one hex string, the value of a /Contents key. */
function gapIsContents(pdf: Uint8Array, start: number, end: number): boolean {
  if (end > pdf.length || pdf[start] !== 0x3c || pdf[end - 1] !== 0x3e) return false; // < ... >
  for (let i = start + 1; i < end - 1; i++) {
    const c = pdf[i]!;
    if (!isHex(c) && !isSpace(c)) return false;
  }
  let k = start - 1;
  while (k >= 0 && isSpace(pdf[k]!)) k--;
  return k >= 8 && latin1(pdf, k - 8, k + 1) === "/Contents";
}

/** The signature dictionary's own text (from its "n g obj" to "endobj"), with the /Contents gap left out. */
function dictionaryText(pdf: Uint8Array, found: Found): string {
  const [, b, c] = found.range;
  const low = Math.min(found.at, b);
  const high = Math.max(found.at, c);
  const before = latin1(pdf, low - 4096, low);
  const heads = [...before.matchAll(/\d+\s+\d+\s+obj\b/g)];
  const head = heads[heads.length - 1];
  const start = head ? low - before.length + head.index : Math.max(0, low - 512);
  const tail = latin1(pdf, high, high + 4096);
  const endobj = tail.indexOf("endobj");
  const end = high + (endobj === -1 ? Math.min(512, tail.length) : endobj);
  return b >= start && c <= end ? latin1(pdf, start, b) + "<>" + latin1(pdf, c, end) : latin1(pdf, start, end);
}

function hexToBytes(pdf: Uint8Array, start: number, end: number): Uint8Array {
  const hex = latin1(pdf, start + 1, end - 1).replace(/[^0-9A-Fa-f]/g, "");
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex");
}

/** PDF date "D:YYYYMMDDHHmmSSOHH'mm'" (parts after the year optional). */
export function parsePdfDate(s: string): Date | null {
  const m = /^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?'?/.exec(s.trim());
  if (!m) return null;
  const [, y, mo = "01", d = "01", h = "00", mi = "00", se = "00", sign, oh = "00", om = "00"] = m;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  if (sign === "+" || sign === "-") t -= (sign === "+" ? 1 : -1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return Number.isNaN(t) ? null : new Date(t);
}

/** A literal string's text (escapes and UTF-16BE with BOM decoded); hex strings too. */
function pdfStringValue(text: string, key: string): string | null {
  const lit = new RegExp(`/${key}\\s*\\(((?:\\\\.|[^\\\\)])*)\\)`, "s").exec(text);
  let bytes: Buffer | null = null;
  if (lit) {
    const raw = lit[1]!.replace(/\\([nrtbf()\\]|[0-7]{1,3}|\r?\n)/g, (_, e: string) => {
      const map: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", "(": "(", ")": ")", "\\": "\\" };
      if (map[e] !== undefined) return map[e]!;
      if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8) & 0xff);
      return "";
    });
    bytes = Buffer.from(raw, "latin1");
  } else {
    const hex = new RegExp(`/${key}\\s*<([0-9A-Fa-f\\s]*)>`).exec(text);
    if (hex) bytes = Buffer.from(hex[1]!.replace(/\s/g, ""), "hex");
  }
  if (!bytes) return null;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString("utf16le");
  return bytes.toString("latin1");
}

/** Field names by byte range ("a b c d"), and the DSS, read with @libpdf/core. Nothing (not an error) if the file cannot be parsed. */
async function readStructure(pdf: Uint8Array): Promise<{ fieldNames: Map<string, string>; dss: Dss }> {
  const fieldNames = new Map<string, string>();
  const dss: Dss = { certificates: [], crls: 0, ocspResponses: 0, offset: null };
  const m = /\/DSS[\s/<\d]/.exec(latin1(pdf, 0, pdf.length));
  dss.offset = m ? m.index : null;
  try {
    const doc = await PDF.load(pdf);
    const resolve = (ref: PdfRef) => doc.getObject(ref);
    for (const f of doc.getForm()?.getFields() ?? []) {
      if (f.type !== "signature") continue;
      const field = f as SignatureField;
      if (!field.isSigned()) continue;
      const range = field.getSignatureDict()?.getArray("ByteRange", resolve);
      if (range) fieldNames.set(numbers(range, resolve).join(" "), field.name);
    }
    const store = doc.getCatalog().getDict("DSS", resolve);
    if (store) {
      const streams = (key: string) =>
        (store.getArray(key, resolve)?.toArray() ?? []).flatMap((item: PdfObject) => {
          const obj = item instanceof PdfRef ? resolve(item) : item;
          return obj instanceof PdfStream ? [Buffer.from(obj.getDecodedData())] : [];
        });
      dss.certificates = streams("Certs");
      dss.crls = streams("CRLs").length;
      dss.ocspResponses = streams("OCSPs").length;
    }
  } catch {
    // A damaged file: the byte scan still reports its signatures.
  }
  return { fieldNames, dss };
}

function numbers(array: PdfArray, resolve: (ref: PdfRef) => PdfObject | null): number[] {
  return array.toArray().map((item) => {
    const v = item instanceof PdfRef ? resolve(item) : item;
    return v && "value" in v && typeof v.value === "number" ? v.value : NaN;
  });
}

type Partial = {
  report: SignatureReport;
  signedEnd: number;
  signerDer: Buffer | null;
  hasSignatureTimestamp: boolean;
};

function timestampInfo(ts: ParsedTimestamp, stamped: Uint8Array | null): TimestampInfo {
  const check = checkCms(ts.cms);
  const computed = stamped ? digest(ts.imprint.algorithm, stamped) : null;
  const tsa = ts.cms.signerCertificate;
  return {
    time: ts.time.toISOString(),
    tsaName: (tsa && /(?:^|\n)CN=([^\n]*)/.exec(tsa.subject)?.[1]) ?? ts.tsaField,
    tsaCertificate: tsa ? certificateInfo(tsa) : null,
    imprintMatches: !!computed && computed.equals(ts.imprint.hash),
    tokenValid: check.digestMatches && check.signatureValid,
  };
}

/**
 * Reads every signature and document timestamp in `pdf`, in file order
 * (oldest first). Never throws for a damaged or unsigned file: an unsigned
 * file gives [], a damaged signature a report with `problems`.
 */
export async function readPdfSignatures(pdf: Uint8Array, options: ReadOptions = {}): Promise<SignatureReport[]> {
  const all = findByteRanges(pdf);
  if (all.length === 0) return [];
  // Each signature hashes up to the whole file: a bound, so a file with thousands of /ByteRange arrays costs no more than this many.
  const found = all.slice(0, MAX_SIGNATURES);
  const { fieldNames, dss } = await readStructure(pdf);
  const service = options.serviceCertificate ? Buffer.from(options.serviceCertificate) : null;
  const pool: Buffer[] = [...dss.certificates];
  const partials: Partial[] = [];

  for (const f of found) {
    const [a, b, c, d] = f.range;
    const text = dictionaryText(pdf, f);
    const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(text)?.[1] ?? null;
    const isDocTimestamp = /\/Type\s*\/DocTimeStamp\b/.test(text) || subFilter === "ETSI.RFC3161";
    const wellFormed = a === 0 && b > 0 && c > b && gapIsContents(pdf, b, c);
    const signedEnd = c + d;
    const inFile = signedEnd <= pdf.length && b <= pdf.length;
    const signedBytes = inFile ? Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]) : null;
    const claimed = pdfStringValue(text, "M");
    const report: SignatureReport = {
      kind: isDocTimestamp ? "document-timestamp" : "signature",
      fieldName: fieldNames.get(f.range.join(" ")) ?? null,
      subFilter,
      byteRange: f.range,
      integrity: {
        digestMatches: false,
        signatureValid: false,
        byteRangeWellFormed: wellFormed,
        coversWholeDocument: wellFormed && signedEnd === pdf.length,
        bytesAppendedAfter: Math.max(0, pdf.length - signedEnd),
      },
      signer: null,
      chain: [],
      signingTime: claimed ? (parsePdfDate(claimed)?.toISOString() ?? null) : null,
      timestamp: null,
      padesLevel: null,
      issuedByThisService: false,
      reason: pdfStringValue(text, "Reason"),
      problems: [],
    };
    const partial: Partial = { report, signedEnd, signerDer: null, hasSignatureTimestamp: false };
    partials.push(partial);
    if (!inFile) report.problems.push("The byte range reaches beyond the end of the file.");
    if (!(b < c && c <= pdf.length)) {
      report.problems.push("The byte range has no /Contents gap.");
      continue;
    }

    const contents = hexToBytes(pdf, b, c);
    try {
      if (isDocTimestamp) {
        const ts = parseTimestampToken(contents);
        const info = timestampInfo(ts, signedBytes);
        report.timestamp = info;
        report.integrity.digestMatches = info.imprintMatches;
        report.integrity.signatureValid = info.tokenValid;
        report.signingTime = info.time;
        pool.push(...ts.cms.certificates);
        partial.signerDer = ts.cms.signerCertificate ? Buffer.from(ts.cms.signerCertificate.raw) : null;
      } else {
        const cms: ParsedCms = parseCms(contents);
        const check = signedBytes ? checkCms(cms, signedBytes) : null;
        report.integrity.digestMatches = !!check?.digestMatches;
        report.integrity.signatureValid = !!check?.signatureValid;
        if (check && !check.digestAlgorithm) report.problems.push("Unknown digest algorithm.");
        pool.push(...cms.certificates);
        partial.signerDer = cms.signerCertificate ? Buffer.from(cms.signerCertificate.raw) : null;
        if (!cms.signerCertificate) report.problems.push("The signature does not carry its signer's certificate.");
        const time = attribute(cms.signerInfo.signedAttrs, OID.signingTime);
        if (time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime) report.signingTime = time.toDate().toISOString();
        const token = attribute(cms.signerInfo.unsignedAttrs, OID.signatureTimeStampToken);
        if (token) {
          partial.hasSignatureTimestamp = true;
          try {
            const ts = parseTimestampToken(new Uint8Array(token.toBER(false)));
            report.timestamp = timestampInfo(ts, new Uint8Array(cms.signerInfo.signature.valueBlock.valueHexView));
            pool.push(...ts.cms.certificates);
          } catch (e) {
            report.problems.push(`The signature timestamp cannot be read: ${(e as Error).message}`);
          }
        }
      }
    } catch (e) {
      report.problems.push(`The signature cannot be read: ${(e as Error).message}`);
    }
  }

  const docTimestamps = partials.filter((p) => p.report.kind === "document-timestamp");
  const dssCerts = new Set(dss.certificates.map((x) => x.toString("base64")));
  for (const p of partials) {
    const { report } = p;
    if (p.signerDer) {
      try {
        const signer = new crypto.X509Certificate(p.signerDer);
        report.signer = certificateInfo(signer);
        report.chain = buildChain(signer, pool).map(certificateInfo);
        report.issuedByThisService = report.kind === "signature" && !!service && service.equals(p.signerDer);
      } catch (e) {
        report.problems.push(`The signer's certificate cannot be read: ${(e as Error).message}`);
      }
    }
    if (report.kind !== "signature" || report.subFilter !== "ETSI.CAdES.detached") continue;
    const later = docTimestamps.filter((t) => t.signedEnd > p.signedEnd);
    const timestamped = p.hasSignatureTimestamp || later.length > 0;
    const inDss = !!p.signerDer && dssCerts.has(p.signerDer.toString("base64"));
    const archived = dss.offset !== null && later.some((t) => t.signedEnd > dss.offset!);
    report.padesLevel = !timestamped ? "B-B" : !inDss ? "B-T" : !archived ? "B-LT" : "B-LTA";
  }
  const reports = partials.map((p) => p.report);
  if (all.length > found.length) {
    reports[reports.length - 1]!.problems.push(`The file has ${all.length} signature byte ranges; only the first ${found.length} were read.`);
  }
  return reports;
}

/** Certificates, CRLs and OCSP responses in the document's DSS (for tests and the report's summary). */
export async function readDss(pdf: Uint8Array): Promise<{ certificates: CertificateInfo[]; crls: number; ocspResponses: number }> {
  const { dss } = await readStructure(pdf);
  return {
    certificates: dss.certificates.flatMap((der) => {
      try {
        return [certificateInfo(new crypto.X509Certificate(der))];
      } catch {
        return [];
      }
    }),
    crls: dss.crls,
    ocspResponses: dss.ocspResponses,
  };
}
