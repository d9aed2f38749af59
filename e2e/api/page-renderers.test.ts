// Both page renderers draw the same pages (issue 14 point 4, docs/processing.md):
// poppler's (pdftocairo for the page images, pdftoppm for the thumbnails;
// installed here and in CI) and pdf.js in the workers (the fallback on a
// machine without poppler), on a server of this test's own started with
// PROCESSING_RENDERER=pdfjs, then =pdftoppm. One upload with the pages that tell renderers apart — a
// tag, landscape, /Rotate 90, a crop box inside the media box, a page so tall
// that it is scaled by area, a small page whose size is not a round number of
// points — must give the same page sizes, the same image
// and thumbnail sizes, the same fields, and the same picture: dark where the
// page has its black box, the same coarse greys elsewhere. Then the fallback:
// with a renderer that dies after its first page (leaving the next one's file
// cut short) or draws the wrong size, pdf.js draws the pages it did not
// deliver, and the upload is whole.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFNumber, StandardFonts, rgb } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchImagePixels } from "./support/image-pixels";
import { counterValues, countsMoved } from "./support/metric-counts";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { callAt, prepareOwnServer, tokenAt, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { sendingRequestBody } from "./support/sending";

const USER = { email: "renderers@pages.example", password: "renderers-Pa55word-e2e", name: "Rene Renderer" };
const HAS_PDFTOPPM = !spawnSync("pdftoppm", ["-v"]).error;
let setup: OwnServerSetup;
let ownServer: OwnServer | undefined;
let token = "";
/** The server's temporary directory (TMPDIR), where pdftoppm's directories come and go. */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "page-renderers-tmp-"));
const leftovers = () => fs.readdirSync(tmp).filter((f) => f.startsWith("pdftoppm-"));

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "page-renderers", fromPort: 4460 });
  ownServer = setup.server;
  if (!ownServer) return;
  await ownServer.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Renderers Ltd", "--account", "Renderers");
  const app = await ownServer.cli("app:create", "--owner", USER.email, "--name", "Renderers", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  ownServer.env.PROCESSING_RENDERER = "pdfjs";
  ownServer.env.TMPDIR = tmp;
  await ownServer.start();
  token = await tokenAt(ownServer.baseUrl, USER, app);
}, 300_000);

