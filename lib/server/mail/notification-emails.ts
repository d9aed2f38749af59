import "server-only";
import { compose } from "./compose";

// The notices a sender gets about their documents (lib/server/notifications)
// and the one signers get when a document they were asked to sign is voided.
// Each names the document and the person, says what happened in one
// sentence, and links to where the reader acts next.

type SenderNotice = { senderName: string; documentName: string; documentUrl: string };
type Person = { name: string; email: string | null };

const who = (p: Person) => (p.email ? `${p.name} (${p.email})` : p.name);
const open = (url: string) => ({ label: "Open the document", url });

export const documentViewedEmail = (c: SenderNotice & { signer: Person; at: Date }) =>
  compose(
    `${c.signer.name} opened "${c.documentName}"`,
    [`Hello ${c.senderName},`, `${who(c.signer)} opened "${c.documentName}" for the first time on ${c.at.toUTCString()}.`],
    open(c.documentUrl),
  );

export const documentSignedEmail = (c: SenderNotice & { signer: Person; waitingFor: string[] }) =>
  compose(
    `${c.signer.name} signed "${c.documentName}"`,
    [
      `Hello ${c.senderName},`,
      `${who(c.signer)} signed "${c.documentName}".`,
      c.waitingFor.length
        ? `Still to sign: ${c.waitingFor.join(", ")}.`
        : "Everyone has signed: you will get the signed PDF in a moment.",
    ],
    open(c.documentUrl),
  );

export const documentCompletedEmail = (c: SenderNotice & { downloadUrl: string; linkExpiresAt: Date; signedPdfSha256: string }) =>
  compose(
    `"${c.documentName}" is signed by everyone`,
    [
      `Hello ${c.senderName},`,
      `Everyone has signed "${c.documentName}". The signed PDF, sealed with the service's digital signature, is ready.`,
      `The download link works until ${c.linkExpiresAt.toUTCString()}; the document's page (${c.documentUrl}) always has the files. ` +
        `SHA-256 of the signed PDF: ${c.signedPdfSha256}.`,
    ],
    { label: "Download the signed PDF", url: c.downloadUrl },
  );

export const documentDeclinedEmail = (c: SenderNotice & { signer: Person; reason: string }) =>
  compose(
    `${c.signer.name} declined to sign "${c.documentName}"`,
    [
      `Hello ${c.senderName},`,
      `${who(c.signer)} declined to sign "${c.documentName}", so it can no longer be signed by anyone.`,
      `Their reason: "${c.reason}"`,
      "You can correct the document and send it again from its page.",
    ],
    open(c.documentUrl),
  );

export const documentExpiredEmail = (c: SenderNotice & { expiredAt: Date; notSigned: string[] }) =>
  compose(
    `"${c.documentName}" expired before everyone signed`,
    [
      `Hello ${c.senderName},`,
      `"${c.documentName}" expired on ${c.expiredAt.toUTCString()} and can no longer be signed.`,
      ...(c.notSigned.length ? [`Not signed by: ${c.notSigned.join(", ")}.`] : []),
      "You can send it again from its page.",
    ],
    open(c.documentUrl),
  );

/** To a signer: the document they were asked to sign is void (no link: theirs no longer works). */
export const documentVoidedEmail = (c: { recipientName: string; senderName: string; documentName: string; reason: string | null }) =>
  compose(`"${c.documentName}" was voided`, [
    `Hello ${c.recipientName},`,
    `${c.senderName} voided "${c.documentName}": it can no longer be signed, and the link you were sent no longer opens it.`,
    c.reason ? `Their reason: "${c.reason}"` : "No reason was given.",
    `If you have questions about it, please contact ${c.senderName}.`,
  ]);
