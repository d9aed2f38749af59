// The signer's calls over plain HTTP (lib/api/signing.ts: POST
// /sign/<signerId>/pin | submit | decline with the sign_url's access_token),
// the way the signer page makes them: which links work, what is refused and
// with which status and message, and what each accepted call changes in the
// document as the API shows it (state, recipients' statuses,
// current_signer_id, audits) and in the outbox and callbacks. Documents are
// sent from alice's fixture template (Client sequence 0 with signature, title
// and date fields; Manager sequence 1 with a signature; signer sequencing on).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor, pageText } from "./helpers";
import { startCallbackReceiver, type CallbackReceiver } from "./support/callback-receiver";
import {
  aliceToken,
  clientValues,
  declineAs,
  fieldId,
  fixtures,
  getDocument,
  keywords,
  managerValues,
  openSignPage,
  recipient,
  sendFromTemplate,
  signaturePng,
  signerCall,
  signLink,
  submitAs,
  voidDocument,
  type Doc,
} from "./support/signing-calls";
import { expectSigningError } from "./support/checks";

let token: string;
let receiver: CallbackReceiver;

beforeAll(async () => {
  token = await aliceToken();
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** A copy of `token` with one character changed. */
const tamper = (s: string) => s.slice(0, -1) + (s.endsWith("A") ? "B" : "A");

async function outboxFor(documentId: string) {
  // The outbox is the dashboard's (/ext): alice's own dashboard token.
  const res = await api("/ext/outbox", { token: (await dashboardTokenFor("alice")).access_token, query: { per_page: 100 } });
  expect(res.status, res.text).toBe(200);
  return (res.body.emails as any[]).filter((e) => e.document_id === documentId);
}

describe("the link is the credential", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = await sendFromTemplate(token);
  });

  it("a tampered access_token → 404 { error } on submit, decline and pin, and changes nothing", async () => {
    const client = recipient(doc, "Client");
    const { signerId, accessToken } = signLink(client);
    expect(accessToken.length).toBeGreaterThanOrEqual(16);
    const bad = tamper(accessToken);
    const calls = [
      await signerCall(signerId, "submit", { access_token: bad, values: clientValues(doc) }),
      await signerCall(signerId, "decline", { access_token: bad, reason: "Not for me." }),
      await signerCall(signerId, "pin", { access_token: bad, pin: "12345" }),
    ];
    for (const res of calls) expectSigningError(res, 404, /link is not valid/i);
    const after = await getDocument(token, doc.id);
    expect(after.state).toBe("pending");
    expect(recipient(after, "Client").status).toBe("pending");
    expect(keywords(after)).not.toContain("signed");
  });

  it("one signer's token does not open another signer's link; an unknown signer id is 404 too", async () => {
    const client = signLink(recipient(doc, "Client"));
    const manager = signLink(recipient(doc, "Manager"));
    expectSigningError(await signerCall(manager.signerId, "decline", { access_token: client.accessToken, reason: "x" }), 404, /not valid/i);
    expectSigningError(await signerCall("0".repeat(32), "decline", { access_token: client.accessToken, reason: "x" }), 404, /not valid/i);
  });

  it("the page at a tampered link says the link does not work and shows nothing of the document", async () => {
    const client = recipient(doc, "Client");
    const url = new URL(client.sign_url);
    url.searchParams.set("access_token", tamper(url.searchParams.get("access_token")!));
    const res = await openSignPage({ ...client, sign_url: url.href });
    // A 404 (issue 13 point 1); the not-found page is rendered from the page's payload in the browser.
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/This link does not work/);
    expect(res.text).not.toContain(doc.name);
    expect(res.text).not.toContain("/files/");
  });
});

