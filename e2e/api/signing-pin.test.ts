// PIN-protected documents on the signer's calls (lib/api/signing.ts): the
// PIN gate, its cookie, and the lock after five wrong PINs. Documents are
// sent from alice's fixture template (see signing.test.ts). Real server over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { pageText } from "./helpers";
import {
  aliceToken,
  clientValues,
  declineAs,
  getDocument,
  keywords,
  managerValues,
  openSignPage,
  pinAs,
  recipient,
  sendFromTemplate,
  signLink,
  submitAs,
} from "./support/signing-calls";
import { expectSigningError } from "./support/checks";

let token: string;
beforeAll(async () => {
  token = await aliceToken();
});

describe("PIN-protected documents", () => {
  it("without the PIN nothing of the document is served and calls are refused (403); the right PIN sets a cookie that opens it", async () => {
    const doc = await sendFromTemplate(token, { pin: 24680 });
    const client = recipient(doc, "Client");
    const gate = await openSignPage(client);
    expect(gate.status).toBe(200);
    expect(pageText(gate.text)).toMatch(/\bPIN\b/);
    expect(gate.text, "no page images before the PIN").not.toContain("/files/");
    expectSigningError(await submitAs(client, clientValues(doc)), 403, /PIN/);
    expectSigningError(await declineAs(client, "No"), 403, /PIN/);
    expect(keywords(await getDocument(token, doc.id))).not.toContain("viewed");

    expectSigningError((await pinAs(client, "1234")).res, 422, /5-digit/);
    const { res, cookie, setCookie } = await pinAs(client, "24680");
    expect(res.status, res.text).toBe(200);
    expect(cookie, "the PIN call sets the signer's cookie").toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(new RegExp(`Path=/sign/${signLink(client).signerId}(;|$)`, "i"));
    // the first view is recorded once the PIN is given
    expect(keywords(await getDocument(token, doc.id))).toContain("viewed");

    const open = await openSignPage(client, { cookie });
    expect(open.text, "page images once the PIN is given").toContain("/files/");
    const signed = await submitAs(client, clientValues(doc), { cookie });
    expect(signed.status, signed.text).toBe(200);
    // a cookie of one signer is not the other's
    const manager = recipient(doc, "Manager");
    expectSigningError(await submitAs(manager, managerValues(doc), { cookie: cookie!.replace(/^pin_[^=]+/, `pin_${manager.id}`) }), 403, /PIN/);
  });

  it("wrong PINs count down the tries left; the fifth locks the link (423), even for the right PIN; `pin_locked` is audited", async () => {
    const doc = await sendFromTemplate(token, { pin: 13579 });
    const client = recipient(doc, "Client");
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { res, cookie } = await pinAs(client, "11111");
      expect(res.status, res.text).toBe(422);
      expect(cookie).toBeUndefined();
      messages.push(res.body.error);
    }
    expect(messages[0]).toMatch(/4 tries left/);
    expect(messages[1]).toMatch(/3 tries left/);
    expect(messages[2]).toMatch(/2 tries left/);
    expect(messages[3]).toMatch(/1 try left/);
    expectSigningError((await pinAs(client, "11111")).res, 423, /Too many wrong PINs/);
    const right = await pinAs(client, "13579");
    expectSigningError(right.res, 423, /Too many wrong PINs/);
    expect(right.cookie).toBeUndefined();
    const after = await getDocument(token, doc.id);
    expect(keywords(after)).toContain("pin_locked");
    // the lock is this signer's: the Manager's link still takes the right PIN
    const manager = await pinAs(recipient(doc, "Manager"), "13579");
    expect(manager.res.status, manager.res.text).toBe(200);
  });
});
