// POST /sign/<signerId>/status (issue 13 point 6): what the signer page's
// finished state asks — who still has to sign, and the signed PDF's
// time-limited address once the executed document's file exists. The link's
// access_token is the credential, as for the page's other calls; the file is
// only for a recipient who signed, and behind a PIN only with its cookie.
import { beforeAll, describe, expect, it } from "vitest";
import { http, type HttpResult } from "./helpers";
import { expectSigningError } from "./support/checks";
import {
  aliceToken,
  clientValues,
  declineAs,
  download,
  managerValues,
  pinAs,
  recipient,
  sendFromTemplate,
  signLink,
  submitAs,
  waitForDocument,
  type Recipient,
} from "./support/signing-calls";

let token: string;
beforeAll(async () => {
  token = await aliceToken();
});

function statusOf(r: Recipient, opts: { accessToken?: string; cookie?: string } = {}): Promise<HttpResult> {
  const { signerId, accessToken } = signLink(r);
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (opts.cookie) headers.Cookie = opts.cookie;
  return http(`/sign/${encodeURIComponent(signerId)}/status`, { method: "POST", headers, body: JSON.stringify({ access_token: opts.accessToken ?? accessToken }) });
}

describe("POST /sign/<signerId>/status", () => {
  it("tells a signer who is left, then hands out the signed PDF's expiring address; another signer's token opens nothing", async () => {
    const doc = await sendFromTemplate(token);
    const client = recipient(doc, "Client");
    const manager = recipient(doc, "Manager");

    expectSigningError(await statusOf(client, { accessToken: signLink(manager).accessToken }), 404, /link is not valid/i);
    expectSigningError(await statusOf(client, { accessToken: "" }), 422, /.+/);

    let res = await statusOf(client);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.body).toEqual({ state: "pending", waitingFor: ["Morgan Manager"], signedPdf: null });

    expect((await submitAs(client, clientValues(doc))).status).toBe(200);
    res = await statusOf(client);
    expect(res.body).toEqual({ state: "pending", waitingFor: ["Morgan Manager"], signedPdf: null });

    expect((await submitAs(manager, managerValues(doc))).status).toBe(200);
    await waitForDocument(token, doc.id, (d) => !!d.signed_pdf_url, "the signed PDF");
    const before = Date.now();
    res = await statusOf(client);
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe("executed");
    expect(res.body.waitingFor).toEqual([]);
    const pdf = res.body.signedPdf as { url: string; expiresAt: string };
    expect(pdf.url).toMatch(/\/files\/documents\/[^?]+\/signed\.pdf\?expires=\d+&filename=[^&]+-signed\.pdf&signature=[\w-]+$/);
    // About an hour (rounded up to the next 10 minutes), stated as the spec's times are.
    const expires = Date.parse(pdf.expiresAt);
    expect(expires - before).toBeGreaterThan(55 * 60_000);
    expect(expires - before).toBeLessThan(75 * 60_000);
    expect(Number(new URL(pdf.url).searchParams.get("expires")) * 1000).toBe(expires);
    const bytes = await download(pdf.url, "the signed PDF from the status call");
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    // The address is signed: changed, it opens nothing.
    const forged = await http(pdf.url.replace(/signature=[\w-]+$/, `signature=${"A".repeat(43)}`));
    expect(forged.status).toBeGreaterThanOrEqual(400);
  });

  it("behind a PIN it needs the PIN's cookie; a signer who declined never gets a file", async () => {
    const doc = await sendFromTemplate(token, { pin: 97531 });
    const client = recipient(doc, "Client");
    expectSigningError(await statusOf(client), 403, /PIN/);
    const { cookie } = await pinAs(client, "97531");
    expect(cookie).toBeDefined();
    const ok = await statusOf(client, { cookie });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.signedPdf).toBeNull();

    expect((await declineAs(client, "Not today.", { cookie })).status).toBe(200);
    const after = await statusOf(client, { cookie });
    expect(after.status, after.text).toBe(200);
    expect(after.body).toEqual({ state: "declined", waitingFor: [], signedPdf: null });
  });
});
