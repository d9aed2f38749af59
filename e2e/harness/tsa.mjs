// The test run's RFC 3161 time-stamping authority: a tiny HTTP server on
// 127.0.0.1 that answers each POSTed TimeStampReq (application/timestamp-query)
// with `openssl ts -reply` (application/timestamp-reply). The server under test
// gets its address as TSA_URLS and seals executed PDFs at PAdES B-LTA with it.
//
// Its key material is made once per directory with `openssl`: a test CA
// (ca.crt, trusted by the tests that check validity) and a TSA certificate it
// issued, with the critical extendedKeyUsage timeStamping RFC 3161 requires.
// One openssl process per request, one request at a time (openssl rewrites the
// serial file on each reply).
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** Creates (once) the CA and TSA keys and certificates in `dir`; answers their paths. */
export async function createTsaMaterial(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const p = (name) => path.join(dir, name);
  const files = {
    dir,
    caKey: p("ca.key"),
    caCert: p("ca.crt"),
    tsaKey: p("tsa.key"),
    tsaCert: p("tsa.crt"),
    chain: p("chain.pem"),
    config: p("tsa.cnf"),
    serial: p("serial"),
  };
  if (fs.existsSync(files.chain) && fs.existsSync(files.config)) return files;

  const ext = p("tsa-ext.cnf");
  fs.writeFileSync(
    ext,
    [
      "basicConstraints = critical, CA:FALSE",
      "keyUsage = critical, digitalSignature, nonRepudiation",
      "extendedKeyUsage = critical, timeStamping",
      "subjectKeyIdentifier = hash",
      "authorityKeyIdentifier = keyid:always",
      "",
    ].join("\n"),
  );
  const openssl = (...args) => exec("openssl", args);
  await openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", files.caKey);
  await openssl(
    "req", "-x509", "-new", "-key", files.caKey, "-sha256", "-days", "3650", "-subj", "/O=Signing Service tests/CN=Test Timestamp Root CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-addext", "subjectKeyIdentifier=hash",
    "-out", files.caCert,
  );
  await openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", files.tsaKey);
  const csr = p("tsa.csr");
  await openssl("req", "-new", "-key", files.tsaKey, "-subj", "/O=Signing Service tests/CN=Test Timestamping Authority", "-out", csr);
  await openssl(
    "x509", "-req", "-in", csr, "-CA", files.caCert, "-CAkey", files.caKey, "-set_serial", "0x" + Date.now().toString(16),
    "-days", "3650", "-sha256", "-extfile", ext, "-out", files.tsaCert,
  );
  fs.writeFileSync(files.serial, "01\n");
  fs.writeFileSync(
    files.config,
    [
      "[ tsa ]",
      "default_tsa = tsa_config",
      "[ tsa_config ]",
      `serial = ${files.serial}`,
      "crypto_device = builtin",
      `signer_cert = ${files.tsaCert}`,
      // The certificates the reply carries besides the TSA's own (certReq): the CA.
      `certs = ${files.caCert}`,
      `signer_key = ${files.tsaKey}`,
      "signer_digest = sha256",
      "default_policy = 1.2.3.4.1",
      "other_policies = 1.2.3.4.5.6",
      "digests = sha256, sha384, sha512",
      "accuracy = secs:1",
      "ordering = yes",
      "tsa_name = yes",
      "ess_cert_id_chain = no",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );
  // Written last: its presence means the material is complete.
  fs.writeFileSync(files.chain, fs.readFileSync(files.tsaCert, "utf8") + fs.readFileSync(files.caCert, "utf8"));
  fs.rmSync(csr, { force: true });
  return files;
}

let sequence = 0;

/** One reply by `openssl ts -reply` (files, not pipes: openssl cannot open Node's stdio sockets as /dev/stdin). */
async function reply(files, query) {
  const base = path.join(files.dir, `request-${process.pid}-${++sequence}`);
  try {
    fs.writeFileSync(`${base}.tsq`, query);
    await exec("openssl", ["ts", "-reply", "-config", files.config, "-queryfile", `${base}.tsq`, "-out", `${base}.tsr`]);
    return fs.readFileSync(`${base}.tsr`);
  } finally {
    fs.rmSync(`${base}.tsq`, { force: true });
    fs.rmSync(`${base}.tsr`, { force: true });
  }
}

/**
 * Starts the TSA on `port` (0: any free one). `requests` counts the replies
 * given; `close()` stops it.
 */
export async function startTsa({ dir, port = 0, host = "127.0.0.1" }) {
  const files = await createTsaMaterial(dir);
  let queue = Promise.resolve();
  const state = { requests: 0 };
  const server = http.createServer((req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST", "Content-Type": "text/plain" }).end("POST an RFC 3161 TimeStampReq\n");
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const query = Buffer.concat(chunks);
      const work = queue.then(() => reply(files, query));
      queue = work.catch(() => {});
      work.then(
        (body) => {
          state.requests++;
          res.writeHead(200, { "Content-Type": "application/timestamp-reply", "Content-Length": body.length }).end(body);
        },
        (e) => res.writeHead(500, { "Content-Type": "text/plain" }).end(`${e.message}\n`),
      );
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    url: `http://${host}:${address.port}/`,
    port: address.port,
    files,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
