// Issue 10 point 12: the public /verify check proves a document without
// handing out personal data. A document is signed over HTTP by two signers
// (so its audit trail records their IP addresses), its signed PDF is uploaded
// anonymously: the answer confirms the document and the signing but holds no
// IP address, no full name and no full e-mail address of anyone (signers or
// sender), only masked ones. A user signed in to the service (the `sid`
// session) who may see the document gets the full trail; a signed-in user
// without access gets the public answer.
import { beforeAll, describe, expect, it } from "vitest";
import { CookieJar, fixtures, http, signIn } from "../api/helpers";
import {
  aliceToken,
  clientValues,
  download,
  getDocument,
  managerValues,
  openSignPage,
  recipient,
  sendFromTemplate,
  submitAs,
  waitForDocument,
  type Doc,
} from "../api/support/signing-calls";

const CLIENT = { name: "Quinn Verifyton", email: "quinn.verifyton@privacy-client.example" };
const MANAGER = { name: "Rowan Auditmore", email: "rowan.auditmore@privacy-manager.example" };
const sender = fixtures.users.alice;

let doc: Doc;
let signed: Uint8Array;
let merged: Uint8Array;
let ips: string[];

function check(bytes: Uint8Array, jar?: CookieJar) {
  const headers: Record<string, string> = { "Content-Type": "application/pdf" };
  const cookie = jar?.header();
  if (cookie) headers.Cookie = cookie;
  return http("/verify/check", { method: "POST", headers, body: bytes as Uint8Array<ArrayBuffer> });
}

beforeAll(async () => {
  const token = await aliceToken();
  const sent = await sendFromTemplate(token, {
    name: "Privacy of the verify page",
    roles: [
      { name: "Client", signer_name: CLIENT.name, signer_email: CLIENT.email },
      { name: "Manager", signer_name: MANAGER.name, signer_email: MANAGER.email },
    ],
  });
  for (const [role, values] of [
    ["Client", clientValues(sent)],
    ["Manager", managerValues(sent)],
  ] as const) {
    const r = recipient(sent, role);
    expect((await openSignPage(r)).status).toBe(200);
    const res = await submitAs(r, values);
    expect(res.status, res.text).toBe(200);
  }
  doc = await waitForDocument(token, sent.id, (d) => !!d.signed_pdf_url && !!d.merged_document_certificate_url, "signed files");
  doc = await getDocument(token, sent.id);
  signed = await download(doc.signed_pdf_url!, "signed PDF");
  merged = await download(doc.merged_document_certificate_url!, "merged PDF");
  ips = [...new Set(doc.audits.map((a) => a.ip_address).filter((ip): ip is string => !!ip))];
}, 180_000);

/** Nothing that identifies a person beyond the masks. */
function expectNoPersonalData(text: string) {
  for (const person of [CLIENT, MANAGER, { name: sender.name, email: sender.email }]) {
    expect(text, "no full name").not.toContain(person.name);
    for (const word of person.name.split(" ")) expect(text, `no part of the name "${person.name}"`).not.toContain(word);
    expect(text, "no full e-mail").not.toContain(person.email);
    expect(text, "no local part of an e-mail").not.toContain(`${person.email.split("@")[0]}@`);
    expect(text, "no e-mail domain").not.toContain(`@${person.email.split("@")[1]}`);
  }
  for (const ip of ips) expect(text, `no IP address (${ip})`).not.toContain(ip);
  expect(text, "no IPv4 address at all").not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
  expect(text, "no ipAddress field").not.toMatch(/ip_?address/i);
}

describe("POST /verify/check without a session", () => {
  it("the audit trail the API shows the sender does hold IPs (so the checks below mean something)", () => {
    expect(ips.length).toBeGreaterThan(0);
    expect(doc.audits.some((a) => a.payload.includes(CLIENT.email) || a.payload.includes(CLIENT.name))).toBe(true);
  });

  for (const kind of ["signed", "merged"] as const) {
    it(`the ${kind} PDF: proven (document, execution, who signed when) with masked names and addresses, no IPs`, async () => {
      const res = await check(kind === "signed" ? signed : merged);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ verdict: "verified", access: "public", document: { id: doc.id, file: kind } });
      expect(res.body.document.signers).toEqual([
        { name: "Q*** V***", email: "q***@p***.example", signed_at: expect.any(String) },
        { name: "R*** A***", email: "r***@p***.example", signed_at: expect.any(String) },
      ]);
      expect(res.body.document.audit.map((a: any) => a.keyword)).toEqual(expect.arrayContaining(["created", "signed", "executed"]));
      for (const a of res.body.document.audit) expect(Object.keys(a).sort()).toEqual(["actor", "keyword", "seq", "time"]);
      expectNoPersonalData(res.text);
    });
  }

  it("a signed-in user without access to the document gets the same public answer", async () => {
    const jar = new CookieJar();
    await signIn(jar, fixtures.users.bob);
    const res = await check(signed, jar);
    expect(res.status, res.text).toBe(200);
    expect(res.body.access).toBe("public");
    expectNoPersonalData(res.text);
  });
});

describe("POST /verify/check signed in with access", () => {
  it("the sender gets the full trail (names, addresses, IPs, texts) and a link to the document in the dashboard", async () => {
    const jar = new CookieJar();
    await signIn(jar, sender);
    const res = await check(signed, jar);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ verdict: "verified", access: "full", document: { id: doc.id, dashboard_path: `/documents/${doc.id}` } });
    expect(res.body.document.signers).toEqual([
      { name: CLIENT.name, email: CLIENT.email, signed_at: expect.any(String) },
      { name: MANAGER.name, email: MANAGER.email, signed_at: expect.any(String) },
    ]);
    expect(res.body.document.audit).toHaveLength(doc.audits.length);
    for (const ip of ips) expect(res.text).toContain(ip);
    expect(res.body.document.audit.map((a: any) => a.payload).sort()).toEqual(doc.audits.map((a) => a.payload).sort());
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
  });
});
