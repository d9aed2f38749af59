// The admin command line (`npm run cli -- …`, README "Admin command line"):
// JSON on stdout, a one-line error on stderr with a non-zero exit for bad
// input, and the embedded database's one-process lock. Every run here uses its
// own fresh DATA_DIR under the system temp directory with DATABASE_URL unset,
// so it never touches the test server's database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UUID } from "./support/checks";

const ROOT = process.cwd();
const onPostgres = !!process.env.TEST_DATABASE_URL;

type CliResult = { code: number | null; stdout: string; stderr: string };

function cli(dataDir: string, ...args: string[]): Promise<CliResult> {
  return cliOn(undefined, dataDir, ...args);
}

/** The CLI on a PostgreSQL database (`databaseUrl`), or on the embedded one in `dataDir` when undefined. */
function cliOn(databaseUrl: string | undefined, dataDir: string, ...args: string[]): Promise<CliResult> {
  return cliWith({ DATABASE_URL: databaseUrl }, dataDir, ...args);
}

/** The CLI with these variables set on top of the test's environment (undefined: unset). */
function cliWith(vars: Record<string, string | undefined>, dataDir: string, ...args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  delete env.APP_SECRET;
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "cli", "--", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (e) => resolve({ code: 127, stdout, stderr: stderr + String(e) }));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Exit 0, nothing on stderr, one JSON value on stdout. */
function expectJson(r: CliResult) {
  expect({ code: r.code, stderr: r.stderr }, r.stdout).toEqual({ code: 0, stderr: "" });
  return JSON.parse(r.stdout);
}

/** Non-zero exit, nothing on stdout, exactly one non-empty line on stderr; answers that line. */
function expectOneLineError(r: CliResult): string {
  expect(r.code, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).not.toBe(0);
  expect(r.code).not.toBeNull();
  expect(r.stdout).toBe("");
  const line = r.stderr.replace(/\n$/, "");
  expect(line.length).toBeGreaterThan(0);
  expect(line, "one line on stderr").not.toContain("\n");
  return line;
}

const tempDirs: string[] = [];
const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signing-cli-test-"));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const HEX_ID = UUID; // ids are UUIDs (lib/api/ids.ts)

function definition(overrides: Record<string, unknown> = {}) {
  return {
    name: "CLI Test Agreement",
    signer_sequencing: false,
    roles: [{ name: "Signer", sequence: 0 }],
    fields: [{ type: "signature", role: "Signer", name: "sig", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }],
    merge_fields: [],
    ...overrides,
  };
}

