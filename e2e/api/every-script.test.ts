// Every script on every surface (issue 12, point 1): documents are sent from
// alice's fixture template with signer names, a merge value, a text answer
// and a document name in one script each — Latin with accents, Cyrillic,
// Greek, Chinese, Japanese, Korean, Arabic, Hebrew (right to left),
// Devanagari and Thai — and signed through the signers' links. Then, with
// tools that share no code with the service:
//   - poppler's `pdftotext` of the signed PDF and of the certificate returns
//     each string exactly as typed (right-to-left ones in logical order);
//   - `pdffonts` lists only embedded subset fonts with a ToUnicode map;
//   - no missing glyph is drawn: the content streams never show glyph 0
//     (.notdef) in any of the fonts the service embeds, and the value's box
//     on the page rendered by `pdftoppm` has ink;
//   - each script adds less than 150 KB to the signed PDF (fonts are subsets);
//   - the signing request e-mail (through the run's SMTP sink) has the
//     document name in its subject and the signer's name in its bodies.
// On the code before this work, every non-Latin string came out as "???".
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "./support/mail-sink";
import {
  aliceToken,
  clientValues,
  download,
  managerValues,
  pdfText,
  recipient,
  sendFromTemplate,
  submitAs,
  waitForDocument,
  type Doc,
} from "./support/signing-calls";

const run = promisify(execFile);

type Sample = { script: string; client: string; manager: string; title: string; merge: string; name: string };

/** The control: plain ASCII, as every document had before. */
const PLAIN: Sample = { script: "plain", client: "Cleo Client", manager: "Morgan Manager", title: "Head of Testing", merge: "Globex Corporation", name: "Plain agreement" };

const SAMPLES: Sample[] = [
  { script: "Latin", client: "Zoë Łukasiewicz-Müller", manager: "François Ørsted", title: "Señora Directora Générale", merge: "Škoda Ærø Ltd", name: "Smlouva o dílo" },
  { script: "Cyrillic", client: "Иван Петров", manager: "Мария Иванова", title: "Генеральный директор", merge: "ООО Ромашка", name: "Договор поставки" },
  { script: "Greek", client: "Γιώργος Παπαδόπουλος", manager: "Ελένη Νικολάου", title: "Διευθύνων Σύμβουλος", merge: "Ελληνική Εταιρεία", name: "Σύμβαση έργου" },
  { script: "Chinese", client: "王小明", manager: "李华", title: "中文总经理", merge: "北京中文有限公司", name: "中文合同" },
  { script: "Japanese", client: "山田太郎", manager: "佐藤花子", title: "日本語の代表取締役", merge: "株式会社ひらがな", name: "日本語の契約書" },
  { script: "Korean", client: "김철수", manager: "이영희", title: "한국어 대표이사", merge: "주식회사 한국", name: "한국어 계약서" },
  { script: "Arabic", client: "محمد علي", manager: "فاطمة حسن", title: "مرحبا بالعالم", merge: "شركة مرحبا", name: "عقد مرحبا" },
  { script: "Hebrew", client: "דוד כהן", manager: "שרה לוי", title: "עברית שלום", merge: "חברת עברית", name: "חוזה עברית" },
  { script: "Devanagari", client: "राम शर्मा", manager: "सीता देवी", title: "नमस्ते प्रबंधक", merge: "हिन्दी कंपनी", name: "नमस्ते अनुबंध" },
  { script: "Thai", client: "สมชาย ใจดี", manager: "สมหญิง รักไทย", title: "สวัสดี ผู้จัดการ", merge: "บริษัท สวัสดี", name: "สัญญา สวัสดี" },
];

/** Emoji and other characters no Noto text font has: drawn as themselves where a font has them, else as a visible U+FFFD. */
const EMOJI: Sample = { script: "emoji", client: "Ana 😀 Smile", manager: "Bob ✅ Builder", title: "Approved 👍 ok", merge: "Rocket 🦄 Corp", name: "Party 🎉 agreement" };

/** Growth of the signed PDF allowed per script, over the plain document. */
const MAX_GROWTH = 150 * 1024;

type Signed = { sample: Sample; doc: Doc; signed: Uint8Array; certificate: Uint8Array; clientEmail: string };
const results = new Map<string, Signed>();

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

