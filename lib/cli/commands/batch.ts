import fs from "node:fs";
import { parseFlags, required, UsageError, type Command } from "../command";

/**
 * Runs many commands in one process: a JSON file holding an array of argv
 * arrays (`[["user:create", "--email", …], …]`). Starting the CLI costs
 * seconds (TypeScript loading, opening the database); scripts and the test
 * harness that create dozens of records pay it once. Stops at the first
 * failure, naming its position; what ran before it stays done.
 */
export function batchCommand(lookup: (name: string) => Promise<Command | undefined>): Command {
  return {
    name: "batch",
    synopsis: "--file COMMANDS.json",
    summary: "Run a JSON array of commands (each an argv array) in one process; prints the array of their results.",
    async run(argv, ctx) {
      const v = parseFlags(argv, { file: { type: "string" } });
      const file = required(v, "file");
      let list: unknown;
      try {
        list = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch (e) {
        throw new UsageError(`--file: cannot read ${file} as JSON (${(e as Error).message}).`);
      }
      if (!Array.isArray(list) || !list.every((c) => Array.isArray(c) && c.length > 0 && c.every((a) => typeof a === "string"))) {
        throw new UsageError("--file must hold an array of commands, each a non-empty array of strings.");
      }
      const results: unknown[] = [];
      for (const [i, [name, ...rest]] of (list as string[][]).entries()) {
        const command = name === "batch" ? undefined : await lookup(name!);
        if (!command) throw new UsageError(`command ${i + 1} of the batch: unknown command "${name}".`);
        try {
          results.push(await command.run(rest, ctx));
        } catch (e) {
          const wrapped = `command ${i + 1} of the batch (${name}): ${(e as Error).message}`;
          throw e instanceof UsageError ? new UsageError(wrapped) : new Error(wrapped);
        }
      }
      return results;
    },
  };
}
