// Creates the fixtures of a test run with the real admin CLI (npm run cli),
// before the server starts: embedded PGlite can be opened by one process only.
// Everything the tests need to know (ids, credentials) is returned and written
// to fixtures.json by run-all.mjs.
import fs from "node:fs";
import path from "node:path";
import { makePdf } from "../fixtures/make-pdf.mjs";
import { run } from "./processes.mjs";

// The fixture applications' redirect URI. Nothing listens there: the UI specs that follow the
// redirect answer it with page.route(). Not port 9 (discard), which it was: Chromium refuses
// navigations to its restricted ports (ERR_UNSAFE_PORT), and now and then that refusal came before
// the interception and the page showed "This site can't be reached" (oauth-flow.spec on CI).
// 59 is on no browser's restricted list and is a privileged port no test server takes.
export const REDIRECT_URI = "http://127.0.0.1:59/callback";

const USERS = {
  alice: { email: "alice@acme.example", name: "Alice Archer", company: "Acme Corp", account: "Acme", flags: ["--kba"] },
  carol: { email: "carol@acme.example", name: "Carol Cooper", company: "Acme Corp", account: "Acme" },
  bob: { email: "bob@beta.example", name: "Bob Baker", company: "Beta LLC", account: "Beta" },
  dave: { email: "dave@disabled.example", name: "Dave Disabled", company: "Closed Inc", account: "Closed", flags: ["--disabled"] },
  erin: { email: "erin@limited.example", name: "Erin Limited", company: "Tiny Co", account: "Tiny", flags: ["--document-limit", "0"] },
  // The sender of the sending tests (e2e/api/sending-*, reminders, callbacks): an account of
  // its own, so the many documents they send stay out of alice's lists and its callback
  // secret can be rotated.
  sam: { email: "sam@sending.example", name: "Sam Sender", company: "Sending Co", account: "Sending", flags: ["--kba"] },
  // The security suite's sender (e2e/security/): the many documents its attacks send stay out of everyone else's lists.
  sec: { email: "sec@security.example", name: "Sasha Security", company: "Security Co", account: "Security" },
  // The parties sec's documents are shared with in e2e/security/signing-links.test.ts: a teammate and
  // someone of another account (not bob or carol, whose lists other tests count).
  secMate: { email: "mate@security.example", name: "Mika Mate", company: "Security Co", account: "Security" },
  secOutsider: { email: "outsider@elsewhere.example", name: "Olli Outsider", company: "Elsewhere Ltd", account: "Elsewhere" },
  // The account e2e/security/sign-in-throttling.test.ts floods with wrong passwords: it stays
  // blocked for the rest of the run, so no other test may sign in as tess.
  tess: { email: "tess@throttle.example", name: "Tess Throttle", company: "Throttle Co", account: "Throttle" },
};

/** An address no fixture user has: e2e/security/signup-takeover.test.ts signs up with it. */
export const TAKEOVER_EMAIL = "shared.victim@takeover.example";
const TAKEOVER_GUID = "4f5f6a1e-0000-4000-8000-7a4e0e000001";
/** An address no fixture user has, on a record of bob's: e2e/api/profile-contacts-archived.test.ts signs up with it. */
export const SHARED_LATER_EMAIL = "archive.reader@later.example";
const SHARED_LATER_GUID = "4f5f6a1e-0000-4000-8000-5a4ed1a7e001";

/** Pending documents of alice, one per purpose so tests never share one. */
const ALICE_PENDING = [
  "oauth-body-token",
  "oauth-readonly-void",
  "void",
  "void-v1",
  "share",
  "tags",
  "pin",
  "reminder",
  "reminder-teammate",
  "spare-1",
  "spare-2",
  "spare-3",
  // e2e/api/documents.test.ts (one per version where the test mutates)
  "share-v1",
  "tags-v1",
  "pin-v1",
];
const ALICE_OTHER_STATES = ["draft", "executed", "voided", "expired", "declined"];