async function signOne(token: string, sample: Sample): Promise<Signed> {
  const clientEmail = `client.${slug(sample.script)}@scripts.example`;
  const sent = await sendFromTemplate(token, {
    name: sample.name,
    roles: [
      { name: "Client", signer_name: sample.client, signer_email: clientEmail },
      { name: "Manager", signer_name: sample.manager, signer_email: `manager.${slug(sample.script)}@scripts.example` },
    ],
    merge_field_identifier: "name",
    merge_field_values: [{ name: "Customer Name", value: sample.merge }],
  });
  const c = await submitAs(recipient(sent, "Client"), clientValues(sent, { title: sample.title }));
  if (c.status !== 200) throw new Error(`${sample.script}: the Client's submit answered ${c.status}: ${c.text}`);
  const m = await submitAs(recipient(sent, "Manager"), managerValues(sent));
  if (m.status !== 200) throw new Error(`${sample.script}: the Manager's submit answered ${m.status}: ${m.text}`);
  const doc = await waitForDocument(token, sent.id, (d) => !!(d.signed_pdf_url && d.signature_certificate_url), `${sample.script}: signed files`, 150_000);
  return {
    sample,
    doc,
    clientEmail,
    signed: await download(doc.signed_pdf_url!, `${sample.script} signed PDF`),
    certificate: await download(doc.signature_certificate_url!, `${sample.script} certificate`),
  };
}

beforeAll(async () => {
  const token = await aliceToken();
  // All at once: the completion jobs run side by side like a busy day's.
  const all = await Promise.all([PLAIN, EMOJI, ...SAMPLES].map((s) => signOne(token, s)));
  for (const r of all) results.set(r.sample.script, r);
}, 240_000);

/** pdftotext's output without the bidi embedding marks it puts around right-to-left runs, in NFC. */
const extracted = async (bytes: Uint8Array) => (await pdfText(bytes)).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").normalize("NFC");

async function withFile<T>(bytes: Uint8Array, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "every-script-"));
  try {
    const file = path.join(dir, "in.pdf");
    await fs.writeFile(file, bytes);
    return await fn(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `pdffonts` rows: name, type, whether embedded, subset, with ToUnicode. */
async function fontsOf(bytes: Uint8Array) {
  const { stdout } = await withFile(bytes, (file) => run("pdffonts", [file]));
  return stdout
    .trim()
    .split("\n")
    .slice(2)
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      // name type… encoding emb sub uni object-id generation: the flags are the 5th–3rd from the end
      return { name: cols[0]!, line, emb: cols.at(-5), sub: cols.at(-4), uni: cols.at(-3) };
    });
}

/**
 * Glyph codes shown with the service's fonts (Type0, Identity-H: two bytes a
 * glyph) on every page: how many, and how many are glyph 0 (.notdef, the
 * missing-glyph box).
 */
async function shownGlyphs(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  let shown = 0;
  let notdef = 0;
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    const type0 = new Set<string>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      const dict = ref instanceof PDFRef ? pdf.context.lookup(ref, PDFDict) : ref;
      if (dict instanceof PDFDict && dict.get(PDFName.of("Subtype"))?.toString() === "/Type0") type0.add(name.toString());
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    const text = streams
      .filter((s): s is PDFStream => s instanceof PDFStream)
      .map((s) => Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents()).toString("latin1"))
      .join("\n");
    let current = "";
    for (const m of text.matchAll(/(\/[^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1]) current = m[1];
      else if (type0.has(current)) {
        for (let i = 0; i + 4 <= m[2]!.length; i += 4) {
          shown++;
          if (/^0000$/.test(m[2]!.slice(i, i + 4))) notdef++;
        }
      }
    }
  }
  return { shown, notdef };
}

/** Dark pixels of page 1 of `bytes` (pdftoppm, 72 dpi, grey) inside a box in fractions of the page from the top left. */
async function inkIn(bytes: Uint8Array, box: { x: number; y: number; width: number; height: number }): Promise<number> {
  return withFile(bytes, async (file, dir) => {
    await run("pdftoppm", ["-r", "72", "-f", "1", "-l", "1", "-gray", file, path.join(dir, "page")]);
    const name = (await fs.readdir(dir)).find((f) => f.endsWith(".pgm"));
    if (!name) throw new Error("pdftoppm wrote no page image");
    const pgm = await fs.readFile(path.join(dir, name));
    // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString("latin1", 0, 64));
    if (!header) throw new Error("pdftoppm's page is not a binary PGM");
    const [w, h] = [Number(header[1]), Number(header[2])];
    const data = pgm.subarray(header[0].length);
    let ink = 0;
    for (let y = Math.floor(box.y * h); y < Math.ceil((box.y + box.height) * h); y++) {
      for (let x = Math.floor(box.x * w); x < Math.ceil((box.x + box.width) * w); x++) if (data[y * w + x]! < 128) ink++;
    }
    return ink;
  });
}

