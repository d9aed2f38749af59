// Long-term signatures (issue 12, point 2; docs/api-decisions.md "Long-term
// signatures"). The suite's server has TSA_URLS pointing at the harness's
// RFC 3161 time-stamping authority (e2e/harness/tsa.mjs, `openssl ts -reply`),
// so a completed document's signed and merged PDFs are sealed at PAdES B-LTA.
// Checked with tools that share no code with the service: poppler's pdfsig
// (the signature is valid, and invalid after one changed byte), `openssl ts
// -verify` with the TSA's CA as the only trust anchor (the signature timestamp
// and the document timestamp), and qpdf (the DSS holds the certificates).
//
// A server of the test's own then shows the two other configurations: with a
// TSA that does not answer, completion waits (the document stays executed
// without files) and finishes at B-LTA once the TSA is up; without TSA_URLS the
// files are B-B, as before.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPdfSignatures } from "../../lib/server/pdf-signing/read-pdf-signatures";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { importTemplateAt, prepareOwnServer, tokenAt, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { flipByteInSignedRange, pdfsig } from "./support/pdfsig";
import {
  aliceToken,
  clientValues,
  download,
  managerValues,
  openSignPage,
  pdfText,
  recipient,
  sendFromTemplate,
  signaturePng,
  submitAs,
  waitForDocument,
  type Doc,
} from "./support/signing-calls";

const exec = promisify(execFile);
const ARTIFACTS = process.env.E2E_ARTIFACTS || path.join(process.cwd(), "e2e/.artifacts");
const TSA_DIR = process.env.E2E_TSA_DIR || path.join(ARTIFACTS, "tsa");
const CA_FILE = path.join(TSA_DIR, "ca.crt");
const OID_SIGNATURE_TIMESTAMP = "1.2.840.113549.1.9.16.2.14";

type Tsa = { url: string; port: number; close(): Promise<void> };
const harnessTsa = async () =>
  (await import(/* @vite-ignore */ new URL("../harness/tsa.mjs", import.meta.url).href)) as {
    startTsa(o: { dir: string; port?: number }): Promise<Tsa>;
  };

// ---------------------------------------------------------------- reading PDFs without the service's code

type Revision = { range: [number, number, number, number]; contents: Buffer; docTimestamp: boolean };

/** Every signature dictionary: its /ByteRange, the DER in its /Contents, whether it is a /DocTimeStamp. */
function signatureDictionaries(pdf: Uint8Array): Revision[] {
  const buf = Buffer.from(pdf);
  const out: Revision[] = [];
  for (let at = buf.indexOf("/ByteRange"); at !== -1; at = buf.indexOf("/ByteRange", at + 1)) {
    const m = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(buf.toString("latin1", at, at + 100));
    if (!m) continue;
    const range = m.slice(1, 5).map(Number) as Revision["range"];
    const hex = buf.toString("latin1", range[1] + 1, range[2] - 1);
    const around = buf.toString("latin1", Math.max(0, at - 300), at + 300);
    out.push({ range, contents: Buffer.from(hex, "hex"), docTimestamp: /\/DocTimeStamp|ETSI\.RFC3161/.test(around) });
  }
  return out;
}

const signedBytes = (pdf: Uint8Array, [a, b, c, d]: Revision["range"]) => Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);

