// The mail the server under test really sent, as captured by the run's SMTP
// sink (e2e/harness/mail-sink.mjs appends each message as a JSON line).
import fs from "node:fs";
import path from "node:path";

export type SunkMail = {
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  from: string | null;
  to: string | null;
  subject: string;
  text: string;
  html: string;
};

const MAIL_LOG = process.env.E2E_MAIL_LOG || path.join(process.env.E2E_ARTIFACTS || path.resolve("e2e/.artifacts"), "mail.jsonl");

/** Every message received so far, oldest first. */
export function allMail(): SunkMail[] {
  if (!fs.existsSync(MAIL_LOG)) {
    throw new Error(`no mail log at ${MAIL_LOG}: run the tests through \`npm test\` (e2e/run-all.mjs starts the SMTP sink)`);
  }
  return fs
    .readFileSync(MAIL_LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SunkMail);
}

export const mailTo = (address: string) => allMail().filter((m) => m.envelope.to.includes(address.toLowerCase()));

/** How many messages an address has had: pass it to waitForMail as `after` to wait for the next one. */
export const mailCount = (address: string) => mailTo(address).length;

/**
 * Waits for the (after+1)-th message to `address` whose subject matches, and
 * answers the newest such message. Delivery goes through the server's
 * send-email job, so it takes a moment.
 */
export async function waitForMail(address: string, opts: { after?: number; subject?: RegExp; timeoutMs?: number } = {}): Promise<SunkMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const all = mailTo(address);
    const fresh = all.slice(opts.after ?? 0).filter((m) => !opts.subject || opts.subject.test(m.subject));
    if (fresh.length) return fresh.at(-1)!;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${address}${opts.subject ? ` matching ${opts.subject}` : ""} within ${opts.timeoutMs ?? 30_000} ms (had ${all.length}: ${all.map((m) => m.subject).join(" | ")})`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The confirmation link of a sign-up mail (absolute, as the mail has it). */
export function confirmationLink(mail: SunkMail): string {
  const link = /https?:\/\/\S+\/confirm-email\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in the mail "${mail.subject}":\n${mail.text}`);
  return link.replace(/[>)\].,]+$/, "");
}
