import "server-only";

// The "document completed" message. lib/server/mail/compose.ts keeps its
// composer private, so this is a small one in the same style: plain text and
// HTML say the same, and everything user-supplied is escaped in the HTML.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export type CompletedEmailContext = {
  documentName: string;
  senderName: string;
  recipientName: string;
  /** Time-limited link to the signed PDF. */
  downloadUrl: string;
  linkExpiresAt: Date;
  /** SHA-256 of the signed PDF, so a recipient can check what they were sent. */
  signedPdfSha256: string;
};

export function completedEmail(c: CompletedEmailContext): { subject: string; text: string; html: string } {
  const subject = `"${oneLine(c.documentName)}" has been signed by everyone`;
  const paragraphs = [
    `Hello ${c.recipientName},`,
    `Everyone has signed "${c.documentName}", sent by ${c.senderName}. The signed PDF is ready.`,
    `The download link is valid until ${c.linkExpiresAt.toUTCString()}. Keep a copy: the file carries a digital signature, ` +
      `and its SHA-256 fingerprint is ${c.signedPdfSha256}.`,
  ];
  const action = { label: "Download the signed PDF", url: c.downloadUrl };
  const text = [...paragraphs, `${action.label}: ${action.url}`].join("\n\n");
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("") +
    `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2552e8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
    `</body></html>`;
  return { subject, text, html };
}

// A subject line must not carry a line break (header injection, broken headers).
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();