/** `openssl ts -verify` of a timestamp token over `data`, the harness CA the only trust anchor. */
async function verifyTimestamp(token: Uint8Array, data: Uint8Array): Promise<{ ok: boolean; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-verify-"));
  try {
    fs.writeFileSync(path.join(dir, "token.der"), token);
    fs.writeFileSync(path.join(dir, "data.bin"), data);
    const r = await exec("openssl", ["ts", "-verify", "-token_in", "-in", path.join(dir, "token.der"), "-data", path.join(dir, "data.bin"), "-CAfile", CA_FILE]).then(
      (o) => ({ ok: true, output: o.stdout + o.stderr }),
      (e: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` }),
    );
    return { ok: r.ok && /Verification: OK/.test(r.output), output: r.output };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The signature timestamp token in a CMS SignedData's unsigned attributes, and the signature value it stamps (pkijs). */
function signatureTimestampOf(cmsDer: Buffer): { token: Uint8Array; signatureValue: Uint8Array } | null {
  const asn1 = asn1js.fromBER(new Uint8Array(cmsDer));
  const signedData = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn1.result }).content });
  const signer = signedData.signerInfos[0]!;
  const attr = signer.unsignedAttrs?.attributes.find((a) => a.type === OID_SIGNATURE_TIMESTAMP);
  if (!attr) return null;
  return { token: new Uint8Array(attr.values[0]!.toBER(false)), signatureValue: new Uint8Array(signer.signature.valueBlock.valueHexView) };
}

/** The certificates in the catalog's /DSS /Certs, by qpdf's JSON (streams decoded). */
async function dssCertificates(pdf: Uint8Array): Promise<crypto.X509Certificate[] | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dss-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    const { stdout } = await exec("qpdf", ["--json=2", "--json-stream-data=inline", file], { maxBuffer: 64 * 1024 * 1024 });
    const objects = JSON.parse(stdout).qpdf[1] as Record<string, any>;
    const obj = (ref: string) => objects[`obj:${ref}`];
    const catalog = obj(objects.trailer.value["/Root"]).value;
    if (!catalog["/DSS"]) return null;
    const dss = typeof catalog["/DSS"] === "string" ? obj(catalog["/DSS"]).value : catalog["/DSS"];
    const certs = (typeof dss["/Certs"] === "string" ? obj(dss["/Certs"]).value : dss["/Certs"]) as string[];
    return certs.map((ref) => new crypto.X509Certificate(Buffer.from(obj(ref).stream.data as string, "base64")));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cnOf = (x: crypto.X509Certificate) => /(?:^|\n)CN=([^\n]*)/.exec(x.subject)?.[1];

// ---------------------------------------------------------------- the suite's server: B-LTA

let doc: Doc;
const files = {} as Record<"signed" | "merged", Uint8Array>;

beforeAll(async () => {
  expect(process.env.E2E_TSA_URL, "run through npm test: the runner starts the TSA").toMatch(/^http/);
  const token = await aliceToken();
  const sent = await sendFromTemplate(token, { name: "Long-term signature agreement" });
  const client = recipient(sent, "Client");
  const manager = recipient(sent, "Manager");
  await openSignPage(client);
  expect((await submitAs(client, clientValues(sent))).status).toBe(200);
  await openSignPage(manager);
  const m = await submitAs(manager, managerValues(sent));
  expect(m.status, m.text).toBe(200);
  doc = await waitForDocument(token, sent.id, (d) => !!(d.signed_pdf_url && d.merged_document_certificate_url?.includes("/files/")), "files produced", 120_000);
  files.signed = await download(doc.signed_pdf_url!, "signed_pdf_url");
  files.merged = await download(doc.merged_document_certificate_url, "merged_document_certificate_url");
}, 180_000);

describe("with TSA_URLS: PAdES B-LTA", () => {
  it('the API says signature_level "B-LTA"', () => {
    expect(doc.state).toBe("executed");
    expect(doc.signature_level).toBe("B-LTA");
  });

  it("the certificate of completion states the level", async () => {
    const text = await pdfText(await download(doc.signature_certificate_url, "signature_certificate_url"));
    expect(text.replace(/\s+/g, " ")).toContain("PAdES B-LTA");
  });

  for (const which of ["signed", "merged"] as const) {
    describe(`the ${which} PDF`, () => {
      it("pdfsig: the service's CAdES signature is valid, followed by the TSA's document timestamp over the whole file", async () => {
        const out = await pdfsig(files[which]);
        expect(out.signatures.map((s) => s.signerName), out.stdout).toHaveLength(2);
        const [sig, ts] = out.signatures as [(typeof out.signatures)[0], (typeof out.signatures)[0]];
        expect(sig.validation, out.stdout).toBe("valid");
        expect(sig.signatureType).toBe("ETSI.CAdES.detached");
        expect(sig.signerName).toMatch(/document signing$/);
        expect(sig.totalDocumentSigned, "later revisions (DSS, document timestamp) follow the signature").toBe(false);
        expect(ts.signerName, out.stdout).toBe("Test Timestamping Authority");
        expect(ts.totalDocumentSigned, out.stdout).toBe(true);
      });

      it("openssl ts -verify (the test CA trusted): the signature timestamp stamps the signature value", async () => {
        const [sig] = signatureDictionaries(files[which]).filter((r) => !r.docTimestamp);
        const stamped = signatureTimestampOf(sig!.contents);
        expect(stamped, "the CMS carries a signature timestamp").not.toBeNull();
        const good = await verifyTimestamp(stamped!.token, stamped!.signatureValue);
        expect(good.ok, good.output).toBe(true);
        const other = Uint8Array.from(stamped!.signatureValue);
        other[0] = other[0]! ^ 1;
        expect((await verifyTimestamp(stamped!.token, other)).ok).toBe(false);
      });

      it("openssl ts -verify: the document timestamp stamps every byte but its own /Contents, and is the last revision", async () => {
        const revisions = signatureDictionaries(files[which]);
        expect(revisions.map((r) => r.docTimestamp)).toEqual([false, true]);
        const [sig, ts] = revisions as [Revision, Revision];
        expect(ts.range[2] + ts.range[3]).toBe(files[which].length);
        expect(ts.range[2] + ts.range[3]).toBeGreaterThan(sig.range[2] + sig.range[3]);
        const verified = await verifyTimestamp(ts.contents, signedBytes(files[which], ts.range));
        expect(verified.ok, verified.output).toBe(true);
      });

      it("the DSS holds the signer's certificate and the TSA's chain up to its CA, and the document timestamp covers it", async () => {
        const certs = await dssCertificates(files[which]);
        expect(certs, "the catalog has a /DSS").not.toBeNull();
        const names = certs!.map(cnOf);
        const out = await pdfsig(files[which]);
        expect(names).toContain(out.signatures[0]!.signerName);
        expect(names).toContain("Test Timestamping Authority");
        expect(names).toContain("Test Timestamp Root CA");
        const ca = new crypto.X509Certificate(fs.readFileSync(CA_FILE));
        expect(certs!.some((c) => c.fingerprint256 === ca.fingerprint256), "the run's CA itself").toBe(true);
        // The DSS was added in a revision between the signature and the document timestamp.
        const [sig, ts] = signatureDictionaries(files[which]) as [Revision, Revision];
        const dssAt = Buffer.from(files[which]).indexOf("/DSS", sig.range[2] + sig.range[3]);
        expect(dssAt).toBeGreaterThan(sig.range[2] + sig.range[3]);
        expect(dssAt).toBeLessThan(ts.range[1]);
      });

      it("one changed byte: pdfsig reports the signature invalid and the document timestamp no longer verifies", async () => {
        const tampered = flipByteInSignedRange(files[which]);
        const out = await pdfsig(tampered);
        expect(out.signatures[0]!.validation, out.stdout).toBe("invalid");
        const ts = signatureDictionaries(tampered).find((r) => r.docTimestamp)!;
        expect((await verifyTimestamp(ts.contents, signedBytes(tampered, ts.range))).ok).toBe(false);
      });

      it("the signature report (inspectPdfSignatures' core) reads it as B-LTA, intact", async () => {
        const reports = await readPdfSignatures(files[which]);
        expect(reports.map((r) => [r.kind, r.padesLevel, r.integrity.digestMatches, r.integrity.signatureValid])).toEqual([
          ["signature", "B-LTA", true, true],
          ["document-timestamp", null, true, true],
        ]);
        expect(reports[1]!.integrity.coversWholeDocument).toBe(true);
        expect(reports[0]!.timestamp?.tsaName).toBe("Test Timestamping Authority");
      });
    });
  }
});

// ---------------------------------------------------------------- a server of our own: TSA down, then none configured

const USER = { email: "ltv@owner.example", password: "ltv-Pa55word-e2e", name: "Lena Longterm" };
let setup: OwnServerSetup;
let server: OwnServer | undefined;
let ownToken = "";
let templateId = "";
let downTsa: Tsa | undefined;

async function ownCall(p: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(p, server!.baseUrl), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${ownToken}`, Accept: "application/json", "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

/** Sends the one-signer template and signs it through the signer's link; answers the document id. */
async function sendAndSign(name: string): Promise<string> {
  const sent = await ownCall(`/public/v2/reusable_templates/${templateId}/send_document`, {
    body: { name, roles: [{ name: "Client", signer_name: "Lou Longterm", signer_email: "lou@ltv.example" }], expires_in: 30 },
  });
  expect(sent.status, sent.text).toBe(200);
  const d = sent.body.document as Doc;
  const r = d.recipients.find((x) => x.role_name === "Client")!;
  const link = new URL(r.sign_url);
  expect((await fetch(link, { headers: { Accept: "text/html" } })).status).toBe(200);
  const field = d.form_fields.find((f) => f.name === "client_signature")!;
  const signerId = decodeURIComponent(link.pathname.split("/").pop()!);
  const submit = await fetch(new URL(`/sign/${encodeURIComponent(signerId)}/submit`, server!.baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ access_token: link.searchParams.get("access_token"), values: { [field.id]: signaturePng("lou") } }),
  });
  expect(submit.status, await submit.text()).toBe(200);
  return d.id;
}

async function ownDocument(id: string): Promise<Doc> {
  const r = await ownCall(`/public/v2/documents/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body.document as Doc;
}

async function waitOwn(id: string, ready: (d: Doc) => boolean, what: string, timeoutMs: number): Promise<Doc> {
  const deadline = Date.now() + timeoutMs;
  let d = await ownDocument(id);
  while (!ready(d) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    d = await ownDocument(id);
  }
  if (!ready(d)) throw new Error(`${what} did not happen in ${timeoutMs} ms: ${JSON.stringify(d).slice(0, 800)}\n${server!.logTail(40)}`);
  return d;
}

const FROM_PORT = 3700;

describe("a server of its own", () => {
  let tsaPort = 0;

  beforeAll(async () => {
    setup = await prepareOwnServer({ name: "long-term-signatures", fromPort: FROM_PORT });
    server = setup.server;
    if (!server) return;
    // A port nothing listens on (yet): the TSA is down.
    const control = (await import(/* @vite-ignore */ new URL("../harness/server-control.mjs", import.meta.url).href)) as {
      freePort(from: number): Promise<number>;
      portOffset(): number;
    };
    // Above the server's own port (chosen, not yet bound: freePort would offer it again), as a base of the
    // band (freePort adds the run's port offset, which server.port has already).
    tsaPort = await control.freePort(Math.max(FROM_PORT + 50, server.port - control.portOffset() + 1));
    server.env.TSA_URLS = `http://127.0.0.1:${tsaPort}/`;
    server.env.TSA_TIMEOUT_SECONDS = "5";
    await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "LTV Ltd", "--account", "LTV");
    const app = await server.cli("app:create", "--owner", USER.email, "--name", "LTV Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
    templateId = await importTemplateAt(server, USER.email, {
      name: "LTV contract",
      signer_sequencing: false,
      roles: [{ name: "Client", sequence: 0 }],
      fields: [{ type: "signature", role: "Client", name: "client_signature", page: 1, x: 0.1, y: 0.7, width: 0.3, height: 0.06, required: true }],
    });
    await server.start();
    ownToken = await tokenAt(server.baseUrl, USER, app);
  }, 300_000);

  afterAll(async () => {
    await downTsa?.close();
    await setup?.teardown();
  }, 60_000);

  it("with no TSA answering, the document stays executed without files; once the TSA answers it completes at B-LTA", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const id = await sendAndSign("Signed during a TSA outage");
    const logged = Date.now() + 60_000;
    while (!fs.readFileSync(server!.log, "utf8").includes("did not give a timestamp") && Date.now() < logged) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(fs.readFileSync(server!.log, "utf8"), "the completion job tried the TSA").toContain(`127.0.0.1:${tsaPort}`);
    const waiting = await ownDocument(id);
    expect(waiting.state).toBe("executed");
    expect(waiting.signed_pdf_url).toBeNull();
    expect(waiting.signature_level).toBeNull();
    expect(waiting.merged_document_certificate_url, "no merged file yet, only the certificate so far").not.toContain("/files/");

    downTsa = await (await harnessTsa()).startTsa({ dir: TSA_DIR, port: tsaPort });
    const done = await waitOwn(id, (d) => !!d.signed_pdf_url, "completion after the TSA came back", 180_000);
    expect(done.signature_level).toBe("B-LTA");
    const signed = await download(done.signed_pdf_url!, "signed_pdf_url");
    const out = await pdfsig(signed);
    expect(out.signatures.map((s) => s.validation)[0], out.stdout).toBe("valid");
    expect(out.signatures, out.stdout).toHaveLength(2);
    expect(out.signatures[1]!.signerName).toBe("Test Timestamping Authority");
    await downTsa.close();
    downTsa = undefined;
  });

  it("TSAs are tried in order: the first down, the second answers, B-LTA with the second's timestamps", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await server!.stop();
    server!.env.TSA_URLS = `http://127.0.0.1:${tsaPort}/, ${process.env.E2E_TSA_URL}`;
    await server!.start();
    const id = await sendAndSign("Signed with a fallback TSA");
    const done = await waitOwn(id, (d) => !!d.signed_pdf_url, "completion", 120_000);
    expect(done.signature_level).toBe("B-LTA");
    expect(fs.readFileSync(server!.log, "utf8")).toContain(`127.0.0.1:${tsaPort}/ did not give a timestamp`);
    const reports = await readPdfSignatures(await download(done.signed_pdf_url!, "signed_pdf_url"));
    expect(reports.map((r) => [r.kind, r.padesLevel, r.integrity.digestMatches, r.timestamp?.imprintMatches])).toEqual([
      ["signature", "B-LTA", true, true],
      ["document-timestamp", null, true, true],
    ]);
  });

  it('without TSA_URLS: B-B as before, one signature over the whole file, signature_level "B-B"', { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await server!.stop();
    delete server!.env.TSA_URLS;
    await server!.start();
    const id = await sendAndSign("Signed without a TSA");
    const done = await waitOwn(id, (d) => !!d.signed_pdf_url, "completion", 120_000);
    expect(done.signature_level).toBe("B-B");
    expect((await pdfText(await download(done.signature_certificate_url, "certificate"))).replace(/\s+/g, " ")).toContain("PAdES B-B");
    for (const url of [done.signed_pdf_url!, done.merged_document_certificate_url]) {
      const bytes = await download(url, "sealed file");
      const out = await pdfsig(bytes);
      expect(out.signatures, out.stdout).toHaveLength(1);
      expect(out.signatures[0]).toMatchObject({ validation: "valid", totalDocumentSigned: true, signatureType: "ETSI.CAdES.detached" });
      const reports = await readPdfSignatures(bytes);
      expect(reports.map((r) => r.padesLevel)).toEqual(["B-B"]);
      expect((await pdfsig(flipByteInSignedRange(bytes))).signatures[0]!.validation).toBe("invalid");
    }
  });
});
