// Archived documents (spec 2.5, 4.3 and docs/api-decisions.md "Archived
// documents"): records imported with `npm run cli -- archive:import` are
// answered as imported, to the users tied to them, on /public/v1 and /public/v2.
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures } from "./helpers";
import { expectError, expectFieldTypes, obtainTokens, VERSIONS, type Tokens, type Version } from "./support/checks";

type Archived = { id: string; original_guid: string };
const AR = fixtures.archived as typeof fixtures.archived & { aliceFull: Archived; bobFull: Archived };
const users = fixtures.users;

const NOT_FOUND = "Can't find archived document.";
const NO_ACL = "No ACLs tying user to archived document.";

let t: Tokens;
// The very record the fixtures imported (e2e/harness/fixtures.mjs), loaded at run time.
let FULL_ARCHIVE_GUID: string;
let fullArchiveRecord: (owner: { account: string; email: string }, sharedWith: string[]) => Record<string, unknown>;
beforeAll(async () => {
  const harness: any = await import(/* @vite-ignore */ new URL("../harness/fixtures.mjs", import.meta.url).href);
  FULL_ARCHIVE_GUID = harness.FULL_ARCHIVE_GUID;
  fullArchiveRecord = harness.fullArchiveRecord;
  t = await obtainTokens();
});

const getArchived = (v: Version, guid: string, token = t.alice) =>
  api(`/public/${v}/archived_documents_by_original_guid/${encodeURIComponent(guid)}`, { token });

const ARCHIVED_FIELDS: Record<string, string[]> = {
  id: ["string"],
  name: ["string"],
  original_guid: ["string"],
  document_state: ["string"],
  document_sent_at: ["string"],
  document_executed_at: ["string"],
  document_expires_at: ["string"],
  sender_email: ["string"],
  signers: ["array"],
  signed_pdf_url: ["string"],
  page_images: ["array"],
  tags: ["object"],
  image_width: ["number"],
  image_height: ["number"],
  file_attachments: ["array"],
  cc_parties: ["array"],
  shared_with: ["array"],
  audits: ["array"],
  user_id: ["string"],
};

const SIGNER_FIELDS: Record<string, string[]> = {
  id: ["string"],
  email: ["string"],
  name: ["string"],
  role_name: ["string"],
  status: ["string"],
  message: ["string"],
  sequence: ["number"],
  viewed_at: ["string"],
  signed_at: ["string"],
  document_passcode: ["string", "null"],
  document_passcode_question: ["string", "null"],
  dismiss_reminders: ["boolean"],
  legacy_browser_rendered: ["string"],
  "email_bounced?": ["boolean"],
  has_previously_signed: ["boolean"],
  is_current_user: ["boolean", "null"],
  reminders_remaining: ["number"],
};

