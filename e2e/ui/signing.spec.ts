// The signing ceremony in Chromium (issue 4): documents are sent through the
// API from alice's fixture template (Client sequence 0: signature, title,
// date; Manager sequence 1: signature; signer sequencing on) and signed at
// the recipients' sign_url like a person would — drawing with the mouse,
// typing a name, with the keyboard alone on a phone-sized screen, behind a
// PIN, or declining. Each test then checks the document through the API
// (state, recipients, current_signer_id, audits) and the callbacks its
// callback_url received (a local receiver; the test server runs with
// CALLBACKS_ALLOW_PRIVATE_NETWORKS=true).
import { expect, test, type Page } from "@playwright/test";
import { api, dashboardTokenFor } from "../api/helpers";
import { startCallbackReceiver, type CallbackReceiver } from "../api/support/callback-receiver";
import {
  aliceToken,
  download,
  fixtures,
  getDocument,
  keywords,
  pdfText,
  recipient,
  sendFromTemplate,
  squeeze,
  waitForDocument,
  type Doc,
} from "../api/support/signing-calls";
import {
  expectNoHorizontalScroll,
  expectWithinWidth,
  finishButton,
  signatureButton,
  signatureDialog,
  signByDrawing,
  signByTyping,
  signedHeading,
  tabTo,
} from "./support/signing-ui";

let token: string;
let receiver: CallbackReceiver;