function templateDefinition(name) {
  return {
    name,
    signer_sequencing: true,
    expires_in: 30,
    tags: { department: "sales" },
    roles: [
      { name: "Client", sequence: 0, message: "Please sign as the client." },
      { name: "Manager", sequence: 1, message: "Please countersign.", signer_name: "Morgan Manager", signer_email: "morgan@manager.example" },
    ],
    fields: [
      { type: "signature", role: "Client", name: "client_signature", page: 1, x: 0.25, y: 0.78, width: 0.35, height: 0.04, required: true },
      { type: "text", role: "Client", name: "client_title", page: 1, x: 0.25, y: 0.7, width: 0.3, height: 0.03, required: false },
      { type: "date", role: "Client", name: "client_date", page: 2, x: 0.6, y: 0.7, width: 0.2, height: 0.03, required: false },
      { type: "signature", role: "Manager", name: "manager_signature", page: 2, x: 0.25, y: 0.78, width: 0.35, height: 0.04, required: true },
    ],
    merge_fields: [
      { name: "Customer Name", type: "text", page: 1, x: 0.12, y: 0.2, width: 0.4, height: 0.03 },
      { name: "Start Date", type: "date", page: 1, x: 0.12, y: 0.26, width: 0.2, height: 0.03 },
    ],
  };
}

function archiveRecords(owner, guid, name) {
  const at = (d) => new Date(Date.UTC(2019, 4, d, 10, 30)).toISOString();
  return [
    {
      original_guid: guid,
      name,
      document_state: "executed",
      document_sent_at: at(1),
      document_executed_at: at(3),
      document_expires_at: at(31),
      sender_email: owner.email,
      tags: { legacy: "yes" },
      image_width: 1275,
      image_height: 1650,
      signers: [
        {
          email: "legacy.signer@old.example",
          name: "Legacy Signer",
          role_name: "Signer",
          status: "signed",
          message: "Please sign",
          sequence: 0,
          viewed_at: at(2),
          signed_at: at(3),
        },
      ],
      audits: [
        { id: 1, payload: "Document created", metadata: { keyword: "created" }, created_at: at(1), ip_address: "192.0.2.1" },
        { id: 2, payload: "Signed by Legacy Signer", metadata: { keyword: "signed" }, created_at: at(3), ip_address: "192.0.2.2" },
        { id: 3, payload: "Document executed", metadata: { keyword: "executed" }, created_at: at(3), ip_address: null },
      ],
    },
  ];
}

