// Time-limited file addresses (spec 2.1 "time-limited address", 2.3, and
// docs/api-decisions.md "File addresses"): /files/<key>?expires=<unix>&signature=<hmac>
// serve the stored page images and PDFs; any change to the address, an expired
// one or an unsigned one answers 403.
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures, http } from "./helpers";
import { expectSignedFileUrl, obtainTokens, type Tokens } from "./support/checks";

const A = fixtures.documents.alice;
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

let t: Tokens;
let doc: any;
let template: any;
beforeAll(async () => {
  t = await obtainTokens(["alice"]);
  doc = (await api(`/public/v2/documents/${A.executed}`, { token: t.alice })).body.document;
  template = (await api(`/public/v2/reusable_templates/${fixtures.templates.alice.id}`, { token: t.alice })).body.reusable_template;
  if (!doc || !template) throw new Error("could not load the fixture document and template");
});

/** GET an absolute file address (no token, no cookie: the signature is the permission). */
async function fetchFile(url: string) {
  const res = await fetch(url, { redirect: "manual" });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes };
}

/** The address with one query parameter replaced. */
function withParam(url: string, name: string, value: string) {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}

/** One character of the signature changed. */
function alterSignature(url: string) {
  const sig = new URL(url).searchParams.get("signature")!;
  const i = Math.floor(sig.length / 2);
  const replacement = sig[i] === "a" ? "b" : "a";
  return withParam(url, "signature", sig.slice(0, i) + replacement + sig.slice(i + 1));
}