describe("a signer's turn, required fields and field ownership", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = await sendFromTemplate(token, { roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" }] });
  });

  it("with sequencing, the second signer signing (or declining) first → 409 'not your turn', naming who signs first", async () => {
    const manager = recipient(doc, "Manager");
    const res = await submitAs(manager, managerValues(doc));
    expectSigningError(res, 409, /not your turn/i);
    expect(res.body.error).toContain("Cleo Client");
    expectSigningError(await declineAs(manager, "Too early"), 409, /not your turn/i);
    const after = await getDocument(token, doc.id);
    expect(recipient(after, "Manager").status).toBe("pending");
    expect(after.current_signer_id).toBe(recipient(doc, "Client").id);
  });

  it("a required field left out → 422 naming it, with its id in `field`", async () => {
    const client = recipient(doc, "Client");
    const values = clientValues(doc);
    delete values[fieldId(doc, "client_signature")];
    expectSigningError(await submitAs(client, values), 422, /client signature/i, fieldId(doc, "client_signature"));
    // blank counts as left out
    expectSigningError(
      await submitAs(client, { ...values, [fieldId(doc, "client_signature")]: "   " }),
      422,
      /client signature/i,
      fieldId(doc, "client_signature"),
    );
  });

  it("a value for a field of another role → 422 with that field's id", async () => {
    const client = recipient(doc, "Client");
    const managerField = fieldId(doc, "manager_signature");
    expectSigningError(await submitAs(client, { ...clientValues(doc), [managerField]: signaturePng("intruder") }), 422, /not yours/i, managerField);
    const unknown = "f".repeat(32);
    expectSigningError(await submitAs(client, { ...clientValues(doc), [unknown]: "x" }), 422, /not yours/i, unknown);
  });

  it("values of the wrong form → 422 naming the field: an impossible date, a signature that is not a PNG/JPEG image", async () => {
    const client = recipient(doc, "Client");
    const dateId = fieldId(doc, "client_date");
    const sigId = fieldId(doc, "client_signature");
    expectSigningError(await submitAs(client, { ...clientValues(doc), [dateId]: "2026-02-30" }), 422, /client date/i, dateId);
    expectSigningError(await submitAs(client, { ...clientValues(doc), [sigId]: "Cleo Client" }), 422, /client signature/i, sigId);
    const gif = `data:image/png;base64,${Buffer.from("GIF89a not a png at all").toString("base64")}`;
    expectSigningError(await submitAs(client, { ...clientValues(doc), [sigId]: gif }), 422, /PNG or JPEG/i, sigId);
    // nothing was recorded by the refused calls
    const after = await getDocument(token, doc.id);
    expect(recipient(after, "Client").status).toBe("pending");
    expect(after.form_fields.every((f) => f.value === "")).toBe(true);
  });

  it("a malformed body → 422 { error }", async () => {
    const { signerId, accessToken } = signLink(recipient(doc, "Client"));
    expectSigningError(await signerCall(signerId, "submit", { access_token: accessToken }), 422, /\S/);
    expectSigningError(await signerCall(signerId, "decline", { access_token: accessToken, reason: "   " }), 422, /why/i);
  });
});

