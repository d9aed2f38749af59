import "server-only";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Message = { subject: string; text: string; html: string };

/** A plain message with one call to action; text and HTML say the same. */
function compose(subject: string, paragraphs: string[], action?: { label: string; url: string }): Message {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("")}${
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#2552e8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
      : ""
  }</body></html>`;
  return { subject, text, html };
}

type SigningContext = {
  documentName: string;
  senderName: string;
  recipientName: string;
  message: string;
  signUrl: string;
  expiresAt: Date;
};

export const signingRequestEmail = (c: SigningContext) =>
  compose(
    `${c.senderName} sent you "${c.documentName}" to sign`,
    [
      `Hello ${c.recipientName},`,
      `${c.senderName} asks you to review and sign "${c.documentName}".`,
      ...(c.message ? [c.message] : []),
      `The document can be signed until ${c.expiresAt.toUTCString()}.`,
    ],
    { label: "Review and sign", url: c.signUrl },
  );

export const reminderEmail = (c: SigningContext) =>
  compose(
    `Reminder: "${c.documentName}" is waiting for your signature`,
    [
      `Hello ${c.recipientName},`,
      `${c.senderName} is still waiting for your signature on "${c.documentName}".`,
      ...(c.message ? [c.message] : []),
      `The document can be signed until ${c.expiresAt.toUTCString()}.`,
    ],
    { label: "Review and sign", url: c.signUrl },
  );
