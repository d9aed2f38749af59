import { parseArgs, type ParseArgsConfig } from "node:util";
import { getUserByEmail } from "@/lib/server/accounts/get-user";
import type { Db } from "@/lib/server/db/client";

/** One CLI command: parses its own flags and returns what to print as JSON. */
export type Command = {
  name: string;
  /** Flags as shown in help, e.g. `--email E --password P`. */
  synopsis: string;
  summary: string;
  run(argv: string[], ctx: { db: () => Promise<Db> }): Promise<unknown>;
};

/** Bad flags or arguments: exit code 2. Any other error exits with 1. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** util.parseArgs in strict mode, with its errors turned into UsageError. */
export function parseFlags<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** The value of a required string flag. */
export function required(values: Record<string, unknown>, flag: string): string {
  const v = values[flag];
  if (typeof v !== "string" || v.trim() === "") throw new UsageError(`--${flag} is required.`);
  return v;
}

export async function userByEmailOrThrow(db: Db, email: string) {
  const user = await getUserByEmail(db, email);
  if (!user) throw new Error(`No user with the e-mail ${email}.`);
  return user;
}

/** Comma-separated list flag: "a@x, b@y" → ["a@x", "b@y"]. */
export const splitList = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