describe("signing in sequence through the signer's calls", () => {
  let doc: Doc;
  const path = `/sequence-${Date.now()}`;
  beforeAll(async () => {
    doc = await sendFromTemplate(token, { callback_url: receiver.url(path) });
  });
  const events = () =>
    receiver.requests.filter((r) => r.path === path).map((r) => (r.json as any).event as string);

  it("opening the link twice records `viewed` once (audit with IP, one callback)", async () => {
    const client = recipient(doc, "Client");
    for (let i = 0; i < 2; i++) {
      const page = await openSignPage(client, { userAgent: "signing-test-browser/1.0" });
      expect(page.status).toBe(200);
      expect(pageText(page.text)).toContain(doc.name);
    }
    await receiver.waitFor((r) => r.path === path && (r.json as any).event === "viewed", 30_000);
    await sleep(1500);
    expect(events().filter((e) => e === "viewed")).toHaveLength(1);
    const after = await getDocument(token, doc.id);
    const viewed = after.audits.filter((a) => a.metadata.keyword === "viewed");
    expect(viewed).toHaveLength(1);
    expect(viewed[0]!.payload).toContain("Cleo Client");
    expect(viewed[0]!.ip_address).toMatch(/\S/);
  });

  it("the Client signs: 200 {state: pending}; the turn passes to the Manager, who is e-mailed their link", async () => {
    const client = recipient(doc, "Client");
    const manager = recipient(doc, "Manager");
    const res = await submitAs(client, clientValues(doc, { title: "Head of Testing", date: "2026-03-14" }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ state: "pending", redirectUrl: null, nextSignerUrl: null });

    const after = await getDocument(token, doc.id);
    expect(after.state).toBe("pending");
    expect(after.current_signer_id).toBe(manager.id);
    expect(recipient(after, "Client").status).toBe("signed");
    expect(recipient(after, "Manager").status).toBe("pending");
    const values = Object.fromEntries(after.form_fields.map((f) => [f.name, f.value]));
    expect(values.client_title).toBe("Head of Testing");
    expect(values.client_date).toBe("2026-03-14");
    expect(values.client_signature, "the signature is stored").not.toBe("");
    expect(values.manager_signature).toBe("");
    const signed = after.audits.filter((a) => a.metadata.keyword === "signed");
    expect(signed).toHaveLength(1);
    expect(signed[0]!.payload).toContain("Cleo Client");
    expect(signed[0]!.ip_address).toMatch(/\S/);

    const mails = await outboxFor(doc.id);
    const toManager = mails.filter((m) => m.to === "morgan@manager.example" && m.kind === "signing_request");
    expect(toManager, JSON.stringify(mails.map((m) => [m.kind, m.to]))).toHaveLength(1);
    // the outbox names the link but never shows its credential to anyone but its recipient (e2e/security/signing-links.test.ts)
    expect(toManager[0].text).toContain(`/sign/${manager.id}`);
    expect(toManager[0].text).not.toContain(new URL(manager.sign_url).searchParams.get("access_token"));
  });

  it("the Client submitting again → 409 'already signed'", async () => {
    expectSigningError(await submitAs(recipient(doc, "Client"), clientValues(doc)), 409, /already signed/i);
  });

  it("the Manager signs: 200 {state: executed}; executed_at set, nobody's turn, `executed` audit and callbacks", async () => {
    const res = await submitAs(recipient(doc, "Manager"), managerValues(doc));
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe("executed");
    const after = await getDocument(token, doc.id);
    expect(after.state).toBe("executed");
    expect(after.current_signer_id).toBeNull();
    expect(after.executed_at).not.toBeNull();
    expect(after.recipients.map((r) => r.status)).toEqual(["signed", "signed"]);
    expect(keywords(after).filter((k) => k === "signed")).toHaveLength(2);
    expect(keywords(after)).toContain("executed");

    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !events().includes("executed")) await sleep(300);
    await sleep(1000);
    expect(events().sort()).toEqual(["created", "executed", "signed", "signed", "viewed"]);
    const executed = receiver.requests.find((r) => r.path === path && (r.json as any).event === "executed")!;
    expect((executed.json as any).documentState).toBe("executed");
  });

  it("after execution the links take no more answers: 409 for a submit or a decline", async () => {
    expectSigningError(await submitAs(recipient(doc, "Client"), clientValues(doc)), 409, /already signed/i);
    const other = await sendFromTemplate(token);
    await submitAs(recipient(other, "Client"), clientValues(other));
    await submitAs(recipient(other, "Manager"), managerValues(other));
    const executed = await getDocument(token, other.id);
    expect(executed.state).toBe("executed");
    // a signer who has signed is told so; the document no longer takes a decline either
    expectSigningError(await declineAs(recipient(executed, "Manager"), "Changed my mind"), 409, /already signed/i);
  });
});

