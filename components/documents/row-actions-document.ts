import type { DocumentResource } from "@/lib/api/documents";
import { currentSigners } from "./current-signers";
import { remindersLeft } from "./reminder-rules";

type Recipient = DocumentResource["recipients"][number];

/**
 * What a list row's actions (row-actions.tsx, a client component) need of a
 * document, worked out on the server. A client component's props travel in
 * the page as data: the whole document (audit trail, page and file
 * addresses, every recipient) made ~3 KB of each row there.
 */
export type RowActionsDocument = {
  id: string;
  name: string;
  state: DocumentResource["state"];
  signed_pdf_url: string | null;
  /** Reminders still allowed (spec 4.7's limit less those sent). */
  remindersLeft: number;
  /** Whom a pending document waits for (currentSigners), with their signing links; only for its sender, who alone can act on them. */
  waiting: Pick<Recipient, "id" | "name" | "role_name" | "email" | "sign_url">[];
};

export function rowActionsDocument(doc: DocumentResource, isSender: boolean): RowActionsDocument {
  return {
    id: doc.id,
    name: doc.name,
    state: doc.state,
    signed_pdf_url: doc.signed_pdf_url ?? null,
    remindersLeft: remindersLeft(doc),
    waiting: (isSender ? currentSigners(doc) : []).map(({ id, name, role_name, email, sign_url }) => ({ id, name, role_name, email, sign_url })),
  };
}
