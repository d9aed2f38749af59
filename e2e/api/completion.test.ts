// Completion of an executed document (issue 4, "Completion" and /verify):
// two signers sign through their links over HTTP; the API then offers the
// signed PDF, the signature certificate and the merged PDF. They are checked
// with tools that share no code with the service: poppler's `pdfsig` (the
// PDF signature is valid, covers the whole file, and breaks when one byte of
// the signed range changes) and `pdftotext` (the certificate names the
// document, the signers with their e-mail, IP and user agent, and the
// SHA-256 of the original and of the signed PDF, recomputed here from the
// downloaded files), and `pdfimages` (the signature images are the signers'
// pixels). POST /verify/check recognises exactly those files.
import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor } from "./helpers";
import { expectSignedFileUrl } from "./support/checks";
import { pdfImages, type PdfImage } from "./support/pdf-images";
import { flipByteInSignedRange, pdfsig } from "./support/pdfsig";
import {
  aliceToken,
  clientValues,
  download,
  fieldId,
  getDocument,
  openSignPage,
  pdfText,
  recipient,
  sendFromTemplate,
  sha256,
  signaturePng,
  squeeze,
  submitAs,
  verifyCheck,
  waitForDocument,
  type Doc,
} from "./support/signing-calls";

const CLIENT_AGENT = "CompletionTest-Client/1.0 (e2e; cleo)";
const MANAGER_AGENT = "CompletionTest-Manager/2.0 (e2e; morgan)";

let token: string;
let doc: Doc;
const files = {} as { original: Uint8Array; signed: Uint8Array; certificate: Uint8Array; merged: Uint8Array };
let lastSignatureAt = 0;
let filesReadyAfterMs = 0;

/** Each signer's signature: a stroke on a faint uneven wash, so its stored PNG uses the Paeth row filter too (every filter: decode-png.test.ts). */
const drawing = (seed: "client" | "manager") => signaturePng(seed, 240, 60, true);

/** The alpha of every pixel of a test signature (signaturePng: grey + alpha, one IDAT of unfiltered rows). */
function signatureAlpha(dataUrl: string): { width: number; height: number; alpha: Buffer } {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  const idatAt = 8 + 25; // signature, then the 25-byte IHDR chunk
  const raw = zlib.inflateSync(png.subarray(idatAt + 8, idatAt + 8 + png.readUInt32BE(idatAt)));
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) alpha[y * width + x] = raw[y * (1 + width * 2) + 2 + x * 2]!;
  return { width, height, alpha };
}

/** The first sample of each pixel (pdfimages may write a soft mask's grey as RGB). */
const firstChannel = (img: PdfImage) => Buffer.from(Array.from({ length: img.width * img.height }, (_, p) => img.samples[p * img.channels]!));

const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();

beforeAll(async () => {
  token = await aliceToken();
  const sent = await sendFromTemplate(token, {
    name: "Completion test agreement",
    merge_field_identifier: "name",
    merge_field_values: [{ name: "Customer Name", value: "Globex Corporation" }],
  });
  const client = recipient(sent, "Client");
  const manager = recipient(sent, "Manager");
  expect((await openSignPage(client, { userAgent: CLIENT_AGENT })).status).toBe(200);
  const clientAnswers = { ...clientValues(sent, { title: "Chief Procurement Officer", date: "2026-05-17" }), [fieldId(sent, "client_signature")]: drawing("client") };
  const c = await submitAs(client, clientAnswers, { userAgent: CLIENT_AGENT });
  expect(c.status, c.text).toBe(200);
  expect((await openSignPage(manager, { userAgent: MANAGER_AGENT })).status).toBe(200);
  const m = await submitAs(manager, { [fieldId(sent, "manager_signature")]: drawing("manager") }, { userAgent: MANAGER_AGENT });
  expect(m.status, m.text).toBe(200);
  expect(m.body.state).toBe("executed");
  lastSignatureAt = Date.now();

  doc = await waitForDocument(
    token,
    sent.id,
    (d) => !!(d.signed_pdf_url && d.signature_certificate_url && d.merged_document_certificate_url),
    "signed_pdf_url, signature_certificate_url and merged_document_certificate_url all set",
    120_000,
  );
  filesReadyAfterMs = Date.now() - lastSignatureAt;
  files.original = await download(doc.original_file_url, "original_file_url");
  files.signed = await download(doc.signed_pdf_url!, "signed_pdf_url");
  files.certificate = await download(doc.signature_certificate_url!, "signature_certificate_url");
  files.merged = await download(doc.merged_document_certificate_url!, "merged_document_certificate_url");
}, 180_000);

