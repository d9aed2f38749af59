import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, templates, type Tags } from "@/lib/server/db/schema";
import { appendAudits, type AuditInput } from "@/lib/server/documents/record-audit";
import { newId } from "@/lib/server/crypto";

export type CloneState = "draft" | "pending" | "executed" | "voided" | "expired" | "declined" | "editing";

/** A role as a request names it (spec 4.4.1); unnamed details fall back to the template's role. */
export type CloneRoleInput = {
  name: string;
  signer_name?: string;
  signer_email?: string;
  message?: string;
  is_sender?: boolean;
  signer_omitted?: boolean;
};

export type CloneTemplateInput = {
  template: typeof templates.$inferSelect;
  sender: { id: string; accountId: string; name: string; email: string };
  name?: string;
  /**
   * The state to create the document in. Only `pending` (and `draft`) arise
   * from the API; the others are for seeds and tests, and come with the
   * recipient statuses and audit trail a document in that state would have.
   */
  state: CloneState;
  roles?: CloneRoleInput[];
  sharedWith?: string[];
  tags?: Tags;
  message?: string;
  expiresInDays?: number;
  /** When the document reached `state` (default: now). */
  now?: Date;
  /** Settings of the sending request (PIN, callback, embedding, merge values…). */
  settings?: Partial<
    Pick<
      typeof documents.$inferInsert,
      | "inPerson"
      | "kba"
      | "pinHash"
      | "callbackUrl"
      | "redirectUrl"
      | "apiEmbedded"
      | "embedWidth"
      | "embedHeight"
      | "mergeFieldValues"
    >
  >;
};

const DAY_MS = 24 * 60 * 60 * 1000;
type RecipientRow = typeof recipients.$inferInsert & { id: string; name: string; status: string };
type AuditRow = AuditInput;

/**
 * Clones a template into a document with one recipient per template role, in
 * one transaction. Throws ApiError roleNameMismatch when a given role is not
 * one of the template's. Returns the document row.
 */
export async function cloneTemplateToDocument(db: Db, input: CloneTemplateInput) {
  const { template, sender, state } = input;
  const now = input.now ?? new Date();
  const days = input.expiresInDays ?? template.expiresIn;
  const documentId = newId();

  // An expired document reached its expiry at `now`, so it was sent `days` before.
  const sentAt = state === "draft" ? null : state === "expired" ? new Date(now.getTime() - days * DAY_MS) : now;
  const expiresAt = new Date((sentAt ?? now).getTime() + days * DAY_MS);

  const people = buildRecipients(documentId, input, now);
  const current = people
    .filter((r) => r.status === "pending" && !r.omitted)
    .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0))[0];

  const document: typeof documents.$inferInsert = {
    id: documentId,
    accountId: sender.accountId,
    senderUserId: sender.id,
    templateId: template.id,
    name: input.name?.trim() || template.name,
    filename: template.filename,
    state,
    message: input.message ?? "",
    kba: template.kba,
    identityMethod: template.identityMethod,
    signerSequencing: template.signerSequencing,
    tags: input.tags ?? template.tags,
    sharedWith: (input.sharedWith ?? []).map((e) => e.trim().toLowerCase()),
    fields: template.fields,
    mergeFields: template.mergeFields,
    // The document shares the template's files; templates are only soft-deleted, so they stay.
    originalFileKey: template.originalFileKey,
    pages: template.pages,
    currentSignerId: current?.id ?? null,
    sentAt,
    expiresAt,
    executedAt: state === "executed" ? now : null,
    createdAt: sentAt ?? now,
    updatedAt: now,
    ...input.settings,
  };

  const trail = auditTrail({ documentId, sender, state, people, sentAt, expiresAt, now });

  return db.transaction(async (tx) => {
    const [row] = await tx.insert(documents).values(document).returning();
    if (people.length) await tx.insert(recipients).values(people);
    await appendAudits(tx, trail);
    return row!;
  });
}

