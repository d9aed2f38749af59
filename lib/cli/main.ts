import { UsageError, type Command } from "./command";

// `npm run cli -- <command> [--flags]`: administration without the web UI.
// Results are JSON on stdout; a failure is one line on stderr and a non-zero
// exit (2 for bad usage, 1 otherwise), so scripts and tests can rely on both.

/**
 * Each command's module, loaded only when that command runs: together they load the PDF, signing,
 * processing and job libraries (pdf-lib, node-forge, pkijs, fontkit, pg-boss), which made every start of
 * the CLI — `user:create` as much as `help` — take ~1.7 s and 330 MB before doing anything. In the order
 * `help` lists them; a key is its command's `name`.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  "user:create": async () => (await import("./commands/user-create")).userCreate,
  "app:create": async () => (await import("./commands/app-create")).appCreate,
  "token:create": async () => (await import("./commands/token-create")).tokenCreate,
  "template:import": async () => (await import("./commands/template-import")).templateImport,
  "archive:import": async () => (await import("./commands/archive-import")).archiveImport,
  "document:create": async () => (await import("./commands/document-create")).documentCreate,
  "db:seed": async () => (await import("./commands/db-seed")).dbSeed,
  "db:status": async () => (await import("./commands/db-status")).dbStatus,
  "storage:copy-to-s3": async () => (await import("./commands/storage-copy-to-s3")).storageCopyToS3,
  batch: async () => (await import("./commands/batch")).batchCommand(loadCommand),
};

async function loadCommand(name: string): Promise<Command | undefined> {
  if (!Object.hasOwn(COMMANDS, name)) return undefined;
  const command = await COMMANDS[name]!();
  if (command.name !== name) throw new Error(`the CLI lists "${name}" for the command named "${command.name}"`);
  return command;
}

async function usage(): Promise<string> {
  const lines = ["Usage: npm run cli -- <command> [--flags]", "", "Commands:"];
  for (const c of await Promise.all(Object.values(COMMANDS).map((load) => load()))) {
    lines.push(`  ${c.name}${c.synopsis ? ` ${c.synopsis}` : ""}`, `      ${c.summary}`);
  }
  lines.push("  help", "      Show this text.", "");
  lines.push("Settings come from the environment (DATA_DIR or DATABASE_URL, APP_URL). With the embedded");
  lines.push("database, stop the server first: only one process may open DATA_DIR at a time.");
  return lines.join("\n");
}

/** The database module, imported once a command is found (`help` and a misspelt command never load it). */
let database: typeof import("@/lib/server/db/client") | undefined;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    process.stdout.write((await usage()) + "\n");
    return 0;
  }
  const command = await loadCommand(name);
  if (!command) throw new UsageError(`Unknown command "${name}". Run "npm run cli -- help" for the list.`);
  database = await import("@/lib/server/db/client");
  const result = await command.run(rest, { db: database.getDb });
  process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  return 0;
}

main(process.argv.slice(2))
  .catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`error: ${message.replace(/\s*\n\s*/g, " ")}\n`);
    return e instanceof UsageError ? 2 : 1;
  })
  .then(async (code) => {
    // Always release the embedded database's lock, even after an error.
    await database?.closeDb().catch(() => {});
    process.exit(code);
  });