describe("the three files", () => {
  it("appear on the executed document as time-limited /files/ addresses of PDFs", () => {
    expect(doc.state).toBe("executed");
    for (const key of ["signed_pdf_url", "signature_certificate_url", "merged_document_certificate_url"] as const) {
      expectSignedFileUrl(doc[key], key);
    }
    for (const [name, bytes] of Object.entries(files)) {
      expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1"), `${name} is a PDF`).toBe("%PDF-");
    }
    // informative: the bench measures this properly
    console.log(`[completion] files ready ${filesReadyAfterMs} ms after the last signature`);
  });

  it("the signed PDF has the original's pages with the answers and merge values drawn in", async () => {
    expect(await pageCount(files.signed)).toBe(await pageCount(files.original));
    const before = await pdfText(files.original);
    const after = await pdfText(files.signed);
    for (const value of ["Chief Procurement Officer", "Globex Corporation"]) {
      expect(before, `the original does not contain ${value}`).not.toContain(value);
      expect(after, `the signed PDF shows ${value}`).toContain(value);
    }
    expect(after, "the date answer as given").toContain("2026-05-17");
  });

  it("the signed PDF carries the two signature images (the original has none)", async () => {
    expect(await pdfImages(files.original)).toHaveLength(0);
    expect((await pdfImages(files.signed)).length).toBeGreaterThanOrEqual(2);
  });

  it("each signature image in the signed PDF is its signer's drawing pixel for pixel: its transparency everywhere, its ink where opaque", async () => {
    const images = await pdfImages(files.signed);
    const drawn = images.flatMap((image, i) => (image.type === "image" && images[i + 1]?.type === "smask" ? [{ image, mask: images[i + 1]! }] : []));
    const signers = (["client", "manager"] as const).map((seed) => ({ seed, ...signatureAlpha(drawing(seed)) }));
    const found = drawn.map(({ image, mask }) => {
      const alpha = firstChannel(mask);
      const signer = signers.find((s) => s.width === mask.width && s.height === mask.height && s.alpha.equals(alpha));
      expect(signer, `an image of ${mask.width}×${mask.height} whose transparency is one signer's drawing`).toBeDefined();
      // The test signatures are ink of grey 20 (an RGB image: 20, 20, 20); where they are opaque, nothing rounds it.
      const inkPixels = [...alpha.keys()].filter((p) => alpha[p] === 255);
      expect(inkPixels.length).toBeGreaterThan(100);
      expect(inkPixels.filter((p) => [0, 1, 2].some((c) => image.samples[p * 3 + c] !== 20))).toEqual([]);
      return signer!.seed;
    });
    expect(found.sort()).toEqual(["client", "manager"]);
  });

  it("the merged PDF is the signed PDF's pages followed by the certificate's", async () => {
    expect(await pageCount(files.merged)).toBe((await pageCount(files.signed)) + (await pageCount(files.certificate)));
    const text = await pdfText(files.merged);
    expect(text).toContain("Chief Procurement Officer");
    expect(text).toContain(doc.id);
  });
});

describe("PDF signatures, checked by pdfsig", () => {
  it("the original as uploaded carries no signature (the service adds it)", async () => {
    expect((await pdfsig(files.original)).signatures).toHaveLength(0);
  });

  for (const which of ["signed", "merged"] as const) {
    it(`the ${which} PDF: one valid PAdES (ETSI.CAdES.detached) signature, and the file's last revision covers the whole file`, async () => {
      const out = await pdfsig(files[which]);
      // The suite's server has a time-stamping authority (TSA_URLS): B-LTA, the signature followed by a
      // document timestamp over everything (e2e/api/long-term-signatures.test.ts checks it in depth).
      expect(doc.signature_level).toBe("B-LTA");
      expect(out.signatures, out.stdout + out.stderr).toHaveLength(2);
      const sig = out.signatures[0]!;
      expect(sig.validation, out.stdout).toBe("valid");
      expect(sig.signatureType, out.stdout).toMatch(/ETSI\.CAdES\.detached/);
      expect(sig.hashAlgorithm ?? "", out.stdout).toMatch(/SHA-?(256|384|512)/i);
      expect(out.signatures[1]!.totalDocumentSigned, out.stdout).toBe(true);
    });

    it(`the ${which} PDF with one byte of the signed range changed: pdfsig reports the signature invalid`, async () => {
      const tampered = flipByteInSignedRange(files[which]);
      expect(sha256(tampered)).not.toBe(sha256(files[which]));
      const out = await pdfsig(tampered);
      expect(out.signatures, out.stdout + out.stderr).toHaveLength(2);
      expect(out.signatures[0]!.validation, out.stdout).toBe("invalid");
    });
  }
});