/** One archived record with every field of spec 2.5 (the GUID is imported by two accounts). */
export const FULL_ARCHIVE_GUID = "4f5f6a1e-0000-4000-8000-f0110000a002";
export function fullArchiveRecord(owner, sharedWith) {
  return {
    original_guid: FULL_ARCHIVE_GUID,
    name: `${owner.account} full legacy record`,
    document_state: "executed",
    document_sent_at: "2018-03-01T09:15:00.000+01:00",
    document_executed_at: "2018-03-02T17:45:30.250+01:00",
    document_expires_at: "2018-04-01T09:15:00.000+02:00",
    sender_email: owner.email,
    signers: [
      {
        id: "9001",
        email: "first.signer@old.example",
        name: "First Signer",
        role_name: "Buyer",
        status: "signed",
        message: "Please sign first",
        sequence: 0,
        viewed_at: "2018-03-01T10:00:00.000+01:00",
        signed_at: "2018-03-01T10:05:00.000+01:00",
        document_passcode: "1234",
        document_passcode_question: "Favourite colour?",
        dismiss_reminders: true,
        legacy_browser_rendered: "ie11",
        "email_bounced?": false,
        has_previously_signed: true,
        is_current_user: null,
        reminders_remaining: 3,
      },
      {
        id: "9002",
        email: "second.signer@old.example",
        name: "Second Signer",
        role_name: "Seller",
        status: "signed",
        message: "",
        sequence: 1,
        viewed_at: "2018-03-02T17:40:00.000+01:00",
        signed_at: "2018-03-02T17:45:30.250+01:00",
        document_passcode: null,
        document_passcode_question: null,
        dismiss_reminders: false,
        legacy_browser_rendered: "",
        "email_bounced?": true,
        has_previously_signed: false,
        is_current_user: false,
        reminders_remaining: 0,
      },
    ],
    signed_pdf_url: "https://legacy.example/archive/full/signed.pdf",
    page_images: [
      { page_number: 1, thumbnail: "https://legacy.example/archive/full/p1-thumb.png", original: "https://legacy.example/archive/full/p1.png" },
      { page_number: 2, thumbnail: "https://legacy.example/archive/full/p2-thumb.png", original: "https://legacy.example/archive/full/p2.png" },
    ],
    tags: { legacy: "yes", region: null },
    image_width: 1275,
    image_height: 1650,
    file_attachments: [],
    cc_parties: [],
    shared_with: sharedWith,
    audits: [
      { id: 501, payload: "Document created by the sender", user_id: 77, metadata: { keyword: "created" }, account_id: 12, created_at: "2018-03-01T09:15:00.000+01:00", ip_address: "198.51.100.7", document_id: 4400 },
      { id: 502, payload: "Viewed by First Signer", user_id: 78, metadata: { keyword: "viewed" }, account_id: 12, created_at: "2018-03-01T10:00:00.000+01:00", ip_address: "198.51.100.8", document_id: 4400 },
      { id: 503, payload: "Signed by Second Signer", user_id: 79, metadata: { keyword: "signed" }, account_id: 12, created_at: "2018-03-02T17:45:30.250+01:00", ip_address: null, document_id: 4400 },
      { id: 504, payload: "Document executed", user_id: 77, metadata: { keyword: "executed" }, account_id: 12, created_at: "2018-03-02T17:45:31.000+01:00", ip_address: null, document_id: 4400 },
    ],
  };
}

