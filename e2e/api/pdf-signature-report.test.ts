// The signature-inspection function behind the verification report
// (lib/server/pdf-signing/read-pdf-signatures.ts, a pure module: bytes in,
// report out), on PDFs signed here at each PAdES level by @libpdf/core with
// certificates made by openssl and timestamps from the harness's RFC 3161
// TSA (e2e/harness/tsa.mjs): what each report says, and what one changed
// byte, appended bytes and a foreign certificate change in it.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { HttpTimestampAuthority, P12Signer, PDF, PdfArray, PdfDict, PdfName, PdfStream, type PAdESLevel } from "@libpdf/core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPdfSignatures, type SignatureReport } from "../../lib/server/pdf-signing/read-pdf-signatures";
import { flipByteInSignedRange } from "./support/pdfsig";

const exec = promisify(execFile);
const ARTIFACTS = process.env.E2E_ARTIFACTS || path.join(process.cwd(), "e2e/.artifacts");

type Tsa = { url: string; close(): Promise<void>; files: { caCert: string; caKey: string } };
let tsa: Tsa;
let dir: string;
const keys = {} as { selfSigned: { p12: Buffer; cert: Buffer }; issued: { p12: Buffer; cert: Buffer; ca: Buffer } };
let unsigned: Uint8Array;

async function openssl(...args: string[]) {
  await exec("openssl", args);
}

const derOf = (pemFile: string) => Buffer.from(new crypto.X509Certificate(fs.readFileSync(pemFile)).raw);

async function sign(level: PAdESLevel, key: { p12: Buffer }, pdf = unsigned) {
  const doc = await PDF.load(pdf);
  const signer = await P12Signer.create(key.p12, "pw");
  const { bytes } = await doc.sign({
    signer,
    reason: "Report test",
    signingTime: new Date("2026-03-04T05:06:07Z"),
    level,
    ...(level === "B-B" ? {} : { timestampAuthority: new HttpTimestampAuthority(tsa.url, { timeout: 10_000 }) }),
  });
  return bytes;
}

beforeAll(async () => {
  const harness = (await import(/* @vite-ignore */ new URL("../harness/tsa.mjs", import.meta.url).href)) as {
    startTsa(o: { dir: string }): Promise<Tsa>;
  };
  tsa = await harness.startTsa({ dir: path.join(ARTIFACTS, "tsa") });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "signature-report-"));
  const p = (n: string) => path.join(dir, n);

  // A self-signed signer (like the service's generated identity) and one issued by the test CA.
  await openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", p("self.key"), "-out", p("self.crt"), "-days", "30",
    "-subj", "/CN=Report Test Self-Signed", "-addext", "keyUsage=critical,digitalSignature,nonRepudiation");
  await openssl("pkcs12", "-export", "-inkey", p("self.key"), "-in", p("self.crt"), "-out", p("self.p12"), "-passout", "pass:pw");
  await openssl("req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", p("leaf.key"), "-out", p("leaf.csr"), "-subj", "/O=Report Test/CN=Report Test Issued");
  fs.writeFileSync(p("leaf.ext"), "keyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=emailProtection\n");
  await openssl("x509", "-req", "-in", p("leaf.csr"), "-CA", tsa.files.caCert, "-CAkey", tsa.files.caKey, "-set_serial", "4242",
    "-days", "30", "-sha256", "-extfile", p("leaf.ext"), "-out", p("leaf.crt"));
  await openssl("pkcs12", "-export", "-inkey", p("leaf.key"), "-in", p("leaf.crt"), "-certfile", tsa.files.caCert, "-out", p("leaf.p12"), "-passout", "pass:pw");
  keys.selfSigned = { p12: fs.readFileSync(p("self.p12")), cert: derOf(p("self.crt")) };
  keys.issued = { p12: fs.readFileSync(p("leaf.p12")), cert: derOf(p("leaf.crt")), ca: derOf(tsa.files.caCert) };

  const doc = await PDFDocument.create();
  doc.setTitle("Signature report test");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText("Signature report test", { x: 72, y: 720, size: 20, font });
  unsigned = await doc.save();
}, 60_000);

