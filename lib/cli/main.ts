import { closeDb, getDb } from "@/lib/server/db/client";
import { UsageError, type Command } from "./command";
import { appCreate } from "./commands/app-create";
import { batchCommand } from "./commands/batch";
import { archiveImport } from "./commands/archive-import";
import { dbSeed } from "./commands/db-seed";
import { dbStatus } from "./commands/db-status";
import { documentCreate } from "./commands/document-create";
import { storageCopyToS3 } from "./commands/storage-copy-to-s3";
import { templateImport } from "./commands/template-import";
import { tokenCreate } from "./commands/token-create";
import { userCreate } from "./commands/user-create";

// `npm run cli -- <command> [--flags]`: administration without the web UI.
// Results are JSON on stdout; a failure is one line on stderr and a non-zero
// exit (2 for bad usage, 1 otherwise), so scripts and tests can rely on both.

const commands: Command[] = [userCreate, appCreate, tokenCreate, templateImport, archiveImport, documentCreate, dbSeed, dbStatus, storageCopyToS3];
commands.push(batchCommand((name) => commands.find((c) => c.name === name)));

export function usage(): string {
  const lines = ["Usage: npm run cli -- <command> [--flags]", "", "Commands:"];
  for (const c of commands) {
    lines.push(`  ${c.name}${c.synopsis ? ` ${c.synopsis}` : ""}`, `      ${c.summary}`);
  }
  lines.push("  help", "      Show this text.", "");
  lines.push("Settings come from the environment (DATA_DIR or DATABASE_URL, APP_URL). With the embedded");
  lines.push("database, stop the server first: only one process may open DATA_DIR at a time.");
  return lines.join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    process.stdout.write(usage() + "\n");
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) throw new UsageError(`Unknown command "${name}". Run "npm run cli -- help" for the list.`);
  const result = await command.run(rest, { db: getDb });
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
    await closeDb().catch(() => {});
    process.exit(code);
  });