/** One recipient per template role, with the statuses `state` implies. */
function buildRecipients(documentId: string, input: CloneTemplateInput, now: Date): RecipientRow[] {
  const { template, sender, state } = input;
  const given = new Map<string, CloneRoleInput>();
  for (const role of input.roles ?? []) {
    if (!template.roles.some((r) => r.name === role.name)) throw ApiError.roleNameMismatch(role.name);
    if (!given.has(role.name)) given.set(role.name, role);
  }

  const rows = [...template.roles]
    .sort((a, b) => a.sequence - b.sequence)
    .map((role): RecipientRow => {
      const g = given.get(role.name);
      const isSender = g?.is_sender ?? false;
      const email = g?.signer_email?.trim() || role.signer_email || (isSender ? sender.email : "");
      return {
        id: newId(),
        documentId,
        roleName: role.name,
        name: g?.signer_name?.trim() || role.signer_name || (isSender ? sender.name : role.name),
        email: email ? email.toLowerCase() : null,
        status: "pending",
        message: g?.message ?? role.message ?? "",
        sequence: role.sequence,
        isSender,
        omitted: g?.signer_omitted ?? false,
        createdAt: now,
      };
    });

  // Omitted signers never sign; "omitted" keeps them out of every "all signed?" check.
  const active = rows.filter((r) => !r.omitted);
  for (const r of rows) if (r.omitted) r.status = "omitted";
  const sign = (r: RecipientRow) => Object.assign(r, { status: "signed", viewedAt: now, signedAt: now });
  if (state === "executed") active.forEach(sign);
  if (state === "declined") {
    // The first signer signed and the next one declined; a lone signer declines.
    if (active.length > 1) sign(active[0]!);
    const decliner = active[active.length > 1 ? 1 : 0];
    if (decliner) Object.assign(decliner, { status: "declined", viewedAt: now });
  }
  return rows;
}

const who = (name: string, email: string | null | undefined) => (email ? `${name} (${email})` : name);

/** The audit entries a document in `state` would have collected so far. */
function auditTrail(a: {
  documentId: string;
  sender: CloneTemplateInput["sender"];
  state: CloneState;
  people: RecipientRow[];
  sentAt: Date | null;
  expiresAt: Date;
  now: Date;
}): AuditRow[] {
  const { documentId, sender, state, people, sentAt, now } = a;
  const base = { documentId, accountId: sender.accountId };
  const bySender = { ...base, userId: sender.id };
  const trail: AuditRow[] = [
    { ...bySender, keyword: "created", payload: `Document created by ${who(sender.name, sender.email)}.`, createdAt: sentAt ?? now },
  ];
  if (state === "draft") return trail;

  const active = people.filter((p) => !p.omitted);
  trail.push({
    ...bySender,
    keyword: "sent",
    payload: `Document sent to ${active.map((p) => who(p.name, p.email)).join(", ") || "no signers"}.`,
    createdAt: sentAt!,
  });
  for (const p of people) {
    if (p.status === "signed") {
      trail.push({ ...base, recipientId: p.id, keyword: "signed", payload: `${who(p.name, p.email)} signed the document.`, createdAt: now });
    }
  }
  const last: Partial<Record<CloneState, AuditRow>> = {
    executed: { ...base, keyword: "executed", payload: "The document was executed: all signers have signed.", createdAt: now },
    voided: { ...bySender, keyword: "voided", payload: `Document voided by ${who(sender.name, sender.email)}.`, createdAt: now },
    expired: { ...base, keyword: "expired", payload: "The document expired before all signers had signed.", createdAt: a.expiresAt },
    editing: { ...bySender, keyword: "editing", payload: `${who(sender.name, sender.email)} started editing the document.`, createdAt: now },
  };
  const decliner = people.find((p) => p.status === "declined");
  if (state === "declined" && decliner) {
    last.declined = { ...base, recipientId: decliner.id, keyword: "declined", payload: `${who(decliner.name, decliner.email)} declined to sign the document.`, createdAt: now };
  }
  const end = last[state];
  if (end) trail.push(end);
  return trail;
}
