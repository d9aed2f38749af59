import { createClient } from "@/lib/server/oauth/create-client";
import { parseFlags, required, userByEmailOrThrow, type Command } from "../command";

export const appCreate: Command = {
  name: "app:create",
  synopsis: "--owner E --name N --redirect-uri U",
  summary: "Register an API application (OAuth client) owned by a user. The secret is shown only once.",
  async run(argv, { db: openDb }) {
    const v = parseFlags(argv, {
      owner: { type: "string" },
      name: { type: "string" },
      "redirect-uri": { type: "string" },
    });
    const ownerEmail = required(v, "owner");
    const name = required(v, "name").trim();
    const redirectUri = required(v, "redirect-uri");
    const db = await openDb();
    const owner = await userByEmailOrThrow(db, ownerEmail);
    const { client, clientId, clientSecret } = await createClient(db, { name, redirectUri, ownerUserId: owner.id });
    return { client_id: clientId, client_secret: clientSecret, name: client.name, redirect_uri: client.redirectUri };
  },
};