describe("omitted signers and in-person signing", () => {
  it("with the Manager omitted (signer_omitted), the Client's signature executes the document; the omitted link is closed", async () => {
    const doc = await sendFromTemplate(token, {
      roles: [
        { name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" },
        { name: "Manager", signer_omitted: true },
      ],
    });
    const res = await submitAs(recipient(doc, "Client"), clientValues(doc));
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe("executed");
    const after = await getDocument(token, doc.id);
    expect(after.state).toBe("executed");
    expect(after.current_signer_id).toBeNull();
    const manager = recipient(after, "Manager");
    expect(manager.status).toBe("omitted");
    expectSigningError(await submitAs(manager, managerValues(after)), 409, /\S/);
  });

  it("in person: each signature answers the next signer's sign address for the sender's device, then none", async () => {
    const doc = await sendFromTemplate(token, { in_person: true });
    expect(doc.in_person).toBe(true);
    const first = await submitAs(recipient(doc, "Client"), clientValues(doc));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ state: "pending", nextSignerUrl: recipient(doc, "Manager").sign_url });
    const second = await submitAs(recipient(doc, "Manager"), managerValues(doc));
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ state: "executed", nextSignerUrl: null });
  });
});

describe("submits at once (two tabs, a double click)", () => {
  it("only one wins: one 200, the others 409 'already signed' (never a 500); one `signed` audit", async () => {
    const doc = await sendFromTemplate(token);
    const client = recipient(doc, "Client");
    const results = await Promise.all(Array.from({ length: 4 }, () => submitAs(client, clientValues(doc))));
    expect(results.map((r) => `${r.status} ${r.status === 200 ? "" : r.body?.error}`).sort()).toEqual([
      "200 ",
      ...Array.from({ length: 3 }, () => expect.stringMatching(/^409 .*already signed/i)),
    ]);
    const after = await getDocument(token, doc.id);
    expect(keywords(after).filter((k) => k === "signed")).toHaveLength(1);
    expect(after.current_signer_id).toBe(recipient(doc, "Manager").id);
  });
});

describe("closed documents", () => {
  it("after voiding, the sign link's submit and decline → 409 with a message saying it was voided", async () => {
    const doc = await sendFromTemplate(token);
    await voidDocument(token, doc.id);
    const client = recipient(doc, "Client");
    expectSigningError(await submitAs(client, clientValues(doc)), 409, /voided/i);
    expectSigningError(await declineAs(client, "Too late"), 409, /voided/i);
    const page = pageText((await openSignPage(client)).text);
    expect(page).toMatch(/no longer open for signing/i);
    expect(page).toMatch(/voided/i);
    const after = await getDocument(token, doc.id);
    expect(after.state).toBe("voided");
    expect(recipient(after, "Client").status).toBe("pending");
  });

  it("a declined document: the decline is recorded with its reason; the other signer gets 409 'declined'", async () => {
    const path = `/declined-${Date.now()}`;
    const doc = await sendFromTemplate(token, { callback_url: receiver.url(path) });
    const res = await declineAs(recipient(doc, "Client"), "The fee in clause 4 is wrong.");
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe("declined");
    const after = await getDocument(token, doc.id);
    expect(after.state).toBe("declined");
    expect(after.current_signer_id).toBeNull();
    expect(recipient(after, "Client").status).toBe("declined");
    expect(recipient(after, "Manager").status).toBe("pending");
    const declined = after.audits.filter((a) => a.metadata.keyword === "declined");
    expect(declined).toHaveLength(1);
    expect(declined[0]!.payload).toContain("The fee in clause 4 is wrong.");
    expect(declined[0]!.ip_address).toMatch(/\S/);
    expectSigningError(await submitAs(recipient(doc, "Manager"), managerValues(doc)), 409, /declined/i);
    expectSigningError(await declineAs(recipient(doc, "Client"), "Again"), 409, /already declined/i);
    const cb = await receiver.waitFor((r) => r.path === path && (r.json as any).event === "declined", 30_000);
    expect(cb.json).toMatchObject({ callbackType: "Document", id: doc.id, event: "declined", documentState: "declined" });
  });

  it("an expired document (fixture made by the CLI in state expired): submit → 409 saying it expired", async () => {
    const doc = await getDocument(token, fixtures.documents.alice.expired);
    expect(doc.state).toBe("expired");
    const r = doc.recipients.find((x) => x.status === "pending") ?? doc.recipients[0]!;
    const res = await submitAs(r, {});
    expectSigningError(res, 409, /expired/i);
    expect(pageText((await openSignPage(r)).text)).toMatch(/no longer open for signing/i);
  });
});
