// Helpers of the sending tests (templates send/embed/prepare, sending requests,
// reminders, callbacks): files made in the test (PDFs with text tags through
// pdf-lib, a PNG, a ZIP), the sending-request steps over plain HTTP, and
// polling a request until processing ends.
import { crc32, encodePng } from "./png";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { expect } from "vitest";
import { api, BASE_URL, dashboardTokenFor, fixtures, http, tokenFor, type HttpResult, type UserFixture } from "../helpers";
import type { Version } from "./checks";

// ---------------------------------------------------------------- fixtures

type UserKey = "alice" | "bob" | "carol" | "dave" | "erin" | "sam";

/**
 * A fixture user. sam (account "Sending", with KBA) is the sender of the
 * sending tests, so that the documents they make stay out of alice's lists.
 */
export function userOf(key: UserKey): UserFixture {
  const u = (fixtures.users as unknown as Record<string, UserFixture | undefined>)[key];
  if (!u) throw new Error(`no fixture user "${key}" (see e2e/harness/fixtures.mjs)`);
  return u;
}

/** Tokens through the real OAuth flow, one after another: "<user>" for read write, "<user>Read" for read only. */
export async function tokensFor<K extends string>(keys: K[], opts: { dashboard?: boolean } = {}): Promise<Record<K, string>> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const readOnly = key.endsWith("Read");
    const who = (readOnly ? key.slice(0, -"Read".length) : key) as UserKey;
    userOf(who);
    const scope = readOnly ? "read" : "read write";
    out[key] = (opts.dashboard ? await dashboardTokenFor(who, scope) : await tokenFor(who as "alice", scope)).access_token;
  }
  return out;
}

export type TemplateFixture = { id: string; name: string; roles: { name: string; sequence: number }[]; merge_fields: string[] };
type TemplateKey = "alice" | "bob" | "carol" | "dave" | "erin" | "sam";

/** A fixture template (dave's and erin's exist for the plan checks). */
export function templateOf(key: TemplateKey): TemplateFixture {
  const t = (fixtures.templates as unknown as Record<string, TemplateFixture | undefined>)[key];
  if (!t) throw new Error(`no fixture template "${key}" (e2e/harness/fixtures.mjs creates alice, bob, carol, dave, erin and sam)`);
  return t;
}

export type MergeComponent = { id: string; name: string; type: "text" | "date"; page: number };

