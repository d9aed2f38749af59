import "server-only";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export type Message = { subject: string; text: string; html: string };

/**
 * A plain message with one call to action; text and HTML say the same.
 * Names, document names and messages may be in any script: nodemailer sends
 * the subject as an RFC 2047 UTF-8 encoded-word and the bodies as UTF-8, the
 * HTML declares its charset, and each paragraph takes its direction from its
 * own first strong character (dir="auto"), so an Arabic or Hebrew message
 * reads right to left while the English sentences around a name do not.
 */
export function compose(subject: string, paragraphs: string[], action?: { label: string; url: string }): Message {
  // A subject line must not carry a line break (header injection, broken headers).
  subject = subject.replace(/[\r\n]+/g, " ").trim();
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join("\n\n");
  const html = `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:system-ui,sans-serif,'Noto Sans','Noto Sans Arabic','Noto Sans Hebrew','Noto Sans Devanagari','Noto Sans Thai','Noto Sans CJK SC','Noto Sans SC';color:#0f172a;line-height:1.5">${paragraphs
    .map((p) => `<p dir="auto">${escapeHtml(p)}</p>`)
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

// ---------------------------------------------------------------- account mail

/** Sign-up: the link that proves the address is the new user's (lib/server/accounts/confirm-email.ts). */
export const confirmEmailMessage = (c: { name: string; confirmUrl: string; expiresAt: Date }) =>
  compose(
    "Confirm your e-mail address",
    [
      `Hello ${c.name},`,
      "Someone — hopefully you — created a Signing Service account with this e-mail address. Open the link below and enter the password you chose to confirm it.",
      `The link works once, until ${c.expiresAt.toUTCString()}. If you did not sign up, ignore this message: nothing happens without it.`,
    ],
    { label: "Confirm e-mail address", url: c.confirmUrl },
  );

/** Sign-up with an address that already has an account: its owner is told instead of the form. */
export const signupAttemptMessage = (c: { name: string; signInUrl: string }) =>
  compose(
    "Someone tried to sign up with your e-mail address",
    [
      `Hello ${c.name},`,
      "Someone tried to create a new Signing Service account with your e-mail address. It already belongs to your account, so nothing was created and nothing changed.",
      "If it was you, sign in with your existing password instead. If you have forgotten it, ask your account's administrator to set a new one. If it was not you, you can ignore this message.",
    ],
    { label: "Sign in", url: c.signInUrl },
  );
