import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema (`npm run db:generate`) and committed;
// the app applies them itself on start, on PGlite or PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/db/schema.ts",
  out: "./lib/server/db/migrations",
});