/** The template's merge field components, read through the API. */
export async function mergeComponents(token: string, templateId: string): Promise<MergeComponent[]> {
  const res = await api(`/public/v2/reusable_templates/${templateId}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.reusable_template.merge_field_components;
}

/** The id of the one merge field component called `name`. */
export function componentId(components: MergeComponent[], name: string): string {
  const matches = components.filter((c) => c.name === name);
  expect(matches, `one merge field component named ${name}`).toHaveLength(1);
  return matches[0]!.id;
}

// ---------------------------------------------------------------- template sends

export type SendKind = "send_document" | "embed_document" | "prepare_document";

export function templateCall(version: Version, kind: SendKind, templateId: string, token: string | undefined, body: unknown) {
  return api(`/public/${version}/reusable_templates/${templateId}/${kind}`, { token, method: "POST", body });
}

/** A minimal valid send_document body for the fixture templates (roles Client, Manager). */
export function sendBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Sending test document",
    roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" }],
    expires_in: 30,
    ...overrides,
  };
}

/** A minimal valid embed_document body. */
export function embedBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Embedded test document",
    roles: [
      { name: "Client", signer_name: "Eve Embedded" },
      { name: "Manager", signer_name: "Mia Manager" },
    ],
    api_embed_width: 800,
    api_embed_height: 600,
    expires_in: 30,
    ...overrides,
  };
}

/** A minimal valid prepare_document body. */
export function prepareBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Prepared test document",
    roles: [{ name: "Client", signer_name: "Pat Prepared", signer_email: "pat@prepared.example" }],
    expires_in: 30,
    ...overrides,
  };
}

/** send_document that must succeed; answers the document. */
export async function sendDocument(version: Version, token: string, templateId: string, overrides: Record<string, unknown> = {}) {
  const res = await templateCall(version, "send_document", templateId, token, sendBody(overrides));
  expect(res.status, res.text).toBe(200);
  return res.body.document;
}

// ---------------------------------------------------------------- files

export type PdfLine = { page: number; text: string; x?: number; y?: number; size?: number };

/**
 * A US-letter PDF of `pages` pages, each titled and numbered, with extra text
 * lines (text tags such as "[[signature|Client]]") where asked.
 */
export async function makePdf({ pages = 1, title = "Sending test", lines = [] as PdfLine[] } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(title, { x: 72, y: 720, size: 20, font, color: rgb(0, 0, 0) });
    page.drawText(`Page ${n} of ${pages}`, { x: 72, y: 690, size: 12, font });
    page.drawText("Lorem ipsum dolor sit amet, consectetur adipiscing elit.", { x: 72, y: 640, size: 11, font });
    let y = 560;
    for (const line of lines.filter((l) => l.page === n)) {
      page.drawText(line.text, { x: line.x ?? 72, y: line.y ?? y, size: line.size ?? 12, font });
      y -= 60;
    }
  }
  return doc.save();
}

/** A real RGB PNG of width × height: a light page with a dark band. */
export function makePng(width = 600, height = 800): Uint8Array {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, y > height * 0.1 && y < height * 0.15 ? 40 : 245);
    row[0] = 0; // filter: none
    rows.push(row);
  }
  return new Uint8Array(encodePng(width, height, 2, rows));
}

/** A real (stored, uncompressed) ZIP archive holding one text file. */
export function makeZip(): Uint8Array {
  const name = Buffer.from("notes.txt");
  const data = Buffer.from("These are notes, not a contract.\n");
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}

// ---------------------------------------------------------------- sending requests

/** A valid create body: roles Client (sequence 0) and Manager (1), signer sequencing on. */
export function sendingRequestBody(overrides: { file?: Record<string, unknown>; document?: Record<string, unknown>; top?: Record<string, unknown> } = {}) {
  return {
    file: { name: "one-off-contract.pdf", source: "upload", ...overrides.file },
    document: {
      name: "One-off contract",
      signer_sequencing: true,
      roles: [
        { name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example", sequence: 0 },
        { name: "Manager", signer_name: "Max Manager", signer_email: "max@manager.example", sequence: 1 },
      ],
      expires_in: 30,
      ...overrides.document,
    },
    sending_request: {},
    ...overrides.top,
  };
}

export const createRequest = (version: Version, token: string | undefined, body: unknown) =>
  api(`/public/${version}/sending_requests`, { token, method: "POST", body });

/** Creates a request that must succeed; answers the sending_request object. */
export async function createSendingRequest(version: Version, token: string, overrides: Parameters<typeof sendingRequestBody>[0] = {}) {
  const res = await createRequest(version, token, sendingRequestBody(overrides));
  expect(res.status, res.text).toBe(200);
  return res.body.sending_request as { id: string; status: string; upload_url: string; [k: string]: unknown };
}

/** PUT of the raw file to an upload address. */
export async function putFile(uploadUrl: string, bytes: Uint8Array, contentType = "application/pdf"): Promise<HttpResult> {
  return http(uploadUrl, { method: "PUT", headers: { "Content-Type": contentType }, body: bytes as Uint8Array<ArrayBuffer> });
}

export const markUploaded = (version: Version, token: string | undefined, id: string, body?: unknown) =>
  api(`/public/${version}/sending_requests/${id}/uploaded`, { token, method: "POST", body });

export const getRequest = (version: Version, token: string | undefined, id: string) =>
  api(`/public/${version}/sending_requests/${id}`, { token });

const FINAL = ["completed", "errored"];

/** Polls GET until the request is completed or errored; answers the last body. */
export async function waitForFinal(version: Version, token: string, id: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let last: HttpResult | undefined;
  while (Date.now() < deadline) {
    last = await getRequest(version, token, id);
    expect(last.status, last.text).toBe(200);
    if (FINAL.includes(last.body.status)) return last.body;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`sending request ${id} did not finish within ${timeoutMs} ms; last: ${last?.text}`);
}

/** Create, upload, mark uploaded: answers the request id. */
export async function submitFile(
  version: Version,
  token: string,
  bytes: Uint8Array,
  overrides: Parameters<typeof sendingRequestBody>[0] = {},
  uploadedBody?: unknown,
) {
  const created = await createSendingRequest(version, token, overrides);
  const put = await putFile(created.upload_url, bytes);
  expect(put.status, put.text).toBe(200);
  const up = await markUploaded(version, token, created.id, uploadedBody);
  expect(up.status, up.text).toBe(200);
  return { id: created.id, created, uploaded: up.body };
}

/** A status_message a person can act on: a sentence, not a stack trace or an error code. */
export function expectHumanMessage(message: unknown) {
  expect(typeof message, `status_message ${JSON.stringify(message)}`).toBe("string");
  const text = message as string;
  expect(text.length).toBeGreaterThan(15);
  expect(text).toMatch(/^[A-Z"]/);
  expect(text).toMatch(/[.?!]$/);
  expect(text).not.toMatch(/\n\s+at |Error:|undefined|null|\[object /);
}

export { BASE_URL };