afterAll(async () => {
  await setup?.teardown();
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

/** Each page: its size in points, and where its black box is (fractions of the page as displayed). */
const PAGES = [
  { size: [612, 792], box: { x: 0.1, y: 0.1, w: 0.3, h: 0.2 }, tag: true },
  { size: [842, 595], box: { x: 0.6, y: 0.5, w: 0.3, h: 0.3 } },
  { size: [612, 792], rotate: 90, box: { x: 0.5, y: 0.1, w: 0.4, h: 0.3 } },
  { size: [612, 792], crop: [50, 100, 400, 500], box: { x: 0.2, y: 0.6, w: 0.5, h: 0.3 } },
  // 20 mm wide: pdf.js's sizes rounded to 0.01 pt would put pdftocairo's a pixel over (1101 wide)
  { size: [56.6929, 100.37], box: { x: 0.2, y: 0.3, w: 0.6, h: 0.4 } },
  { size: [120, 4000], box: { x: 0.2, y: 0.05, w: 0.6, h: 0.1 } },
] as const;

/** Each page's image size: 1100 px wide as displayed (a turned page too), the tall one scaled to ~4 megapixels. */
const PIXELS = [
  [1100, 1424],
  [1100, 778],
  [1100, 850],
  [1100, 1375],
  [1100, 1948],
  [347, 11548],
];

/** The test PDF. Boxes are drawn in unrotated page space, so for /Rotate 90 the displayed box is mapped back first. */
async function makeTestPdf({ tag = true } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // A standard font, not embedded (as pdf-lib writes it): pdf.js draws its own copy, pdftoppm fontconfig's
  // (Liberation Sans): the text differs a little, hence the coarse comparison below.
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const p of PAGES) {
    const [w, h] = p.size;
    const page = pdf.addPage([w, h]);
    const crop = "crop" in p ? p.crop : [0, 0, w, h];
    if ("crop" in p) page.setCropBox(crop[0], crop[1], crop[2], crop[3]);
    const [cw, ch] = [crop[2], crop[3]];
    const b = p.box;
    if ("rotate" in p) {
      // Displayed after a 90° clockwise turn: displayed (x, y from top) = (1 - y_pdf/h..., ...); draw in page space.
      page.node.set(PDFName.of("Rotate"), PDFNumber.of(p.rotate));
      // displayed width = h, height = w; a displayed point (X, Y from top) is page point (x = Y·w, y = X·h).
      page.drawRectangle({ x: b.y * w, y: b.x * h, width: b.h * w, height: b.w * h, color: rgb(0, 0, 0) });
    } else {
      page.drawRectangle({ x: crop[0] + b.x * cw, y: crop[1] + (1 - b.y - b.h) * ch, width: b.w * cw, height: b.h * ch, color: rgb(0, 0, 0) });
    }
    page.drawText("Page text that both renderers draw alike", { x: crop[0] + 10, y: crop[1] + 20, size: Math.min(10, cw / 30), font });
    if ("tag" in p && tag) page.drawText("[[signature|Client]]", { x: 300, y: 150, size: 10, font });
  }
  return pdf.save();
}

async function uploadTo(base: string, token: string, bytes: Uint8Array, expected: "completed" | "errored" = "completed") {
  const call = (path: string, init: { method?: string; body?: unknown } = {}) => callAt(base, token, path, init);
  const created = await call("/public/v2/sending_requests", { body: sendingRequestBody({ file: { name: "renderers.pdf" } }) });
  expect(created.status, created.text).toBe(200);
  const { id, upload_url: uploadUrl } = created.body.sending_request;
  const put = await fetch(uploadUrl, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status, await put.text()).toBe(200);
  expect((await call(`/public/v2/sending_requests/${id}/uploaded`, { method: "POST" })).status).toBe(200);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const got = await call(`/public/v2/sending_requests/${id}`);
    const request = got.body.sending_request ?? got.body;
    if (request.status === "completed" || request.status === "errored") {
      expect(request.status, String(request.status_message)).toBe(expected);
      const doc = expected === "completed" ? (await call(`/public/v2/documents/${request.document_template_id}`)).body.document : null;
      return { doc, request };
    }
    if (Date.now() > deadline) throw new Error(`still ${request.status} after 90 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** An upload to `server`, and the pages each renderer drew for it (processing_pages_total). */
async function uploadCounted(server: OwnServer, bytes: Uint8Array) {
  const before = await counterValues(server.baseUrl, "processing_pages_total");
  const { doc } = await uploadTo(server.baseUrl, token, bytes);
  return { doc, moved: countsMoved(before, await counterValues(server.baseUrl, "processing_pages_total")) };
}

/** The image at `url`, decoded: its size and a grid of mean greys (0 black … 255 white), `cells` × `cells`. */
async function picture(url: string, cells = 16) {
  const { data, ...image } = await fetchImagePixels(url);
  const grey = (x0: number, y0: number, x1: number, y1: number) => {
    let sum = 0;
    let n = 0;
    for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
      for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
        const i = (y * image.width + x) * 4;
        sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
        n++;
      }
    }
    return n ? sum / n : 255;
  };
  const grid: number[] = [];
  for (let r = 0; r < cells; r++) {
    for (let c = 0; c < cells; c++) grid.push(grey((c * image.width) / cells, (r * image.height) / cells, ((c + 1) * image.width) / cells, ((r + 1) * image.height) / cells));
  }
  /** Mean grey inside a box given in fractions of the image, a margin in from its edges. */
  const inside = (b: { x: number; y: number; w: number; h: number }) =>
    grey((b.x + b.w * 0.1) * image.width, (b.y + b.h * 0.1) * image.height, (b.x + b.w * 0.9) * image.width, (b.y + b.h * 0.9) * image.height);
  return { width: image.width, height: image.height, grid, inside };
}

const fieldsOf = (doc: any) =>
  (doc.form_fields as any[])
    .map((f) => ({ name: f.name, role: f.role, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height }))
    .sort((a, b) => a.name.localeCompare(b.name));

describe("page images from pdftoppm and from pdf.js", () => {
  it("draw the same pages: sizes, fields, image and thumbnail sizes, and what is on them", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    expect(HAS_PDFTOPPM, "pdftoppm (poppler-utils) is installed where the tests run (.ci/run installs it)").toBe(true);
    const bytes = await makeTestPdf();

    const server = ownServer!;
    const pdfjs = await uploadCounted(server, bytes);
    expect(pdfjs.moved).toEqual({ pdfjs: PAGES.length });
    await server.stop();
    // What a server killed mid-job leaves (kill -9: no clean-up ran) goes when a worker starts; a directory younger
    // than two hours (twice the longest deadline allowed) may be another process's running job and stays.
    const stale = path.join(tmp, "pdftoppm-killed");
    fs.mkdirSync(path.join(stale, "image-1"), { recursive: true });
    fs.writeFileSync(path.join(stale, "in.pdf"), bytes);
    fs.writeFileSync(path.join(stale, "image-1", "p1-1.jpg"), "");
    const dayAgo = new Date(Date.now() - 86_400_000);
    fs.utimesSync(stale, dayAgo, dayAgo);
    // (half an hour: past this server's own deadline twice over, within another instance's longest one)
    const running = path.join(tmp, "pdftoppm-running");
    fs.mkdirSync(running);
    const halfHourAgo = new Date(Date.now() - 1_800_000);
    fs.utimesSync(running, halfHourAgo, halfHourAgo);
    server.env.PROCESSING_RENDERER = "pdftoppm";
    await server.start();
    await expect.poll(leftovers, { timeout: 5000, message: "the stale directory is removed at start-up, the recent one kept" }).toEqual(["pdftoppm-running"]);
    fs.rmdirSync(path.join(tmp, "pdftoppm-running"));
    const poppler = await uploadCounted(server, bytes);
    expect(poppler.moved, "every page from pdftoppm, none left to pdf.js").toEqual({ pdftoppm: PAGES.length });
    // Without a tag (and without a form) the pages are drawn from the upload as it came: the same images.
    const untagged = await uploadCounted(server, await makeTestPdf({ tag: false }));
    expect(untagged.moved).toEqual({ pdftoppm: PAGES.length });
    await expect.poll(leftovers, { timeout: 5000, message: "pdftoppm's temporary directories are removed" }).toEqual([]);
    for (let i = 0; i < PAGES.length; i++) {
      const page = await picture(untagged.doc.page_image_urls[i]);
      expect([page.width, page.height], `untagged page ${i + 1}`).toEqual(PIXELS[i]);
      expect(page.inside(PAGES[i]!.box), `untagged page ${i + 1}'s box`).toBeLessThan(40);
    }

    // The tag's field on page 1, the other role's automatic one at the foot of the last page (placed by its size).
    expect(fieldsOf(poppler.doc)).toEqual(fieldsOf(pdfjs.doc));
    expect(fieldsOf(poppler.doc).map((f) => [f.role, f.page])).toEqual([
      ["Client", 1],
      ["Manager", 6],
    ]);

    for (let i = 0; i < PAGES.length; i++) {
      const [a, b] = [await picture(poppler.doc.page_image_urls[i]), await picture(pdfjs.doc.page_image_urls[i])];
      expect([a.width, a.height], `page ${i + 1}`).toEqual([b.width, b.height]);
      expect([a.width, a.height], `page ${i + 1}`).toEqual(PIXELS[i]);
      // The black box is black in both, and the pages look alike cell by cell (fonts may differ a little).
      expect(a.inside(PAGES[i]!.box), `page ${i + 1}'s box (pdftoppm)`).toBeLessThan(40);
      expect(b.inside(PAGES[i]!.box), `page ${i + 1}'s box (pdf.js)`).toBeLessThan(40);
      const diff = a.grid.reduce((s, g, k) => s + Math.abs(g - b.grid[k]!), 0) / a.grid.length;
      expect(diff, `page ${i + 1}: mean grey difference per cell`).toBeLessThan(6);
    }
    const [ta, tb] = [await picture(poppler.doc.thumbnail_url, 8), await picture(pdfjs.doc.thumbnail_url, 8)];
    expect([ta.width, ta.height]).toEqual([tb.width, tb.height]);
    expect(ta.inside(PAGES[0].box)).toBeLessThan(60);
  });
});