describe.each(VERSIONS)("GET /public/%s/archived_documents_by_original_guid/:original_guid", (v) => {
  it("answers {archived_document} with every spec 2.5 field, exactly as imported, plus our id and the importer's user_id", async () => {
    const res = await getArchived(v, FULL_ARCHIVE_GUID);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["archived_document"]);
    const doc = res.body.archived_document;
    expectFieldTypes(doc, ARCHIVED_FIELDS, "archived_document");
    for (const s of doc.signers) expectFieldTypes(s, SIGNER_FIELDS, "archived signer");
    for (const p of doc.page_images) expectFieldTypes(p, { page_number: ["number"], thumbnail: ["string"], original: ["string"] }, "page image");
    for (const a of doc.audits) {
      expectFieldTypes(
        a,
        { id: ["number"], payload: ["string"], user_id: ["number"], metadata: ["object"], account_id: ["number"], created_at: ["string"], ip_address: ["string", "null"], document_id: ["number"] },
        "archived audit",
      );
    }
    const imported = fullArchiveRecord({ account: "Acme", email: users.alice.email }, [users.carol.email]);
    for (const [key, value] of Object.entries(imported)) expect(doc[key], key).toEqual(value);
    expect(doc.id).toBe(AR.aliceFull.id);
    expect(doc.user_id).toBe(users.alice.id);
  });

  it("legacy timestamps keep their offset and precision", async () => {
    const doc = (await getArchived(v, FULL_ARCHIVE_GUID)).body.archived_document;
    expect(doc.document_executed_at).toBe("2018-03-02T17:45:30.250+01:00");
    expect(doc.document_expires_at).toBe("2018-04-01T09:15:00.000+02:00");
    expect(doc.signers[1].signed_at).toBe("2018-03-02T17:45:30.250+01:00");
  });

  it("the basic fixture record: fields defaulted where the export left them out", async () => {
    const res = await getArchived(v, AR.alice.original_guid);
    expect(res.status, res.text).toBe(200);
    const doc = res.body.archived_document;
    expect(doc).toMatchObject({
      id: AR.alice.id,
      original_guid: AR.alice.original_guid,
      name: "Acme legacy agreement",
      document_state: "executed",
      sender_email: users.alice.email,
      tags: { legacy: "yes" },
      image_width: 1275,
      image_height: 1650,
      user_id: users.alice.id,
      file_attachments: [],
      cc_parties: [],
      shared_with: [],
    });
    expect(doc.document_sent_at).toBe(new Date(Date.UTC(2019, 4, 1, 10, 30)).toISOString());
    expect(doc.signers).toHaveLength(1);
    expectFieldTypes(doc.signers[0], SIGNER_FIELDS, "archived signer");
    expect(doc.signers[0]).toMatchObject({ email: "legacy.signer@old.example", name: "Legacy Signer", role_name: "Signer", status: "signed", sequence: 0 });
    expect(doc.audits.map((a: any) => a.payload)).toEqual(["Document created", "Signed by Legacy Signer", "Document executed"]);
    expect(doc.audits.map((a: any) => a.ip_address)).toEqual(["192.0.2.1", "192.0.2.2", null]);
  });

  it("one GUID imported by two accounts: each caller gets the record tied to them", async () => {
    const asAlice = (await getArchived(v, FULL_ARCHIVE_GUID, t.alice)).body.archived_document;
    const asBob = await getArchived(v, FULL_ARCHIVE_GUID, t.bob);
    expect(asBob.status, asBob.text).toBe(200);
    expect(asBob.body.archived_document).toMatchObject({
      id: AR.bobFull.id,
      name: "Beta full legacy record",
      sender_email: users.bob.email,
      user_id: users.bob.id,
      shared_with: [],
    });
    expect(asAlice.name).toBe("Acme full legacy record");
    expect(asAlice.id).not.toBe(asBob.body.archived_document.id);
  });

  it("a user on the record's shared_with may get it (carol on alice's record)", async () => {
    const res = await getArchived(v, FULL_ARCHIVE_GUID, t.carol);
    expect(res.status, res.text).toBe(200);
    expect(res.body.archived_document.id).toBe(AR.aliceFull.id);
  });

  it("unknown GUID → 401 Can't find archived document.", async () => {
    expectError(await getArchived(v, "00000000-0000-4000-8000-000000000000"), 401, NOT_FOUND);
    expectError(await getArchived(v, "not-a-guid-at-all"), 401, NOT_FOUND);
  });

  it("another account's GUID → 401 No ACLs tying user to archived document.", async () => {
    expectError(await getArchived(v, AR.bob.original_guid, t.alice), 401, NO_ACL);
    expectError(await getArchived(v, AR.alice.original_guid, t.bob), 401, NO_ACL);
  });

  it("a teammate who is not tied to the record → 401 No ACLs", async () => {
    expectError(await getArchived(v, AR.alice.original_guid, t.carol), 401, NO_ACL);
  });

  it("nobody tied among the accounts that imported a GUID → 401 No ACLs", async () => {
    expectError(await getArchived(v, FULL_ARCHIVE_GUID, t.erin), 401, NO_ACL);
  });

  it("a read-only token may read; no token → 401 Must be authenticated.", async () => {
    expect((await getArchived(v, AR.alice.original_guid, t.aliceRead)).status).toBe(200);
    expectError(await api(`/public/${v}/archived_documents_by_original_guid/${AR.alice.original_guid}`), 401, "Must be authenticated.");
  });
});