test.beforeAll(async () => {
  token = await aliceToken();
  receiver = await startCallbackReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const eventsAt = (path: string) => receiver.requests.filter((r) => r.path === path).map((r) => r.json as { event: string; documentState: string; id: string });

/** Waits until `event` arrived at `path`, then a little longer for stragglers; answers all events there. */
async function callbacksAfter(path: string, event: string) {
  await receiver.waitFor((r) => r.path === path && (r.json as any)?.event === event, 30_000);
  await sleep(1500);
  return eventsAt(path);
}

/** The document's page images were served and decoded. */
async function expectPagesShown(page: Page, count: number) {
  for (let n = 1; n <= count; n++) {
    const img = page.getByRole("img", { name: `Page ${n} of ${count}` });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
}

test("two signers in sequence: the Manager waits, the Client signs by drawing, the Manager by typing; pending, then executed", async ({ page }) => {
  test.setTimeout(150_000);
  const path = `/ui-sequence-${Date.now()}`;
  const doc = await sendFromTemplate(token, { name: "Sequenced services agreement", callback_url: receiver.url(path) });
  const client = recipient(doc, "Client");
  const manager = recipient(doc, "Manager");
  expect(manager.name).toBe("Morgan Manager");
  expect(doc.current_signer_id).toBe(client.id);

  // The Manager's link before the Client has signed: a waiting message, nothing to sign.
  await page.goto(manager.sign_url);
  await expect(page.getByRole("heading", { name: "Waiting for Cleo Client to sign first" })).toBeVisible();
  await expect(finishButton(page)).toHaveCount(0);
  await expect(signatureButton(page, "manager signature")).toHaveCount(0);

  // The Client: fills the title and date, draws the signature, finishes.
  await page.goto(client.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await expectPagesShown(page, 2);
  await expect(page.getByText("0 of 1 required fields")).toBeVisible();
  await expect(finishButton(page)).toBeDisabled();
  await page.getByRole("button", { name: "Next field" }).click();
  await expect(signatureButton(page, "client signature"), "Next field goes to the empty required field").toBeFocused();
  await page.getByRole("textbox", { name: "client title" }).fill("Head of Testing");
  await page.getByLabel("client date").fill("2026-03-14");
  await signByDrawing(page, page, "client signature");
  await expect(page.getByText("1 of 1 required fields")).toBeVisible();
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByText("Thank you, Cleo Client.")).toBeVisible();

  let now = await getDocument(token, doc.id);
  expect(now.state).toBe("pending");
  expect(recipient(now, "Client").status).toBe("signed");
  expect(recipient(now, "Manager").status).toBe("pending");
  expect(now.current_signer_id).toBe(manager.id);
  const answers = Object.fromEntries(now.form_fields.map((f) => [f.name, f.value]));
  expect(answers.client_title).toBe("Head of Testing");
  expect(answers.client_date).toBe("2026-03-14");
  expect(answers.client_signature).not.toBe("");
  // Reopening the Client's link: nothing more to do.
  await page.goto(client.sign_url);
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByText("There is nothing more for you to do here.")).toBeVisible();
  await expect(finishButton(page)).toHaveCount(0);

  // The Manager's turn: the Client's typed answer is on the page; types a signature.
  await page.goto(manager.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await expect(page.getByText("Head of Testing")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "client title" }), "the Client's fields are not the Manager's").toHaveCount(0);
  await signByTyping(page, "manager signature", "Morgan M. Manager");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByText("Everyone has signed now, so the document is complete.")).toBeVisible();

  now = await getDocument(token, doc.id);
  expect(now.state).toBe("executed");
  expect(now.current_signer_id).toBeNull();
  expect(now.executed_at).not.toBeNull();
  expect(now.recipients.map((r) => [r.role_name, r.status])).toEqual([
    ["Client", "signed"],
    ["Manager", "signed"],
  ]);
  const byKeyword = (k: string) => now.audits.filter((a) => a.metadata.keyword === k);
  expect(byKeyword("viewed")).toHaveLength(2);
  expect(byKeyword("signed")).toHaveLength(2);
  expect(byKeyword("executed")).toHaveLength(1);
  for (const a of [...byKeyword("viewed"), ...byKeyword("signed")]) expect(a.ip_address, `${a.metadata.keyword}: ${a.payload}`).toMatch(/\S/);
  expect(byKeyword("signed").map((a) => a.payload).join(" | ")).toMatch(/Cleo Client.*\|.*Morgan Manager/);

  // Callbacks: created, a viewed per signer, signed twice, executed (spec 6.1: in any order).
  const events = await callbacksAfter(path, "executed");
  expect(events.map((e) => e.event).sort()).toEqual(["created", "executed", "signed", "signed", "viewed", "viewed"]);
  expect(events.every((e) => e.id === doc.id)).toBe(true);
  expect(events.find((e) => e.event === "executed")!.documentState).toBe("executed");
  expect(events.filter((e) => e.event === "signed").map((e) => e.documentState).sort()).toEqual(["executed", "pending"]);

  // The certificate records the browser each signer used.
  const userAgent = await page.evaluate(() => navigator.userAgent);
  // (The certificate address exists from the start; the signed PDF appears with the final certificate.)
  const done = await waitForDocument(token, doc.id, (d) => !!d.signed_pdf_url, "signature certificate produced", 90_000);
  const certificate = squeeze(await pdfText(await download(done.signature_certificate_url!, "certificate")));
  expect(certificate).toContain(squeeze(userAgent));
});

