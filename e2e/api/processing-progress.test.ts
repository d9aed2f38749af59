// Pages are available as they finish (issue 14 point 4): while a long upload
// is still processing, the pages stored so far (from page 1, without gaps)
// are on the template upload (GET /ext/template_uploads/:id, which the
// builder's address shows while it waits), and page 1's image is served then,
// as JPEG. Real server over HTTP; a 200-page PDF takes seconds to render.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { makePdf, putFile, tokensFor } from "./support/sending";

let t: Record<"sam", string>;

beforeAll(async () => {
  t = await tokensFor(["sam"], { dashboard: true });
});

const get = async (id: string) => (await api(`/ext/template_uploads/${id}`, { token: t.sam })).body.template_upload;

describe("a long upload's pages while it is processed", () => {
  it("page 1 is listed and served before the last page is rendered, then all 200 pages in order", { timeout: 240_000 }, async () => {
    const created = await api("/ext/template_uploads", { token: t.sam, method: "POST", body: { file_name: "long.pdf" } });
    expect(created.status, created.text).toBe(200);
    const upload = created.body.template_upload;
    expect(upload.pages).toEqual([]);
    expect((await putFile(upload.upload_url, await makePdf({ pages: 200, title: "Long contract" }))).status).toBe(200);
    expect((await api(`/ext/template_uploads/${upload.id}/uploaded`, { token: t.sam, method: "POST", body: {} })).status).toBe(200);

    // Poll until pages show up while the status is still "processing".
    let early: any = null;
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const now = await get(upload.id);
      if (now.status !== "processing" && now.status !== "uploaded") break;
      if (now.status === "processing" && now.pages.length > 0) {
        early = now;
        break;
      }
    }
    expect(early, "pages were listed while the upload was still processing").not.toBeNull();
    const first = await fetch(early.pages[0].image_url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^image\/jpeg/);
    expect(new URL(early.pages[0].image_url).pathname).toMatch(/\/pages\/1\.jpg$/);
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Served while the rest was still being rendered.
    expect((await get(upload.id)).status).toBe("processing");

    let done = early;
    for (const deadline = Date.now() + 180_000; done.status === "processing" && Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) done = await get(upload.id);
    expect(done.status, done.status_message).toBe("completed");
    expect(done.pages).toHaveLength(200);
    done.pages.forEach((p: { image_url: string }, i: number) => expect(new URL(p.image_url).pathname).toMatch(new RegExp(`/pages/${i + 1}\\.jpg$`)));
  });
});
