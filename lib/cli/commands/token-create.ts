import { createApiTokenBody } from "@/lib/api/api-tokens";
import { createApiToken } from "@/lib/server/api-tokens/create-api-token";
import { parseFlags, required, UsageError, userByEmailOrThrow, type Command } from "../command";

export const tokenCreate: Command = {
  name: "token:create",
  synopsis: '--owner E --name N [--scope "read write"]',
  summary: "Create a private API token acting for a user (scope read, write or both; default both). The token is shown only once.",
  async run(argv, { db: openDb }) {
    const v = parseFlags(argv, {
      owner: { type: "string" },
      name: { type: "string" },
      scope: { type: "string" },
    });
    const ownerEmail = required(v, "owner");
    // The same contract as the dashboard's /ext/api_tokens.
    const parsed = createApiTokenBody.safeParse({ name: required(v, "name"), scope: v.scope });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(`--${String(issue.path[0] ?? "name")} ${issue.message}`);
    }
    const db = await openDb();
    const owner = await userByEmailOrThrow(db, ownerEmail);
    const token = await createApiToken(db, owner.id, parsed.data);
    return { id: token.id, token: token.token, name: token.name, scope: token.scope, owner: owner.email, created_at: token.created_at };
  },
};