/**
 * Poppler's renderers misbehaving, first on the server's PATH (the same script as `pdftocairo`, which draws the page
 * images, and `pdftoppm`, which draws the thumbnails): the page-image process of the run starting at page 1 draws
 * that page, leaves page 2's file cut short (as a kill while writing does) and is then killed (-9), the thumbnail processes of the other runs draw the wrong size; anything else is
 * the real tool. With a file `hang` beside them, they only wait (sleep 61.5).
 */
function fakePoppler(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-pdftoppm-"));
  for (const tool of ["pdftocairo", "pdftoppm"]) {
    const real = spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    expect(real, `${tool} (poppler-utils) is installed where the tests run`).not.toBe("");
    const script = `#!/bin/sh
REAL=${JSON.stringify(real)}
case " $* " in *" -v "*) exec "$REAL" "$@";; esac
[ -e "$(dirname "$0")/hang" ] && exec sleep 61.5
first=""; prev=""
for a in "$@"; do
  [ "$prev" = "-f" ] && first="$a"
  prev="$a"
done
if [ "$first" = 1 ] && [ ${tool} = pdftocairo ]; then
  "$REAL" "$@" -l 1
  for root in "$@"; do :; done
  head -c $(( $(wc -c < "$root-1.jpg") / 2 )) "$root-1.jpg" > "$root.part"
  mv "$root.part" "$root-2.jpg"
  kill -9 $$
fi
if [ "$first" != 1 ] && [ ${tool} = pdftoppm ]; then
  for a in "$@"; do
    shift
    if [ "$a" = 200 ]; then set -- "$@" 150; else set -- "$@" "$a"; fi
  done
  exec "$REAL" "$@"
fi
exec "$REAL" "$@"
`;
    fs.writeFileSync(path.join(dir, tool), script, { mode: 0o755 });
  }
  return dir;
}