/** Page images and thumbnails are JPEG since issue 14 (docs/processing.md); the address ends in .jpg. */
async function expectJpeg(url: string) {
  expect(new URL(url).pathname).toMatch(/\.jpg$/);
  const res = await fetchFile(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^image\/jpeg/);
  expect(res.bytes.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
  return res;
}

async function expectPdf(url: string) {
  const res = await fetchFile(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/pdf/);
  expect(res.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return res;
}

describe("signed file addresses serve the files", () => {
  it("document page images and thumbnail are JPEGs", async () => {
    expect(doc.page_image_urls).toHaveLength(2);
    const [p1, p2] = await Promise.all(doc.page_image_urls.map(expectJpeg));
    expect(p1!.bytes.equals(p2!.bytes)).toBe(false);
    await expectJpeg(doc.thumbnail_url);
  });

  it("the thumbnail is smaller than the page image", async () => {
    const [page, thumb] = await Promise.all([fetchFile(doc.page_image_urls[0]), fetchFile(doc.thumbnail_url)]);
    expect(thumb.bytes.length).toBeLessThan(page.bytes.length);
  });

  it("the document's original file is the PDF", async () => {
    const res = await expectPdf(doc.original_file_url);
    expect(res.bytes.length).toBeGreaterThan(500);
  });

  it("template page images and thumbnail are JPEGs", async () => {
    expect(template.page_image_urls).toHaveLength(2);
    await Promise.all(template.page_image_urls.map(expectJpeg));
    await expectJpeg(template.thumbnail_url);
  });

  it.each(["signed_pdf_url", "signature_certificate_url", "merged_document_certificate_url"])("%s of an executed document is a PDF", async (key) => {
    expect(typeof doc[key], `${key} of an executed document: ${JSON.stringify(doc[key])}`).toBe("string");
    await expectPdf(doc[key]);
  });

  it("addresses expire about an hour from now", () => {
    const now = Date.now() / 1000;
    for (const url of [doc.thumbnail_url, doc.original_file_url, ...doc.page_image_urls, ...template.page_image_urls]) {
      const u = expectSignedFileUrl(url, "file address");
      const expires = Number(u.searchParams.get("expires"));
      expect(expires - now).toBeGreaterThan(3500);
      expect(expires - now).toBeLessThan(4300);
    }
  });

  it("needs neither a token nor a session (works for <img>), and is not cached beyond its expiry", async () => {
    const res = await fetchFile(doc.page_image_urls[0]);
    expect(res.status).toBe(200);
    const cache = res.headers.get("cache-control") ?? "";
    const maxAge = /max-age=(\d+)/.exec(cache);
    if (maxAge) {
      const expires = Number(new URL(doc.page_image_urls[0]).searchParams.get("expires"));
      expect(Number(maxAge[1])).toBeLessThanOrEqual(expires - Math.floor(Date.now() / 1000) + 5);
    }
    expect(cache).not.toMatch(/public/);
  });
});

describe("changed, expired or unsigned addresses → 403", () => {
  const cases = () => ({
    page: doc.page_image_urls[0] as string,
    thumbnail: doc.thumbnail_url as string,
    pdf: doc.original_file_url as string,
  });

  it("the signature altered by one character", async () => {
    for (const [what, url] of Object.entries(cases())) {
      expect((await fetchFile(url)).status, `${what} untouched`).toBe(200);
      expect((await fetchFile(alterSignature(url))).status, `${what} altered`).toBe(403);
    }
  });

  it("the signature truncated, upper-cased, or empty", async () => {
    const url = cases().page;
    const sig = new URL(url).searchParams.get("signature")!;
    expect((await fetchFile(withParam(url, "signature", sig.slice(0, -1)))).status).toBe(403);
    if (sig.toUpperCase() !== sig) expect((await fetchFile(withParam(url, "signature", sig.toUpperCase()))).status).toBe(403);
    expect((await fetchFile(withParam(url, "signature", ""))).status).toBe(403);
  });

  it("expires moved later (the signature no longer matches)", async () => {
    for (const [what, url] of Object.entries(cases())) {
      const expires = Number(new URL(url).searchParams.get("expires"));
      expect((await fetchFile(withParam(url, "expires", String(expires + 600)))).status, what).toBe(403);
      expect((await fetchFile(withParam(url, "expires", String(expires + 10 * 365 * 86400)))).status, what).toBe(403);
    }
  });

  it("expires moved into the past cannot be forged either", async () => {
    const url = cases().page;
    const past = Math.floor(Date.now() / 1000) - 60;
    expect((await fetchFile(withParam(url, "expires", String(past)))).status).toBe(403);
    expect((await fetchFile(withParam(url, "expires", "0"))).status).toBe(403);
    expect((await fetchFile(withParam(url, "expires", "not-a-number"))).status).toBe(403);
  });

  it("the download file name changed", async () => {
    const url = cases().pdf;
    if (new URL(url).searchParams.has("filename")) {
      expect((await fetchFile(withParam(url, "filename", "renamed.pdf"))).status).toBe(403);
    } else {
      expect((await fetchFile(withParam(url, "filename", "added.pdf"))).status).toBe(403);
    }
  });

  it("a valid signature and expiry moved onto another file's key", async () => {
    const page1 = new URL(doc.page_image_urls[0]);
    const page2 = new URL(doc.page_image_urls[1]);
    const swapped = `${page2.origin}${page2.pathname}${page1.search}`;
    expect((await fetchFile(swapped)).status).toBe(403);
    // a page of another template (documents may share their template's page images, so not alice's own)
    const carols = (await api(`/public/v2/reusable_templates/${fixtures.templates.carol.id}`, { token: t.alice })).body.reusable_template;
    const otherPage = new URL(carols.page_image_urls[0]);
    expect(otherPage.pathname).not.toBe(page1.pathname);
    expect((await fetchFile(otherPage.toString())).status).toBe(200);
    expect((await fetchFile(`${otherPage.origin}${otherPage.pathname}${page1.search}`)).status).toBe(403);
  });

  it("without expires and signature (unsigned /files/<key>)", async () => {
    for (const url of Object.values(cases())) {
      const u = new URL(url);
      expect((await http(u.pathname)).status, u.pathname).toBe(403);
      const onlyExpires = `${u.pathname}?expires=${u.searchParams.get("expires")}`;
      expect((await http(onlyExpires)).status).toBe(403);
      const onlySignature = `${u.pathname}?signature=${u.searchParams.get("signature")}`;
      expect((await http(onlySignature)).status).toBe(403);
    }
  });

  it("a bearer token does not replace the signature", async () => {
    const u = new URL(doc.page_image_urls[0]);
    expect((await http(u.pathname, { headers: { Authorization: `Bearer ${t.alice}` } })).status).toBe(403);
  });

  it("an unknown key, unsigned, is 403 too (no hint which keys exist)", async () => {
    expect((await http("/files/no/such/key.png")).status).toBe(403);
  });
});