describe("npm run cli", () => {
  let data: string;
  let files: string;
  let pdf: string;

  beforeAll(async () => {
    data = freshDataDir();
    files = freshDataDir();
    const { makePdf } = await import(/* @vite-ignore */ new URL("../fixtures/make-pdf.mjs", import.meta.url).href);
    pdf = await makePdf(path.join(files, "contract.pdf"), { title: "CLI contract", pages: 1 });
  }, 60_000);

  it("user:create prints the new user as JSON", { timeout: 60_000 }, async () => {
    const out = expectJson(await cli(data, "user:create", "--email", "Owner@CLI.example", "--password", "owner-Pa55word", "--name", "Olive Owner", "--account", "CLI Co"));
    expect(out).toMatchObject({ id: expect.stringMatching(HEX_ID), email: "owner@cli.example", account_id: expect.stringMatching(HEX_ID) });
    // a second user of the same account name joins that account
    const second = expectJson(await cli(data, "user:create", "--email", "mate@cli.example", "--password", "mate-Pa55word", "--name", "Mate", "--account", "CLI Co"));
    expect(second.account_id).toBe(out.account_id);
    expect(second.id).not.toBe(out.id);
  });

  it("a duplicate user → non-zero exit and one line naming the e-mail", { timeout: 60_000 }, async () => {
    const line = expectOneLineError(await cli(data, "user:create", "--email", "owner@cli.example", "--password", "other-Pa55word", "--name", "Again"));
    expect(line).toContain("owner@cli.example");
    expect(line).toMatch(/exists/i);
  });

  it("a missing --email → non-zero exit and one line naming --email", { timeout: 60_000 }, async () => {
    const line = expectOneLineError(await cli(data, "user:create", "--password", "x-Pa55word-long", "--name", "Nobody"));
    expect(line).toContain("--email");
  });

  it("an unknown flag → non-zero exit and one line naming it", { timeout: 60_000 }, async () => {
    const line = expectOneLineError(await cli(data, "user:create", "--email", "z@cli.example", "--password", "z-Pa55word-long", "--name", "Z", "--colour", "red"));
    expect(line).toContain("colour");
  });

  it("an unknown command → non-zero exit and one line naming it", { timeout: 60_000 }, async () => {
    const line = expectOneLineError(await cli(data, "users:explode"));
    expect(line).toContain("users:explode");
  });

  it("help lists the commands and exits 0", { timeout: 60_000 }, async () => {
    const r = await cli(data, "help");
    expect(r.code).toBe(0);
    for (const c of ["user:create", "app:create", "template:import", "archive:import", "document:create", "db:status"]) expect(r.stdout).toContain(c);
  });

  // Each command's module is loaded when it runs (lib/cli/main.ts): loading them all, with the PDF, signing
  // and job libraries that document and template commands need, cost every start ~1 s and ~200 MB.
  it("a command loads only what it needs: db:status none of the PDF, signing, processing or job libraries", { timeout: 60_000 }, async () => {
    const record = path.join(freshDataDir(), "imports.txt");
    const recorder = pathToFileURL(path.join(ROOT, "e2e/api/support/record-imports.mjs")).href;
    const r = await cliWith({ NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${recorder}`.trim(), RECORD_IMPORTS_FILE: record }, data, "db:status");
    expectJson(r);
    const urls = fs.readFileSync(record, "utf8").split("\n").filter(Boolean);
    // (the recorder saw the command's own module and the database's: it works)
    expect(urls.some((u) => u.endsWith("/lib/cli/commands/db-status.ts"))).toBe(true);
    expect(urls.some((u) => u.includes("/node_modules/drizzle-orm/"))).toBe(true);
    const heavy = urls.filter((u) => /\/node_modules\/(pdf-lib|@pdf-lib|@libpdf|node-forge|pkijs|fontkit|pg-boss|qrcode|pngjs|@napi-rs\/canvas|pdfjs-dist)\//.test(u));
    const ours = urls.filter((u) => /\/lib\/(cli\/commands\/(?!db-status)|server\/(completion|processing|pdf|pdf-signing|pdf-text|seed|jobs)\/)/.test(u));
    expect([...new Set(heavy.map((u) => u.replace(/.*\/node_modules\/((@[^/]+\/)?[^/]+).*/, "$1")))], "libraries db:status loaded").toEqual([]);
    expect(ours.map((u) => u.replace(/.*\/lib\//, "lib/")), "modules of other commands db:status loaded").toEqual([]);
  });

  // JIT compilation cost ~100 ms of a search at a million documents; the app's connections run without it
  // (lib/server/db/client.ts). On PostgreSQL the CLI only reads the test server's database here.
  it("db:status names the database, its version and settings; the app's connections run with jit off", { timeout: 90_000 }, async () => {
    const embedded = expectJson(await cli(data, "db:status"));
    expect(embedded).toMatchObject({ database: "pglite", server_version: expect.stringMatching(/^\d+\.\d+/), settings: { jit: "off", shared_buffers: expect.stringMatching(/^\d+[kMG]B$/) } });
    expect(Object.keys(embedded.settings).sort()).toEqual(["effective_cache_size", "jit", "max_connections", "shared_buffers", "work_mem"]);
    if (!onPostgres) return;
    const server = expectJson(await cliOn(process.env.TEST_DATABASE_URL, freshDataDir(), "db:status"));
    expect(server).toMatchObject({ database: "postgres", settings: { jit: "off" } });
  });

  it("app:create prints client_id and client_secret", { timeout: 60_000 }, async () => {
    const out = expectJson(await cli(data, "app:create", "--owner", "owner@cli.example", "--name", "CLI App", "--redirect-uri", "https://client.example/callback"));
    expect(out).toMatchObject({ client_id: expect.any(String), client_secret: expect.any(String), redirect_uri: "https://client.example/callback" });
    expect(out.client_id.length).toBeGreaterThanOrEqual(16);
    expect(out.client_secret.length).toBeGreaterThanOrEqual(32);
    const again = expectJson(await cli(data, "app:create", "--owner", "owner@cli.example", "--name", "CLI App 2", "--redirect-uri", "http://127.0.0.1:9/cb"));
    expect(again.client_id).not.toBe(out.client_id);
    expect(again.client_secret).not.toBe(out.client_secret);
  });

  it.each([["not-a-url"], ["ftp://client.example/cb"], ["https://client.example/cb#frag"]])(
    "app:create with --redirect-uri %s → non-zero exit and one line naming the redirect URI",
    { timeout: 60_000 },
    async (uri) => {
      const line = expectOneLineError(await cli(data, "app:create", "--owner", "owner@cli.example", "--name", "Bad", "--redirect-uri", uri));
      expect(line).toMatch(/redirect/i);
    },
  );

  it("app:create for an unknown owner → non-zero exit and one line naming the owner", { timeout: 60_000 }, async () => {
    const line = expectOneLineError(await cli(data, "app:create", "--owner", "ghost@cli.example", "--name", "X", "--redirect-uri", "https://client.example/cb"));
    expect(line).toContain("ghost@cli.example");
  });

  it("template:import prints the template id; document:create and archive:import use it", { timeout: 90_000 }, async () => {
    const defFile = path.join(files, "good.json");
    fs.writeFileSync(defFile, JSON.stringify(definition()));
    const tpl = expectJson(await cli(data, "template:import", "--owner", "owner@cli.example", "--pdf", pdf, "--definition", defFile));
    expect(tpl.id).toMatch(HEX_ID);
    const doc = expectJson(await cli(data, "document:create", "--owner", "owner@cli.example", "--template", tpl.id, "--state", "pending", "--name", "From the CLI"));
    expect(doc.id).toMatch(HEX_ID);
    const bad = expectOneLineError(await cli(data, "document:create", "--owner", "owner@cli.example", "--template", tpl.id, "--state", "finished"));
    expect(bad).toContain("--state");
    const archiveFile = path.join(files, "archive.json");
    fs.writeFileSync(archiveFile, JSON.stringify([{ original_guid: "cli-guid-1", name: "Old one" }, { original_guid: "cli-guid-2", name: "Old two" }]));
    const archived = expectJson(await cli(data, "archive:import", "--owner", "owner@cli.example", "--file", archiveFile));
    expect(archived.ids).toHaveLength(2);
    for (const id of archived.ids) expect(id).toMatch(HEX_ID);
  });

  it("template:import with a field whose role is not in roles → non-zero exit and one line naming the role", { timeout: 60_000 }, async () => {
    const defFile = path.join(files, "bad-role.json");
    fs.writeFileSync(
      defFile,
      JSON.stringify(definition({ fields: [{ type: "signature", role: "Witness", name: "w", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }] })),
    );
    const line = expectOneLineError(await cli(data, "template:import", "--owner", "owner@cli.example", "--pdf", pdf, "--definition", defFile));
    expect(line).toContain("Witness");
    expect(line).toMatch(/role/i);
  });

  it("template:import with a field on a page the PDF lacks, or unreadable JSON → one-line errors", { timeout: 60_000 }, async () => {
    const pageFile = path.join(files, "bad-page.json");
    fs.writeFileSync(pageFile, JSON.stringify(definition({ fields: [{ type: "signature", role: "Signer", name: "s", page: 3, x: 0.1, y: 0.8, width: 0.3, height: 0.05 }] })));
    const pageLine = expectOneLineError(await cli(data, "template:import", "--owner", "owner@cli.example", "--pdf", pdf, "--definition", pageFile));
    expect(pageLine).toMatch(/page/i);
    const brokenFile = path.join(files, "broken.json");
    fs.writeFileSync(brokenFile, "{ not json");
    expectOneLineError(await cli(data, "template:import", "--owner", "owner@cli.example", "--pdf", pdf, "--definition", brokenFile));
  });

  it("archive:import with an invalid record → non-zero exit and one line naming the problem", { timeout: 60_000 }, async () => {
    const file = path.join(files, "bad-archive.json");
    fs.writeFileSync(file, JSON.stringify([{ original_guid: "cli-guid-3", name: "Fine" }, { name: "No guid" }]));
    const line = expectOneLineError(await cli(data, "archive:import", "--owner", "owner@cli.example", "--file", file));
    expect(line).toContain("original_guid");
  });

  it.skipIf(onPostgres)("a data directory held by a live process is refused with a clear error; a stale lock is taken over", { timeout: 90_000 }, async () => {
    const dir = freshDataDir();
    fs.writeFileSync(path.join(dir, "pglite.lock"), String(process.pid));
    const line = expectOneLineError(await cli(dir, "user:create", "--email", "locked@cli.example", "--password", "lock-Pa55word", "--name", "Locked"));
    expect(line).toMatch(/in use/i);
    expect(line).toContain(String(process.pid));
    // the lock of a live process is left alone
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));

    // a lock left by a process that is gone does not block
    const dead = spawn(process.execPath, ["-e", ""]);
    const deadPid = dead.pid!;
    await new Promise((r) => dead.on("close", r));
    fs.writeFileSync(path.join(dir, "pglite.lock"), String(deadPid));
    const out = expectJson(await cli(dir, "user:create", "--email", "unlocked@cli.example", "--password", "lock-Pa55word", "--name", "Unlocked"));
    expect(out.email).toBe("unlocked@cli.example");
    // and the CLI releases the lock when it exits
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });
});