afterAll(async () => {
  await tsa?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const fingerprint = (der: Buffer) => new crypto.X509Certificate(der).fingerprint256;

describe("readPdfSignatures", () => {
  it("an unsigned PDF has no signatures", async () => {
    expect(await readPdfSignatures(unsigned)).toEqual([]);
  });

  it("B-B with a self-signed certificate: one intact signature over the whole file, no timestamp", async () => {
    const pdf = await sign("B-B", keys.selfSigned);
    const reports = await readPdfSignatures(pdf, { serviceCertificate: keys.selfSigned.cert });
    expect(reports).toHaveLength(1);
    const r = reports[0]!;
    expect(r).toMatchObject({
      kind: "signature",
      subFilter: "ETSI.CAdES.detached",
      padesLevel: "B-B",
      timestamp: null,
      issuedByThisService: true,
      reason: "Report test",
      problems: [],
      integrity: { digestMatches: true, signatureValid: true, byteRangeWellFormed: true, coversWholeDocument: true, bytesAppendedAfter: 0 },
    });
    expect(r.fieldName).toMatch(/\S/);
    expect(r.byteRange[0]).toBe(0);
    expect(r.byteRange[2] + r.byteRange[3]).toBe(pdf.length);
    expect(r.signingTime).toBe("2026-03-04T05:06:07.000Z");
    expect(r.signer).toMatchObject({
      commonName: "Report Test Self-Signed",
      subject: "CN=Report Test Self-Signed",
      issuer: "CN=Report Test Self-Signed",
      selfSigned: true,
      sha256Fingerprint: fingerprint(keys.selfSigned.cert),
    });
    expect(r.signer!.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(Date.parse(r.signer!.notAfter)).toBeGreaterThan(Date.parse(r.signer!.notBefore));
    expect(r.chain.map((c) => c.commonName)).toEqual(["Report Test Self-Signed"]);
  });

  it("issuedByThisService is false for another certificate, and without one", async () => {
    const pdf = await sign("B-B", keys.selfSigned);
    expect((await readPdfSignatures(pdf, { serviceCertificate: keys.issued.cert }))[0]!.issuedByThisService).toBe(false);
    expect((await readPdfSignatures(pdf))[0]!.issuedByThisService).toBe(false);
  });

  it("B-T: the signature timestamp, its time and TSA, checked against the signature value", async () => {
    const before = Date.now() - 5_000;
    const pdf = await sign("B-T", keys.selfSigned);
    const [r] = await readPdfSignatures(pdf);
    expect(r!.padesLevel).toBe("B-T");
    expect(r!.timestamp).toMatchObject({ tsaName: "Test Timestamping Authority", imprintMatches: true, tokenValid: true });
    expect(Date.parse(r!.timestamp!.time)).toBeGreaterThanOrEqual(before);
    expect(r!.timestamp!.tsaCertificate?.issuer).toContain("CN=Test Timestamp Root CA");
  });

  it("B-LT: the DSS holds the signer's certificate", async () => {
    const [r, ...rest] = await readPdfSignatures(await sign("B-LT", keys.selfSigned));
    expect(rest).toHaveLength(0);
    expect(r!.padesLevel).toBe("B-LT");
    expect(r!.integrity.coversWholeDocument).toBe(false); // the DSS came after it
    expect(r!.integrity.digestMatches).toBe(true);
  });

  it("B-LTA with a CA-issued certificate: signature and document timestamp, the chain up to the root", async () => {
    const pdf = await sign("B-LTA", keys.issued);
    const reports = await readPdfSignatures(pdf, { serviceCertificate: keys.issued.cert });
    expect(reports.map((r) => r.kind)).toEqual(["signature", "document-timestamp"]);
    const [sig, docTs] = reports as [SignatureReport, SignatureReport];
    expect(sig.padesLevel).toBe("B-LTA");
    expect(sig.issuedByThisService).toBe(true);
    expect(sig.chain.map((c) => c.commonName)).toEqual(["Report Test Issued", "Test Timestamp Root CA"]);
    expect(sig.chain[1]!.selfSigned).toBe(true);
    expect(sig.signer!.issuer).toBe("O=Signing Service tests, CN=Test Timestamp Root CA");
    expect(sig.signer!.serialNumber).toBe((4242).toString(16).toUpperCase());
    expect(sig.integrity).toMatchObject({ digestMatches: true, signatureValid: true, coversWholeDocument: false });
    expect(sig.integrity.bytesAppendedAfter).toBe(pdf.length - (sig.byteRange[2] + sig.byteRange[3]));

    expect(docTs).toMatchObject({
      subFilter: "ETSI.RFC3161",
      padesLevel: null,
      issuedByThisService: false,
      integrity: { digestMatches: true, signatureValid: true, byteRangeWellFormed: true },
      timestamp: { tsaName: "Test Timestamping Authority", imprintMatches: true, tokenValid: true },
    });
    expect(docTs.signer?.commonName).toBe("Test Timestamping Authority");
    expect(docTs.chain.map((c) => c.commonName)).toEqual(["Test Timestamping Authority", "Test Timestamp Root CA"]);
    expect(docTs.byteRange[2] + docTs.byteRange[3]).toBeGreaterThan(sig.byteRange[2] + sig.byteRange[3]);
    expect(docTs.signingTime).toBe(docTs.timestamp!.time);
  });

  it("one changed byte in the signed range: the digest no longer matches", async () => {
    const pdf = await sign("B-T", keys.selfSigned);
    const [r] = await readPdfSignatures(flipByteInSignedRange(pdf));
    expect(r!.integrity.digestMatches).toBe(false);
    expect(r!.integrity.coversWholeDocument).toBe(true);
  });

  it("bytes appended after the signature: still intact, but not covering the whole file, with the count", async () => {
    const pdf = await sign("B-B", keys.selfSigned);
    const extra = Buffer.from("\n% appended after signing\n");
    const [r] = await readPdfSignatures(Buffer.concat([pdf, extra]));
    expect(r!.integrity).toMatchObject({ digestMatches: true, signatureValid: true, coversWholeDocument: false, bytesAppendedAfter: extra.length });
  });

  it("a DSS entry that is not a certificate is left out of chains, not thrown", async () => {
    const doc = await PDF.load(await sign("B-B", keys.issued));
    const registry = doc.context.registry;
    const junk = registry.register(PdfStream.fromDict({}, new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00, 0xff])));
    const dss = registry.register(PdfDict.of({ Type: PdfName.of("DSS"), Certs: PdfArray.of(junk) }));
    doc.getCatalog().set("DSS", dss);
    const pdf = await doc.save({ incremental: true });
    const [r] = await readPdfSignatures(pdf);
    expect(r!.problems).toEqual([]);
    expect(r!.integrity).toMatchObject({ digestMatches: true, signatureValid: true, coversWholeDocument: false });
    expect(r!.chain.map((c) => c.commonName)).toEqual(["Report Test Issued", "Test Timestamp Root CA"]);
  });

  it("a damaged signature value is reported, not thrown", async () => {
    const pdf = Buffer.from(await sign("B-B", keys.selfSigned));
    const [r0] = await readPdfSignatures(pdf);
    const at = r0!.byteRange[1] + 1; // first hex digit of /Contents
    pdf.write("00000000", at, "latin1");
    const [r] = await readPdfSignatures(pdf);
    expect(r!.integrity.digestMatches).toBe(false);
    expect(r!.problems.length).toBeGreaterThan(0);
  });
});
