// The test run's mail server: an SMTP sink on 127.0.0.1 that the server under
// test sends through (SMTP_URL=smtp://127.0.0.1:<port>). Every message it
// accepts is parsed and appended as one JSON line to `file`, so tests can read
// what was really sent (confirmation links, warnings) the way a person's inbox
// would get it (e2e/api/support/mail-sink.ts).
//
// Plain SMTP, no TLS and no authentication: the service's nodemailer transport
// upgrades with STARTTLS only when the server offers it, and this one does not.
import fs from "node:fs";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

export async function startMailSink({ file, port = 0, host = "127.0.0.1" }) {
  fs.writeFileSync(file, "");
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    // Big enough for any message the service writes; a bigger one is refused, not truncated.
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const record = {
            receivedAt: new Date().toISOString(),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            },
            from: parsed.from?.text ?? null,
            to: parsed.to ? [parsed.to].flat().map((a) => a.text).join(", ") : null,
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          fs.appendFileSync(file, JSON.stringify(record) + "\n");
          callback();
        })
        .catch((err) => callback(err));
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  return {
    url: `smtp://${host}:${address.port}`,
    port: address.port,
    file,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