export async function createFixtures({ env, dir, baseUrl, log = () => {} }) {
  fs.mkdirSync(dir, { recursive: true });
  let calls = 0;
  let commands = 0;
  // Each CLI start costs seconds (TypeScript loading, opening the database), so
  // the fixtures are made in a few batches (`npm run cli -- batch`), one per
  // phase whose commands do not need each other's results.
  const batch = async (what, list) => {
    calls++;
    commands += list.length;
    const t0 = Date.now();
    const file = path.join(dir, `batch-${calls}.json`);
    fs.writeFileSync(file, JSON.stringify(list));
    const r = await run("npm", ["run", "--silent", "cli", "--", "batch", "--file", file], { env, capture: true });
    if (r.code !== 0) {
      throw new Error(`CLI batch "${what}" failed (exit ${r.code}): ${file}\n--- stderr ---\n${r.stderr.trim()}\n--- stdout ---\n${r.stdout.trim()}`);
    }
    let out;
    try {
      out = JSON.parse(r.stdout.trim());
    } catch {
      throw new Error(`CLI batch "${what}" printed no JSON\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
    }
    log(`  cli batch: ${what}, ${list.length} commands (${Date.now() - t0} ms)`);
    return out;
  };

  const fixtures = { baseUrl, redirectUri: REDIRECT_URI, users: {}, apps: {}, templates: {}, documents: {}, archived: {} };
  const userKeys = Object.keys(USERS);

  const users = await batch(
    "users",
    userKeys.map((key) => {
      const u = USERS[key];
      return ["user:create", "--email", u.email, "--password", `${key}-Pa55word-e2e`, "--name", u.name, "--company", u.company, "--account", u.account, ...(u.flags ?? [])];
    }),
  );
  userKeys.forEach((key, i) => {
    const u = USERS[key];
    fixtures.users[key] = { ...users[i], email: u.email, password: `${key}-Pa55word-e2e`, name: u.name, company: u.company, account: u.account };
  });

  const appName = (key) => `${USERS[key].name.split(" ")[0]}'s Integration`;
  const apps = await batch(
    "applications",
    userKeys.map((key) => ["app:create", "--owner", USERS[key].email, "--name", appName(key), "--redirect-uri", REDIRECT_URI]),
  );
  userKeys.forEach((key, i) => {
    const out = apps[i];
    if (!out.client_id || !out.client_secret) throw new Error(`app:create printed no client_id/client_secret: ${JSON.stringify(out)}`);
    fixtures.apps[key] = { ...out, name: appName(key), redirect_uri: REDIRECT_URI };
  });

  // Templates: [fixture key, owner, name, pdf, sequencing]
  const templateSpecs = [];
  for (const key of ["alice", "bob", "carol"]) {
    await makePdf(path.join(dir, `${key}-contract.pdf`), { title: `${USERS[key].account} contract`, pages: 2 });
    templateSpecs.push([key, key, `${USERS[key].account} Services Agreement`, `${key}-contract.pdf`]);
  }
  // Extra templates of alice for e2e/api/templates.test.ts (one it deletes, one whose tags it changes)
  // and e2e/ui/dashboard-templates.spec.ts (its tags are edited in the browser, then it is deleted).
  templateSpecs.push(["aliceForDeletion", "alice", "Acme Template For Deletion", "alice-contract.pdf"]);
  templateSpecs.push(["aliceForTags", "alice", "Acme Template For Tag Tests", "alice-contract.pdf"]);
  templateSpecs.push(["aliceForDashboard", "alice", "Acme Dashboard Tags Template", "alice-contract.pdf"]);
  // Templates of dave (plan disabled) and erin (document limit 0): a template send
  // reaches the plan checks only on a template of the caller's own account
  // (e2e/api/sending-templates.test.ts); sam's, the sending tests' sender; and
  // sec's, which lets both signers sign at once (e2e/security/concurrent-completion.test.ts).
  for (const key of ["dave", "erin", "sam", "sec"]) templateSpecs.push([key, key, `${USERS[key].account} Services Agreement`, "alice-contract.pdf"]);
  const definitions = templateSpecs.map(([key, , name]) => {
    const definition = templateDefinition(name);
    if (key === "sec") definition.signer_sequencing = false;
    fs.writeFileSync(path.join(dir, `${key}-template.json`), JSON.stringify(definition, null, 2));
    return definition;
  });
  const templates = await batch(
    "templates",
    templateSpecs.map(([key, owner, , pdf]) => ["template:import", "--owner", USERS[owner].email, "--pdf", path.join(dir, pdf), "--definition", path.join(dir, `${key}-template.json`)]),
  );
  templateSpecs.forEach(([key], i) => {
    const out = templates[i];
    if (!out.id) throw new Error(`template:import printed no id: ${JSON.stringify(out)}`);
    const definition = definitions[i];
    fixtures.templates[key] = { ...out, name: definition.name, roles: definition.roles, merge_fields: definition.merge_fields.map((m) => m.name) };
  });

  // Documents: collected as [where to put the id, argv], made in one batch.
  const docSpecs = [];
  const doc = (put, owner, state, name, extra = []) =>
    docSpecs.push([put, ["document:create", "--owner", USERS[owner].email, "--template", fixtures.templates[owner].id, "--state", state, "--name", name, ...extra]]);
  const alice = { pending: {}, draftToVoid: {} };
  for (const purpose of ALICE_PENDING) doc((id) => (alice.pending[purpose] = id), "alice", "pending", `Alice pending ${purpose}`);
  for (const state of ALICE_OTHER_STATES) doc((id) => (alice[state] = id), "alice", state, `Alice ${state}`);
  // Drafts that e2e/api/documents.test.ts voids, one per API version.
  doc((id) => (alice.draftToVoid.v1 = id), "alice", "draft", "Alice draft to void v1");
  doc((id) => (alice.draftToVoid.v2 = id), "alice", "draft", "Alice draft to void v2");
  // A recipient e-mail found nowhere else, for the documents search test.
  doc((id) => (alice.byRecipient = id), "alice", "pending", "Alice found by recipient", ["--role", "Client=Quentin Quarry <quentin.quarry@search.example>"]);
  doc((id) => (alice.sharedWithBob = id), "alice", "pending", "Alice shared with Bob", ["--shared-with", USERS.bob.email]);
  fixtures.documents.alice = alice;
  fixtures.documents.carol = {};
  fixtures.documents.bob = { pending: {} };
  doc((id) => (fixtures.documents.carol.pending = id), "carol", "pending", "Carol pending");
  doc((id) => (fixtures.documents.bob.pending.main = id), "bob", "pending", "Bob pending");

  // Archived documents: [fixture key, argv]
  const archiveSpecs = [];
  for (const [key, guid] of [
    ["alice", "4f5f6a1e-0000-4000-8000-a11ce0000001"],
    ["bob", "4f5f6a1e-0000-4000-8000-b0b000000001"],
  ]) {
    const file = path.join(dir, `${key}-archive.json`);
    fs.writeFileSync(file, JSON.stringify(archiveRecords(USERS[key], guid, `${USERS[key].account} legacy agreement`), null, 2));
    archiveSpecs.push([key, guid, ["archive:import", "--owner", USERS[key].email, "--file", file]]);
  }
  // e2e/api/archived.test.ts: a record with every spec 2.5 field, imported by alice and (same GUID) by bob.
  for (const key of ["alice", "bob"]) {
    const file = path.join(dir, `${key}-archive-full.json`);
    fs.writeFileSync(file, JSON.stringify(fullArchiveRecord(USERS[key], key === "alice" ? [USERS.carol.email] : []), null, 2));
    archiveSpecs.push([`${key}Full`, FULL_ARCHIVE_GUID, ["archive:import", "--owner", USERS[key].email, "--file", file]]);
  }
  // e2e/security/signup-takeover.test.ts: a record of alice's shared with an address nobody has yet.
  {
    const file = path.join(dir, "alice-archive-takeover.json");
    const records = archiveRecords(USERS.alice, TAKEOVER_GUID, "Acme record shared with a future sign-up").map((r) => ({ ...r, shared_with: [TAKEOVER_EMAIL] }));
    fs.writeFileSync(file, JSON.stringify(records, null, 2));
    archiveSpecs.push(["takeover", TAKEOVER_GUID, ["archive:import", "--owner", USERS.alice.email, "--file", file]]);
  }
  // e2e/api/profile-contacts-archived.test.ts: a record of bob's shared with an address that signs up during the run.
  {
    const file = path.join(dir, "bob-archive-shared-later.json");
    const records = archiveRecords(USERS.bob, SHARED_LATER_GUID, "Beta record shared with a later sign-up").map((r) => ({ ...r, shared_with: [SHARED_LATER_EMAIL] }));
    fs.writeFileSync(file, JSON.stringify(records, null, 2));
    archiveSpecs.push(["sharedLater", SHARED_LATER_GUID, ["archive:import", "--owner", USERS.bob.email, "--file", file]]);
  }

  const results = await batch("documents and archived documents", [...docSpecs.map(([, argv]) => argv), ...archiveSpecs.map(([, , argv]) => argv)]);
  docSpecs.forEach(([put], i) => {
    const out = results[i];
    if (!out.id) throw new Error(`document:create printed no id: ${JSON.stringify(out)}`);
    put(out.id);
  });
  archiveSpecs.forEach(([key, guid], i) => {
    const out = results[docSpecs.length + i];
    const ids = out.ids ?? [];
    if (ids.length !== 1) throw new Error(`archive:import printed ${JSON.stringify(out)}`);
    fixtures.archived[key] = { id: ids[0], original_guid: guid };
  });

  log(`  ${commands} commands in ${calls} CLI runs`);
  return fixtures;
}
