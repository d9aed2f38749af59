// An upload that already carries a signature of its own (a PDF signed
// elsewhere, sent again for signing): the executed PDFs hold the service's
// seal and nothing of the upload's signature. Stamping changes the pages,
// so the old signature could only ever show there as a broken one; the files
// are checked with the report behind /verify (read-pdf-signatures.ts, which
// finds every /ByteRange in the bytes) and poppler's pdfsig.
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { readPdfSignatures } from "../../lib/server/pdf-signing/read-pdf-signatures";
import { pdfsig } from "./support/pdfsig";
import { makePdf, submitFile, tokensFor, waitForFinal } from "./support/sending";
import { download, getDocument, recipient, signaturePng, submitAs, waitForDocument, type Doc } from "./support/signing-calls";

const files = {} as { upload: Uint8Array; stored: Uint8Array; signed: Uint8Array; merged: Uint8Array };
/** The content of the certificate the upload's DSS holds: recognisable wherever a DSS is copied. */
const UPLOAD_DSS_CERT = "upload's own DSS certificate";

/**
 * A tagged PDF (one signature field for Client) with a signature dictionary, a DocMDP /Perms naming it
 * and a DSS, as a PDF signed and certified elsewhere has them, written in plain text as signers write them.
 */
async function alreadySignedUpload(): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await makePdf({ title: "Signed elsewhere", lines: [{ page: 1, text: "Client signs here: [[signature|Client]]" }] }));
  const signature = pdf.context.register(
    pdf.context.obj({
      Type: "Sig",
      Filter: "Adobe.PPKLite",
      SubFilter: "adbe.pkcs7.detached",
      ByteRange: [0, 840, 1864, 240],
      Contents: PDFHexString.of("30".padEnd(1024, "0")),
      M: PDFHexString.fromText("D:20260101000000Z"),
    }),
  );
  pdf.catalog.set(PDFName.of("Perms"), pdf.context.obj({ DocMDP: signature }));
  const cert = pdf.context.register(pdf.context.stream(UPLOAD_DSS_CERT));
  pdf.catalog.set(PDFName.of("DSS"), pdf.context.obj({ Certs: [cert] }));
  return pdf.save({ useObjectStreams: false });
}

beforeAll(async () => {
  const { sam: token } = await tokensFor(["sam"]);
  files.upload = await alreadySignedUpload();
  const { id } = await submitFile("v2", token, files.upload, {
    file: { name: "signed-elsewhere.pdf" },
    document: { name: "Signed elsewhere", roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@signed-upload.example", sequence: 0 }] },
  });
  const done = await waitForFinal("v2", token, id);
  expect(done.status, JSON.stringify(done)).toBe("completed");
  let doc: Doc = await getDocument(token, done.document_template_id);
  // The tag's signature field, the one field of the document.
  expect(doc.form_fields, JSON.stringify(doc.form_fields)).toHaveLength(1);
  const signed = await submitAs(recipient(doc, "Client"), { [doc.form_fields[0]!.id]: signaturePng("client") });
  expect(signed.status, signed.text).toBe(200);
  doc = await waitForDocument(token, doc.id, (d) => !!(d.signed_pdf_url && d.merged_document_certificate_url), "the executed PDFs", 120_000);
  files.stored = await download(doc.original_file_url, "original_file_url");
  files.signed = await download(doc.signed_pdf_url!, "signed_pdf_url");
  files.merged = await download(doc.merged_document_certificate_url!, "merged_document_certificate_url");
}, 180_000);

describe("an upload signed elsewhere, signed again here", () => {
  it("the upload, and the original stored from it that completion starts from, carry the signature dictionary (the premise)", async () => {
    expect((await readPdfSignatures(files.upload)).length).toBe(1);
    const stored = await PDFDocument.load(files.stored, { updateMetadata: false });
    const withByteRange = stored.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFDict && o.has(PDFName.of("ByteRange")));
    expect(withByteRange).toHaveLength(1);
    expect(stored.catalog.has(PDFName.of("Perms")) && stored.catalog.has(PDFName.of("DSS")), "its /Perms and /DSS").toBe(true);
  });

  for (const which of ["signed", "merged"] as const) {
    it(`the ${which} PDF reports only the service's seal, intact, and no permissions of the old signature`, async () => {
      const ours = await pdfsig(files[which]);
      const report = await readPdfSignatures(files[which]);
      expect(ours.signatures.length, ours.stdout).toBeGreaterThan(0);
      // Every signature dictionary in the bytes is one pdfsig finds through the form: the service's.
      expect(report.map((s) => s.kind), JSON.stringify(report.map((s) => s.byteRange))).toHaveLength(ours.signatures.length);
      expect(report.filter((s) => !s.integrity.digestMatches || !s.integrity.signatureValid || !s.integrity.byteRangeWellFormed)).toEqual([]);
      expect(report.every((s) => s.fieldName !== null), "every signature is in a field").toBe(true);
      const catalog = (await PDFDocument.load(files[which], { updateMetadata: false })).catalog;
      expect(catalog.has(PDFName.of("Perms"))).toBe(false);
      // The seal's own DSS (with TSA_URLS) holds its certificates, not the upload's.
      const certs = catalog.lookupMaybe(PDFName.of("DSS"), PDFDict)?.lookupMaybe(PDFName.of("Certs"), PDFArray);
      const contents = (certs?.asArray() ?? []).map((ref) => {
        const stream = catalog.context.lookup(ref);
        return stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1") : String(stream);
      });
      expect(contents.filter((c) => c.includes(UPLOAD_DSS_CERT))).toEqual([]);
    });
  }
});