describe.each(SAMPLES.map((s) => [s.script, s] as const))("%s", (script, sample) => {
  const r = () => results.get(script)!;

  it("pdftotext of the signed PDF returns the text answer and the merge value exactly as typed", async () => {
    const text = await extracted(r().signed);
    expect(text, `the text answer in\n${text}`).toContain(sample.title.normalize("NFC"));
    expect(text, `the merge value in\n${text}`).toContain(sample.merge.normalize("NFC"));
    expect(text).not.toContain("???");
  });

  it("pdftotext of the certificate returns the document name and both signers' names", async () => {
    const text = await extracted(r().certificate);
    for (const value of [sample.name, sample.client, sample.manager]) expect(text, `"${value}" in\n${text}`).toContain(value.normalize("NFC"));
    expect(text).not.toContain("???");
  });

  it("every font in both files is embedded as a subset with a ToUnicode map", async () => {
    for (const bytes of [r().signed, r().certificate]) {
      const fonts = (await fontsOf(bytes)).filter((f) => /NotoSans/.test(f.name));
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) expect([f.emb, f.sub, f.uni], f.line).toEqual(["yes", "yes", "yes"]);
      expect(fonts.every((f) => /^[A-Z]{6}\+/.test(f.name))).toBe(true);
    }
  });

  it("no missing glyph is drawn: glyph 0 never shown, and the answer's box has ink on the rendered page", async () => {
    for (const [what, bytes] of [["signed PDF", r().signed], ["certificate", r().certificate]] as const) {
      const { shown, notdef } = await shownGlyphs(bytes);
      expect(shown, `${what}: glyphs drawn with the service's fonts`).toBeGreaterThan(10);
      expect(notdef, `${what}: .notdef glyphs`).toBe(0);
    }
    // client_title's box in the fixture template (fractions of page 1, from the top left)
    expect(await inkIn(r().signed, { x: 0.25, y: 0.7, width: 0.3, height: 0.03 })).toBeGreaterThan(20);
  });

  it(`the signed PDF grows by less than ${MAX_GROWTH / 1024} KB over the plain one (fonts are subsets)`, () => {
    const growth = r().signed.length - results.get("plain")!.signed.length;
    console.log(`[every-script] ${script}: signed PDF ${r().signed.length} bytes (${growth >= 0 ? "+" : ""}${growth}), certificate ${r().certificate.length}`);
    expect(growth).toBeLessThan(MAX_GROWTH);
    expect(r().certificate.length - results.get("plain")!.certificate.length).toBeLessThan(MAX_GROWTH);
  });

  it("the signing request e-mail has the document name in its subject and the signer's name in its bodies", async () => {
    const mail = await waitForMail(r().clientEmail, { subject: /to sign/ });
    expect(mail.subject).toContain(sample.name);
    expect(mail.text).toContain(`Hello ${sample.client},`);
    expect(mail.html).toContain(sample.client);
    expect(mail.html).toMatch(/<meta charset="utf-8">/i);
  });
});

it("emoji never fail the job: each is drawn as itself or as a visible U+FFFD, never as glyph 0", async () => {
  const r = results.get("emoji")!;
  expect(r.doc.state).toBe("executed");
  const signed = await extracted(r.signed);
  expect(signed).toMatch(/Approved (👍|\uFFFD) ok/u);
  expect(signed).toMatch(/Rocket (🦄|\uFFFD) Corp/u);
  expect(await extracted(r.certificate)).toMatch(/Ana (😀|\uFFFD) Smile/u);
  for (const bytes of [r.signed, r.certificate]) expect((await shownGlyphs(bytes)).notdef).toBe(0);
});

it("the plain document has no glyph 0 either (the control)", async () => {
  const plain = results.get("plain")!;
  expect((await shownGlyphs(plain.signed)).notdef).toBe(0);
  expect(await extracted(plain.signed)).toContain(PLAIN.title);
});