test("a signer declines with a reason: declined for everyone, a `declined` callback, and the other link is closed", async ({ page }) => {
  const path = `/ui-decline-${Date.now()}`;
  const doc = await sendFromTemplate(token, { name: "Agreement to decline", callback_url: receiver.url(path) });
  const client = recipient(doc, "Client");

  await page.goto(client.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await page.getByRole("button", { name: "Decline" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline to sign" });
  await expect(dialog).toBeVisible();
  // no reason: refused on the page
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Say why you decline");
  await dialog.getByLabel("Reason for declining").fill("The notice period in clause 7 is wrong.");
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByRole("heading", { name: `You declined “${doc.name}”` })).toBeVisible();

  const now = await getDocument(token, doc.id);
  expect(now.state).toBe("declined");
  expect(now.current_signer_id).toBeNull();
  expect(recipient(now, "Client").status).toBe("declined");
  expect(recipient(now, "Manager").status).toBe("pending");
  const declined = now.audits.filter((a) => a.metadata.keyword === "declined");
  expect(declined).toHaveLength(1);
  expect(declined[0]!.payload).toContain("The notice period in clause 7 is wrong.");
  expect(declined[0]!.ip_address).toMatch(/\S/);
  expect(keywords(now)).not.toContain("signed");

  const events = await callbacksAfter(path, "declined");
  expect(events.filter((e) => e.event === "declined")).toEqual([expect.objectContaining({ id: doc.id, documentState: "declined" })]);
  expect(events.map((e) => e.event).sort()).toEqual(["created", "declined", "viewed"]);

  // The Manager opens their link afterwards: closed, saying why.
  await page.goto(recipient(doc, "Manager").sign_url);
  await expect(page.getByRole("heading", { name: "This document is no longer open for signing" })).toBeVisible();
  await expect(page.getByText("A signer declined it.")).toBeVisible();
  await expect(finishButton(page)).toHaveCount(0);
});

test("a PIN-protected document: a wrong PIN shows the error with the tries left, the right PIN shows the document", async ({ page }) => {
  const doc = await sendFromTemplate(token, { name: "PIN protected agreement", pin: 24680 });
  const client = recipient(doc, "Client");

  await page.goto(client.sign_url);
  const pin = page.getByLabel("PIN");
  await expect(pin).toBeVisible();
  await expect(page.getByRole("img", { name: /^Page 1/ }), "no page before the PIN").toHaveCount(0);
  await expect(signatureButton(page, "client signature")).toHaveCount(0);

  await pin.fill("11111");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("The PIN is not correct. 4 tries left.");
  await expect(pin).toHaveValue("");
  expect(keywords(await getDocument(token, doc.id)), "no view before the right PIN").not.toContain("viewed");

  await pin.fill("24680");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await expectPagesShown(page, 2);
  await expect(signatureButton(page, "client signature")).toBeVisible();
  await expect(page.getByLabel("PIN")).toHaveCount(0);
  expect(keywords(await getDocument(token, doc.id))).toContain("viewed");

  // The PIN holds for this signer's visit: signing works without asking again.
  await page.reload();
  await expect(signatureButton(page, "client signature")).toBeVisible();
  await signByTyping(page, "client signature", "Cleo Client");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  expect(recipient(await getDocument(token, doc.id), "Client").status).toBe("signed");
});

test("in person: after the Client signs on the sender's device, the page hands over to the Manager, who signs on the same device", async ({ page }) => {
  const doc = await sendFromTemplate(token, { name: "In-person agreement", in_person: true });
  await page.goto(recipient(doc, "Client").sign_url);
  await signByTyping(page, "client signature", "Cleo Client");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hand the device to the next signer" })).toBeVisible();
  await page.getByRole("link", { name: "Start signing as the next signer" }).click();
  await expect(page).toHaveURL(recipient(doc, "Manager").sign_url);
  await signByTyping(page, "manager signature", "Morgan Manager");
  await finishButton(page).click();
  await expect(page.getByText("Everyone has signed now, so the document is complete.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start signing as the next signer" })).toHaveCount(0);
  expect((await getDocument(token, doc.id)).state).toBe("executed");
});

test("redirect_url of prepare_document: after signing, the signer is taken there", async ({ page }) => {
  const redirect = "https://crm.example/after-signing?deal=77";
  const prepared = await api(`/public/v2/reusable_templates/${fixtures.templates.alice.id}/prepare_document`, {
    token,
    method: "POST",
    body: {
      name: "Prepared agreement with redirect",
      roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" }],
      expires_in: 30,
      redirect_url: redirect,
    },
  });
  expect(prepared.status, prepared.text).toBe(200);
  const id = new URL(prepared.body.url).pathname.split("/")[2]!;
  // The sender sends the draft (what the preparation page's "Send for signature" calls).
  const dashboard = (await dashboardTokenFor("alice")).access_token;
  const sent = await api(`/ext/documents/${id}/send`, { token: dashboard, method: "POST", body: {} });
  expect(sent.status, sent.text).toBe(200);
  const doc = await getDocument(token, id);
  expect(doc.state).toBe("pending");

  const landed: string[] = [];
  await page.route("https://crm.example/**", (route) => {
    landed.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Back in the CRM</h1>" });
  });
  await page.goto(recipient(doc, "Client").sign_url);
  await signByTyping(page, "client signature", "Cleo Client");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByText(/Taking you back in \d s/)).toBeVisible();
  await expect(page).toHaveURL(redirect, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Back in the CRM" })).toBeVisible();
  expect(landed).toEqual([redirect]);
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("with the keyboard alone (Tab, Enter, Space, arrows): fill the text field, type a signature, finish", async ({ page }) => {
    const doc = await sendFromTemplate(token, {
      name: "Keyboard and phone agreement",
      roles: [{ name: "Client", signer_name: "Kim Keyboard", signer_email: "kim@keyboard.example" }],
    });
    const client = recipient(doc, "Client");
    await page.goto(client.sign_url);
    await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
    await expectPagesShown(page, 2);

    // The layout fits the phone: no sideways scrolling; fields and buttons inside the screen's width.
    await expectNoHorizontalScroll(page);
    const title = page.getByRole("textbox", { name: "client title" });
    const sign = signatureButton(page, "client signature");
    for (const el of [title, sign, finishButton(page), page.getByRole("button", { name: "Decline" })]) await expectWithinWidth(page, el);
    // The action bar stays on screen while the pages scroll.
    const bar = await finishButton(page).boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(740);

    // Keyboard only from here.
    await tabTo(page, title);
    await page.keyboard.type("Keyboard Officer");
    await expect(title).toHaveValue("Keyboard Officer");
    await page.keyboard.press("Tab");
    await expect(sign, "Tab moves from the title to the signature field").toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = signatureDialog(page);
    await expect(dialog).toBeVisible();
    await expectWithinWidth(page, dialog);
    const drawTab = dialog.getByRole("tab", { name: "Draw" });
    const typeTab = dialog.getByRole("tab", { name: "Type" });
    await expect(drawTab).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(typeTab).toBeFocused();
    await expect(typeTab).toHaveAttribute("aria-selected", "true");
    const nameInput = dialog.getByLabel("Type your full name");
    await tabTo(page, nameInput, { max: 5 });
    await expect(nameInput, "the signer's name is offered").toHaveValue("Kim Keyboard");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Kim K. Keyboard");
    const adopt = dialog.getByRole("button", { name: "Adopt and sign" });
    await expect(adopt).toBeEnabled();
    await tabTo(page, adopt, { max: 6 });
    await page.keyboard.press("Space");
    await expect(dialog).toBeHidden();
    await expect(sign, "focus returns to the field").toBeFocused();
    await expect(sign).toHaveAccessibleName(/added/);
    await expect(page.getByText("1 of 1 required fields")).toBeVisible();

    await tabTo(page, finishButton(page));
    await page.keyboard.press("Enter");
    await expect(signedHeading(page, doc.name)).toBeVisible();
    await expectNoHorizontalScroll(page);

    const now = await getDocument(token, doc.id);
    expect(recipient(now, "Client").status).toBe("signed");
    expect(now.form_fields.find((f) => f.name === "client_title")!.value).toBe("Keyboard Officer");
    expect(now.form_fields.find((f) => f.name === "client_signature")!.value).not.toBe("");
  });

  test("drawing a signature with the pointer works at phone size too", async ({ page }) => {
    const doc: Doc = await sendFromTemplate(token, { name: "Phone drawing agreement" });
    await page.goto(recipient(doc, "Client").sign_url);
    await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
    await signByDrawing(page, page, "client signature");
    await expectNoHorizontalScroll(page);
    await finishButton(page).click();
    await expect(signedHeading(page, doc.name)).toBeVisible();
    expect(recipient(await getDocument(token, doc.id), "Client").status).toBe("signed");
  });
});
