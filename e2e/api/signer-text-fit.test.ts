// A signer's typed text must fit its box in the signed PDF (issue 13 point 5):
// the signer page shrinks typed text down to fit-text's smallest size and flags
// what would still not fit; the server refuses such an answer at submission,
// naming the field, instead of accepting it and cutting it with "..." in the
// signed PDF. A longer answer that fits once shrunk is accepted.
import { beforeAll, describe, expect, it } from "vitest";
import { expectSigningError } from "./support/checks";
import { aliceToken, clientValues, fieldId, getDocument, recipient, sendFromTemplate, submitAs } from "./support/signing-calls";

let token: string;
beforeAll(async () => {
  token = await aliceToken();
});

describe("typed text that would not fit its box", () => {
  it("is refused at submission naming the field (under the 1000-character limit), and the signer can still sign", async () => {
    const doc = await sendFromTemplate(token);
    const client = recipient(doc, "Client");
    const title = fieldId(doc, "client_title");
    const tooLong = "Head of Testing and Quality Assurance for every region ".repeat(15).trim(); // ~ 840 characters
    expect(tooLong.length).toBeLessThan(1000);
    expectSigningError(await submitAs(client, clientValues(doc, { title: tooLong })), 422, /"client title" is too long for its box: even at 6 pt/, title);
    expect(recipient(await getDocument(token, doc.id), "Client").status).toBe("pending");

    // Longer than the box at its normal size, but it fits shrunk: accepted.
    const fitsShrunk = "Head of Testing and Quality Assurance, EMEA";
    const ok = await submitAs(client, clientValues(doc, { title: fitsShrunk }));
    expect(ok.status, ok.text).toBe(200);
  });
});
