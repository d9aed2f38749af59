// Embedded signing (issue 4, "Embedding"): embed_document answers embed
// codes; a page of another application (http://127.0.0.1:<port>) puts the Client's code in its HTML; the
// signer signs inside the iframe; the page receives exactly one
// `signing.completed` (or `signing.declined`) message naming the document
// and the signer, and the API shows the signature. Framing is allowed on the
// sign pages only: other pages refuse it. The other application is a tiny
// web server on 127.0.0.1 started by this file (another origin and site than
// the service's localhost).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { startCallbackReceiver, type CallbackReceiver } from "../api/support/callback-receiver";
import {
  aliceToken,
  BASE_URL,
  embedFromTemplate,
  getDocument,
  recipient,
  signLink,
  type Doc,
} from "../api/support/signing-calls";
import { finishButton, signByTyping, signedHeading } from "./support/signing-ui";

const SERVICE_ORIGIN = new URL(BASE_URL).origin;

let token: string;
let receiver: CallbackReceiver;
/** The other application's web server: http://127.0.0.1:<port>, another origin (and site) than the service's. */
let embedder: http.Server;
let EMBEDDER = "";
const pages = new Map<string, string>();

test.beforeAll(async () => {
  token = await aliceToken();
  receiver = await startCallbackReceiver();
  // A real server on the loopback address rather than a routed fake origin: Chromium's
  // Local Network Access checks block a public origin from framing a loopback address.
  embedder = http.createServer((req, res) => {
    const html = pages.get((req.url ?? "/").split("?")[0]!);
    res.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.1", resolve));
  EMBEDDER = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
  expect(new URL(EMBEDDER).origin).not.toBe(SERVICE_ORIGIN);
});
test.afterAll(async () => {
  await receiver?.close();
  embedder?.closeAllConnections();
  await new Promise((r) => embedder?.close(r));
});

type Received = { origin: string; data: unknown };

/** Publishes `body` at EMBEDDER/<path>, with a listener that records every message the page receives, and opens it. */
async function hostPage(page: Page, path: string, body: string) {
  pages.set(
    path,
    `<!doctype html>
<html><head><meta charset="utf-8"><title>Embedder</title>
<script>
  window.__messages = [];
  window.addEventListener("message", (e) => window.__messages.push({ origin: e.origin, data: e.data }));
</script></head>
<body><h1>Our CRM</h1>${body}</body></html>`,
  );
  await page.goto(`${EMBEDDER}${path}`);
}

const messages = (page: Page) => page.evaluate(() => (window as unknown as { __messages: Received[] }).__messages);

function embedCodeOf(doc: Doc, role: string) {
  const code = doc.embed_codes?.find((c) => c.signer_role_name === role);
  if (!code) throw new Error(`no embed code for ${role}: ${JSON.stringify(doc.embed_codes)}`);
  return code;
}

test("embed_document → an iframe on another origin; signing inside it posts one `signing.completed` to the parent", async ({ page }) => {
  const path = `/embedded-${Date.now()}`;
  const doc = await embedFromTemplate(token, { name: "Embedded services agreement", callback_url: receiver.url(path) });
  expect(doc.state).toBe("pending");
  expect(doc.embed_codes).toHaveLength(2);
  const client = recipient(doc, "Client");
  const code = embedCodeOf(doc, "Client");
  // the code is an iframe of the asked size at the Client's sign address
  expect(code.embed_code).toMatch(/^<iframe\b[^>]*><\/iframe>$/);
  const src = /\bsrc="([^"]+)"/.exec(code.embed_code)![1]!.replace(/&amp;/g, "&");
  expect(src).toBe(client.sign_url);
  expect(code.embed_code).toMatch(/\bwidth="800"/);
  expect(code.embed_code).toMatch(/\bheight="640"/);

  await hostPage(page, "/crm/contracts/42", code.embed_code);
  await expect(page.getByRole("heading", { name: "Our CRM" })).toBeVisible();
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: doc.name })).toBeVisible();
  await frame.getByRole("textbox", { name: "client title" }).fill("Embedded Buyer");
  await signByTyping(frame, "client signature", "Eve Embedded");
  expect(await messages(page), "nothing is posted before the signer finishes").toEqual([]);
  await finishButton(frame).click();
  await expect(signedHeading(frame, doc.name)).toBeVisible();

  await expect.poll(async () => (await messages(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  const got = await messages(page);
  expect(got).toEqual([{ origin: SERVICE_ORIGIN, data: { type: "signing.completed", documentId: doc.id, signerId: client.id } }]);
  expect(signLink(client).signerId).toBe(client.id);

  const now = await getDocument(token, doc.id);
  expect(recipient(now, "Client").status).toBe("signed");
  expect(recipient(now, "Manager").status).toBe("pending");
  expect(now.state).toBe("pending");
  expect(now.current_signer_id).toBe(recipient(now, "Manager").id);
  expect(now.form_fields.find((f) => f.name === "client_title")!.value).toBe("Embedded Buyer");
  // callbacks: created, viewed, signed (spec 6.1, any order)
  await receiver.waitFor((r) => r.path === path && (r.json as any)?.event === "signed", 30_000);
  await page.waitForTimeout(1000);
  const events = receiver.requests.filter((r) => r.path === path).map((r) => r.json as { event: string; id: string; documentState: string });
  expect(events.map((e) => e.event).sort()).toEqual(["created", "signed", "viewed"]);
  expect(events.every((e) => e.id === doc.id && e.documentState === "pending")).toBe(true);
  // the embedding page itself was never navigated away (no redirect inside or outside the frame)
  expect(page.url()).toBe(`${EMBEDDER}/crm/contracts/42`);
});

test("declining inside the iframe posts one `signing.declined` to the parent", async ({ page }) => {
  const doc = await embedFromTemplate(token, { name: "Embedded agreement to decline" });
  const client = recipient(doc, "Client");
  await hostPage(page, "/crm/contracts/43", embedCodeOf(doc, "Client").embed_code);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: doc.name })).toBeVisible();
  await frame.getByRole("button", { name: "Decline" }).click();
  const dialog = frame.getByRole("dialog", { name: "Decline to sign" });
  await dialog.getByLabel("Reason for declining").fill("Wrong customer number.");
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(frame.getByRole("heading", { name: `You declined “${doc.name}”` })).toBeVisible();

  await expect.poll(async () => (await messages(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  expect(await messages(page)).toEqual([{ origin: SERVICE_ORIGIN, data: { type: "signing.declined", documentId: doc.id, signerId: client.id } }]);
  const now = await getDocument(token, doc.id);
  expect(now.state).toBe("declined");
  expect(recipient(now, "Client").status).toBe("declined");
});

test("framing: sign pages do not forbid it; other pages (login, verify, the dashboard) send X-Frame-Options DENY and frame-ancestors 'none'", async ({ page, request }) => {
  const doc = await embedFromTemplate(token, { name: "Embedded framing check" });
  const signUrl = recipient(doc, "Client").sign_url;
  const sign = await request.get(signUrl);
  expect(sign.status()).toBe(200);
  expect(sign.headers()["x-frame-options"]).toBeUndefined();
  expect(sign.headers()["content-security-policy"] ?? "").not.toMatch(/frame-ancestors\s+'none'/);

  for (const path of ["/login", "/verify", "/documents"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
    expect(res.headers()["content-security-policy"] ?? "", path).toMatch(/frame-ancestors\s+'none'/);
  }

  // In the browser: the login page in another origin's iframe is refused; the sign page is shown.
  await hostPage(
    page,
    "/framing",
    `<iframe id="login" src="${BASE_URL}/login" width="800" height="500"></iframe><iframe id="sign" src="${signUrl}" width="800" height="500"></iframe>`,
  );
  await expect(page.frameLocator("#sign").getByRole("heading", { name: doc.name })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.frameLocator("#login").getByLabel("Email")).toHaveCount(0);
  const loginFrame = await page.locator("#login").elementHandle().then((h) => h!.contentFrame());
  expect(loginFrame?.url() ?? "", "the login frame shows the browser's error page, not the login page").not.toContain("/login");
});
