import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { templates, type Tags } from "@/lib/server/db/schema";
import {
  cloneTemplateToDocument,
  type CloneRoleInput,
  type CloneState,
} from "@/lib/server/templates/clone-template-to-document";
import { completeSampleDocument } from "@/lib/server/seed/complete-sample-document";
import { parseFlags, required, splitList, UsageError, userByEmailOrThrow, type Command } from "../command";

const STATES: CloneState[] = ["draft", "pending", "executed", "voided", "expired", "declined", "editing"];

export const documentCreate: Command = {
  name: "document:create",
  synopsis:
    "--owner E --template ID --state STATE [--name N] [--shared-with a@x,b@y] [--tags k=v,k2=v2] " +
    '[--role "Role=Signer Name <signer@x>"]...',
  summary:
    `Create a document from a template in any state (${STATES.join(", ")}), for demos and tests. ` +
    "Roles not given with --role use the template's signer defaults.",
  async run(argv, { db: openDb }) {
    const v = parseFlags(argv, {
      owner: { type: "string" },
      template: { type: "string" },
      state: { type: "string" },
      name: { type: "string" },
      "shared-with": { type: "string" },
      tags: { type: "string" },
      role: { type: "string", multiple: true },
    });
    const ownerEmail = required(v, "owner");
    const templateId = required(v, "template");
    const state = required(v, "state") as CloneState;
    if (!STATES.includes(state)) throw new UsageError(`--state must be one of ${STATES.join(", ")}.`);
    const sharedWith = splitList(v["shared-with"]);
    const bad = sharedWith.find((e) => !z.email().safeParse(e).success);
    if (bad) throw new UsageError(`--shared-with: "${bad}" is not an e-mail address.`);
    const tags = v.tags === undefined ? undefined : parseTags(v.tags);
    const roles = (v.role ?? []).map(parseRole);

    const db = await openDb();
    const owner = await userByEmailOrThrow(db, ownerEmail);
    const [template] = await db
      .select()
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.accountId, owner.accountId), isNull(templates.deletedAt)))
      .limit(1);
    if (!template) throw new Error(`No template ${templateId} in the account of ${owner.email}.`);

    const document = await cloneTemplateToDocument(db, {
      template,
      sender: { id: owner.id, accountId: owner.accountId, name: owner.name, email: owner.email },
      name: v.name,
      state,
      roles,
      sharedWith,
      tags,
    });
    // An executed document gets its real signed PDF and certificate.
    await completeSampleDocument(db, document.id);
    return { id: document.id };
  },
};

/** "k=v,k2=v2" → {k: "v", k2: "v2"}; a key without "=" gets null (spec: values are strings or null). */
function parseTags(raw: string): Tags {
  const tags: Tags = {};
  for (const pair of splitList(raw)) {
    const eq = pair.indexOf("=");
    const key = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    if (!key) throw new UsageError(`--tags: "${pair}" has an empty key.`);
    tags[key] = eq < 0 ? null : pair.slice(eq + 1).trim();
  }
  return tags;
}

/** "Role=Name <email>" or "Role=Name" or "Role=<email>". */
function parseRole(raw: string): CloneRoleInput {
  const m = /^([^=]+)=\s*([^<]*?)\s*(?:<([^>]+)>)?\s*$/.exec(raw);
  if (!m) throw new UsageError(`--role: expected "Role=Signer Name <email>", got "${raw}".`);
  const email = m[3]?.trim();
  if (email && !z.email().safeParse(email).success) throw new UsageError(`--role: "${email}" is not an e-mail address.`);
  return { name: m[1]!.trim(), signer_name: m[2] || undefined, signer_email: email };
}
