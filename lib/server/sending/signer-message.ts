/**
 * What one signer reads from the sender: the message for all signers (spec
 * 4.4 `message`) followed by the one for this signer's role (4.4.1
 * `roles[][message]`), each once. A personal message adds to the common one
 * and never replaces it, as in DocuSign's "message to all" plus private notes.
 */
export function signerMessage(forAll: string | null | undefined, forRole: string | null | undefined): string {
  const all = (forAll ?? "").trim();
  const own = (forRole ?? "").trim();
  if (!all) return own;
  if (!own || own === all) return all;
  return `${all}\n\n${own}`;
}