describe("the signature certificate", () => {
  let text = "";
  let flat = "";
  beforeAll(async () => {
    text = await pdfText(files.certificate);
    flat = squeeze(text);
  });

  it("names the document id and every signer with name and e-mail", () => {
    expect(text).toContain(doc.id);
    for (const who of ["Cleo Client", "cleo@client.example", "Morgan Manager", "morgan@manager.example"]) expect(text).toContain(who);
  });

  it("states the SHA-256 of the original PDF (as downloaded from original_file_url) and of the signed PDF's exact bytes", () => {
    const originalHash = sha256(files.original);
    const signedHash = sha256(files.signed);
    expect(originalHash).not.toBe(signedHash);
    expect(flat, `certificate text:\n${text}`).toContain(originalHash);
    expect(flat, `certificate text:\n${text}`).toContain(signedHash);
    // and nothing that claims to be the hash of another file: every 64-hex value is one of the two,
    // or the head of the audit chain (docs/evidence.md), which is labelled as such
    const head = /Audit chain head\s+entry \d+:\s*([0-9a-f]{64})\b/.exec(text);
    expect(head, `the certificate prints the audit chain's head:\n${text}`).not.toBeNull();
    const hashes = new Set(text.match(/\b[0-9a-f]{64}\b/g) ?? []);
    for (const h of hashes) expect([originalHash, signedHash, head![1]]).toContain(h);
  });

  it("records where each signer signed from: their IP address and user agent", async () => {
    for (const agent of [CLIENT_AGENT, MANAGER_AGENT]) expect(flat).toContain(squeeze(agent));
    const fresh = await getDocument(token, doc.id);
    const ips = fresh.audits.filter((a) => a.metadata.keyword === "signed").map((a) => a.ip_address);
    expect(ips).toHaveLength(2);
    for (const ip of ips) {
      expect(ip).toMatch(/\S/);
      expect(text).toContain(ip!);
    }
  });

  it("lists the audit trail's events", () => {
    for (const keyword of ["created", "viewed", "signed", "executed"]) expect(text).toMatch(new RegExp(`\\b${keyword}\\b`));
  });
});

describe("after completion", () => {
  it("the audit trail records the completion with the signed PDF's SHA-256", async () => {
    const fresh = await getDocument(token, doc.id);
    const completed = fresh.audits.filter((a) => a.metadata.keyword === "completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]!.payload).toContain(sha256(files.signed));
  });

  it("every signer is e-mailed a link that downloads the signed PDF", async () => {
    // The outbox is the dashboard's (/ext): alice's own dashboard token.
    const res = await api("/ext/outbox", { token: (await dashboardTokenFor("alice")).access_token, query: { per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    const completed = (res.body.emails as any[]).filter((e) => e.document_id === doc.id && e.kind === "completed");
    expect(completed.map((e) => e.to).sort()).toEqual(["cleo@client.example", "morgan@manager.example"]);
    // the message states the signed PDF's fingerprint, so a recipient can check what they were sent
    for (const e of completed) expect(e.text).toContain(sha256(files.signed));
    const link = /https?:\/\/\S+\/files\/\S+/.exec(completed[0].text)?.[0];
    expect(link, completed[0].text).toBeDefined();
    expect(sha256(await download(link!.replace(/[>)\].,]+$/, ""), "e-mailed link"))).toBe(sha256(files.signed));
  });
});

describe("POST /verify/check", () => {
  it("the signed PDF → verified (file signed) with the document and its signers, e-mail addresses masked", async () => {
    const res = await verifyCheck(files.signed);
    expect(res.status, res.text).toBe(200);
    expect(res.body.verdict).toBe("verified");
    expect(res.body.document).toMatchObject({ id: doc.id, name: "Completion test agreement", file: "signed" });
    // names masked for an anonymous check (issue 10 point 12; e2e/security/verify-privacy.test.ts)
    expect(res.body.document.signers.map((s: any) => s.name)).toEqual(["C*** C***", "M*** M***"]);
    expect(res.body.document.signers.every((s: any) => s.signed_at)).toBe(true);
    expect(res.body.document.audit.map((a: any) => a.keyword)).toEqual(expect.arrayContaining(["created", "signed", "executed"]));
    expect(res.text).not.toContain("cleo@client.example");
    expect(res.text).not.toContain("morgan@manager.example");
  });

  it("the merged PDF → verified (file merged)", async () => {
    const res = await verifyCheck(files.merged);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ verdict: "verified", document: { id: doc.id, file: "merged" } });
  });

  it("a copy with one changed byte is altered; the original and the certificate alone are unsigned", async () => {
    for (const [what, bytes, verdict] of [
      ["tampered signed", flipByteInSignedRange(files.signed), "altered"],
      ["tampered merged", flipByteInSignedRange(files.merged), "altered"],
      ["original", files.original, "unsigned"],
      ["certificate", files.certificate, "unsigned"],
    ] as const) {
      const res = await verifyCheck(bytes);
      expect(res.status, `${what}: ${res.text}`).toBe(200);
      expect(res.body.verdict, what).toBe(verdict);
      expect(res.body.summary, what).toMatch(/^Not verified: /);
    }
  });

  it("an empty upload → 422 { error }", async () => {
    const res = await verifyCheck(new Uint8Array());
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
