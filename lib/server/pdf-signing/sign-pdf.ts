import "server-only";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from "pdf-lib";
import { CadesSigner } from "./cades-signature";
import { appendIncrementalUpdate } from "./incremental-update";
import { getSigningKey } from "./signing-identity";
import { findByteRanges } from "./verify-pdf-signature";

// Seals a PDF with the service's certificate: an invisible signature field
// whose /ByteRange covers every byte of the file except the /Contents hole
// that holds the CMS signature, so any later change to the file is detected.
// SubFilter ETSI.CAdES.detached (PAdES baseline B-B; see cades-signature.ts).
//
// An unsigned PDF is rewritten by pdf-lib with the placeholder (classic xref
// table, no object streams, so the placeholder is plain text @signpdf can find
// and fill). A PDF that already carries a signature gets an incremental update
// instead, so the earlier signatures stay valid.

export type SignPdfMeta = {
  /** /Reason, e.g. "Signed by all parties". */
  reason: string;
  /** /Name of the signer shown by viewers (the certificate's CN is shown too). */
  name: string;
  location?: string;
  contactInfo?: string;
  /** Claimed signing time (/M); PAdES keeps it out of the CMS. Default: now. */
  signedAt?: Date;
};

/** Minimum bytes reserved for the CMS; the hole in the file is twice this in hex. */
const MIN_SIGNATURE_LENGTH = 8192;

/**
 * pdf-lib's PDFString writes each character's low byte verbatim and escapes
 * nothing, and @signpdf passes our strings straight to it. So hand it a
 * ready-made literal: ASCII as is, anything else as UTF-16BE with a BOM (the
 * PDF text string encoding), with ( ) \ and line ends escaped so a name like
 * "O'Brien (Acme" cannot break the file.
 */
export function pdfTextLiteral(text: string): string {
  const bytes = /^[\x20-\x7e]*$/.test(text)
    ? Buffer.from(text, "latin1")
    : Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]);
  let out = "";
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b === 0x0d) out += "\\r";
    else if (b === 0x0a) out += "\\n";
    else out += String.fromCharCode(b);
  }
  return out;
}

function fieldsOf(doc: PDFDocument): PDFArray | undefined {
  const acroForm = doc.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (!acroForm) return undefined;
  const fields = acroForm.get(PDFName.of("Fields"));
  if (fields instanceof PDFRef) {
    // @signpdf replaces an indirect /Fields with a new empty array, which would
    // drop the document's existing form fields; make it direct first.
    const array = acroForm.lookupMaybe(PDFName.of("Fields"), PDFArray) ?? doc.context.obj([]);
    acroForm.set(PDFName.of("Fields"), array);
    return array;
  }
  return fields instanceof PDFArray ? fields : undefined;
}

function fieldNames(doc: PDFDocument, fields: PDFArray | undefined): Set<string> {
  const names = new Set<string>();
  for (const item of fields?.asArray() ?? []) {
    const field = doc.context.lookup(item);
    const t = field instanceof PDFDict ? field.lookup(PDFName.of("T")) : undefined;
    if (t instanceof PDFString || t instanceof PDFHexString) names.add(t.decodeText());
  }
  return names;
}

/** The signed PDF (a fresh ArrayBuffer, so it can go straight into a Response or fetch body). */
export async function signPdf(pdf: Uint8Array, meta: SignPdfMeta): Promise<Uint8Array<ArrayBuffer>> {
  const key = await getSigningKey();
  const signedAt = meta.signedAt ?? new Date();
  const incremental = findByteRanges(pdf).length > 0;

  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const page = doc.getPages()[0];
  if (!page) throw new Error("PDF has no pages");
  const largestBefore = doc.context.largestObjectNumber;
  const acroFormRef = doc.catalog.get(PDFName.of("AcroForm"));

  // @signpdf names every field "Signature1"; two fields of one name would be
  // one field to a viewer, hiding the second signature.
  const taken = fieldNames(doc, fieldsOf(doc));
  let n = 1;
  while (taken.has(`Signature${n}`)) n++;

  const certificateBytes = key.certificate.length + key.chain.reduce((s, c) => s + c.length, 0);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: page,
    reason: pdfTextLiteral(meta.reason),
    name: pdfTextLiteral(meta.name),
    location: pdfTextLiteral(meta.location ?? ""),
    contactInfo: pdfTextLiteral(meta.contactInfo ?? ""),
    signingTime: signedAt,
    subFilter: "ETSI.CAdES.detached",
    signatureLength: Math.max(MIN_SIGNATURE_LENGTH, certificateBytes + 4096),
    widgetRect: [0, 0, 0, 0], // invisible: the signature is a seal, not a mark on the page
  });
  const fields = fieldsOf(doc);
  const widget = fields && doc.context.lookup(fields.get(fields.size() - 1));
  if (widget instanceof PDFDict) widget.set(PDFName.of("T"), PDFString.of(`Signature${n}`));

  let prepared: Uint8Array;
  if (incremental) {
    const created: PDFRef[] = [];
    for (const [ref] of doc.context.enumerateIndirectObjects()) {
      if (ref.objectNumber > largestBefore) created.push(ref);
    }
    // The placeholder adds to the first page's /Annots and to the AcroForm (in
    // the catalog, directly or by reference): those objects are rewritten.
    const changed = [...created, page.ref, doc.context.trailerInfo.Root as PDFRef];
    if (acroFormRef instanceof PDFRef) changed.push(acroFormRef);
    prepared = appendIncrementalUpdate(pdf, doc, changed);
  } else {
    prepared = await doc.save({
      useObjectStreams: false,
      // Regenerating other form fields' appearances would change how the document looks.
      updateFieldAppearances: false,
      addDefaultPage: false,
    });
  }

  const signed = await new SignPdf().sign(Buffer.from(prepared), new CadesSigner(key), signedAt);
  return new Uint8Array(signed);
}
