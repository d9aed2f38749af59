import { seedDemo } from "@/lib/server/seed/seed-demo";
import { parseFlags, type Command } from "../command";

export const dbSeed: Command = {
  name: "db:seed",
  synopsis: "",
  summary: "Create the demo account (users, templates, documents in every state, archived documents) unless it exists.",
  async run(argv, { db: openDb }) {
    parseFlags(argv, {});
    const credentials = await seedDemo(await openDb());
    return credentials ?? { already_seeded: true };
  },
};
