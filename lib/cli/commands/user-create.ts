import { eq } from "drizzle-orm";
import { signupSchema } from "@/lib/api/signup";
import { createUser } from "@/lib/server/accounts/create-user";
import { accounts } from "@/lib/server/db/schema";
import { parseFlags, required, UsageError, type Command } from "../command";

export const userCreate: Command = {
  name: "user:create",
  synopsis: "--email E --password P --name N [--company C] [--account NAME] [--kba] [--document-limit N] [--disabled]",
  summary:
    "Create a user. With --account, join the account of that name, or create it if none exists; " +
    "--kba, --document-limit and --disabled set the plan of a newly created account.",
  async run(argv, { db: openDb }) {
    const v = parseFlags(argv, {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      company: { type: "string" },
      account: { type: "string" },
      kba: { type: "boolean" },
      "document-limit": { type: "string" },
      disabled: { type: "boolean" },
    });
    const parsed = signupSchema.safeParse({
      email: required(v, "email"),
      password: required(v, "password"),
      name: required(v, "name"),
      company: v.company ?? "",
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(`--${String(issue.path[0])}: ${issue.message}`);
    }
    const limitRaw = v["document-limit"];
    if (limitRaw !== undefined && !/^\d+$/.test(limitRaw)) {
      throw new UsageError("--document-limit must be a whole number.");
    }
    const planGiven = v.kba !== undefined || limitRaw !== undefined || v.disabled !== undefined;
    const plan = { kba: v.kba ?? false, documentLimit: limitRaw === undefined ? null : Number(limitRaw), enabled: !v.disabled };

    const db = await openDb();
    let accountId: string | undefined;
    if (v.account !== undefined) {
      const accountName = v.account.trim();
      if (!accountName) throw new UsageError("--account must not be empty.");
      const matches = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, accountName)).limit(2);
      if (matches.length > 1) throw new Error(`Several accounts are named "${accountName}"; cannot tell which to join.`);
      accountId = matches[0]?.id;
      if (accountId && planGiven) {
        throw new UsageError(`Account "${accountName}" exists already; --kba, --document-limit and --disabled only apply to a new account.`);
      }
    }
    const user = await createUser(db, {
      ...parsed.data,
      accountId,
      accountName: v.account?.trim(),
      plan,
      // An admin vouches for the address.
      emailConfirmed: true,
    });
    return { id: user.id, email: user.email, account_id: user.accountId };
  },
};