describe("a pdftoppm that fails", () => {
  it("leaves its pages to pdf.js: the upload has every page, at the right size", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    expect(HAS_PDFTOPPM, "pdftoppm (poppler-utils) is installed where the tests run").toBe(true);
    const server = ownServer!;
    await server.stop();
    const fake = fakePoppler();
    server.env.PATH = `${fake}:${process.env.PATH}`;
    server.env.PROCESSING_RENDERER = "pdftoppm";
    await server.start();
    try {
      const pdf = await PDFDocument.create();
      for (let i = 0; i < 6; i++) pdf.addPage([612, 792]).drawRectangle({ x: 100, y: 500, width: 200, height: 100, color: rgb(0, 0, 0) });
      const before = await counterValues(server.baseUrl, "processing_pages_total");
      const done = await uploadTo(server.baseUrl, token, await pdf.save());
      // Runs of 3 pages on 2 workers: page 1 from poppler (its process then died, page 2's file half written), 2–3
      // from pdf.js; 4–6's thumbnails came at the wrong size, so pdf.js drew those pages too.
      expect(countsMoved(before, await counterValues(server.baseUrl, "processing_pages_total"))).toEqual({ pdftoppm: 1, pdfjs: 5 });
      expect(done.doc.page_image_urls).toHaveLength(6);
      for (let i = 0; i < 6; i++) {
        const page = await picture(done.doc.page_image_urls[i]);
        expect([page.width, page.height]).toEqual([1100, 1424]);
        expect(page.inside({ x: 100 / 612, y: (792 - 600) / 792, w: 200 / 612, h: 100 / 792 })).toBeLessThan(40);
      }
      const thumb = await picture(done.doc.thumbnail_url, 4);
      expect(thumb.width).toBe(200);
      await expect.poll(leftovers, { timeout: 5000, message: "pdftoppm's temporary directories are removed" }).toEqual([]);

      // A pdftoppm that hangs is killed at the job's deadline; its directory goes too.
      await server.stop();
      fs.writeFileSync(path.join(fake, "hang"), "");
      server.env.PROCESSING_TIMEOUT_SECONDS = "5";
      await server.start();
      const hung = await uploadTo(server.baseUrl, token, await pdf.save(), "errored");
      expect(hung.request.status_message).toMatch(/took longer than 5 seconds/);
      // (the upload is marked errored as the job fails; the kill and the clean-up follow within moments)
      const sleeping = () => spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout.split("\n").filter((l) => l.startsWith("sleep 61.5"));
      await expect.poll(sleeping, { timeout: 5000, message: "the hanging processes were killed" }).toEqual([]);
      await expect.poll(leftovers, { timeout: 5000 }).toEqual([]);
    } finally {
      fs.rmSync(fake, { recursive: true, force: true });
    }
  });
});
