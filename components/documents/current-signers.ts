import type { DocumentResource } from "@/lib/api/documents";

type Recipient = DocumentResource["recipients"][number];

/**
 * The recipients a pending document waits for: in sequence, the current
 * signer only; otherwise everyone who has not signed (the signer page's rule).
 * A document from an API without `signer_sequencing` is taken as sequential:
 * `current_signer_id` is then the one name known to be right.
 */
export function currentSigners(doc: DocumentResource): Recipient[] {
  if (doc.state !== "pending") return [];
  if (doc.signer_sequencing === false) return doc.recipients.filter((r) => r.status === "pending");
  const current = doc.recipients.find((r) => r.id === doc.current_signer_id);
  return current && current.status === "pending" ? [current] : [];
}

/** "Rita Remind", "Rita Remind and Morgan Manager", "Rita Remind, Sam Sign and 2 others". */
export function namesOf(people: Pick<Recipient, "name" | "role_name">[]): string {
  const names = people.map((r) => r.name || r.role_name);
  if (names.length <= 2) return names.join(" and ");
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} other${names.length - 2 === 1 ? "" : "s"}`;
}
