import { env } from "@/lib/env";
import { getDatabaseStatus } from "@/lib/server/db/get-database-status";
import { parseFlags, type Command } from "../command";

export const dbStatus: Command = {
  name: "db:status",
  synopsis: "",
  summary: "Show the database in use (embedded PGlite or PostgreSQL), its version and the settings its connections run with.",
  async run(argv, { db: openDb }) {
    parseFlags(argv, {});
    return getDatabaseStatus(await openDb(), env().DATABASE_URL ? "postgres" : "pglite");
  },
};
