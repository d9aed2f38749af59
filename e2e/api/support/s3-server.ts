// An S3-compatible object store for tests: s3rver (npm, a Node implementation
// of the S3 REST API that keeps objects in a directory), started in the test's
// own process on a free port, with one empty bucket. Servers of a test's own
// are pointed at it with `env` (STORAGE=s3 and the S3_* settings); the test
// reads the bucket with the AWS SDK itself, not with the service's driver.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export type S3Object = { key: string; size: number; contentType: string | undefined; data: Uint8Array };

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The settings that make a server (or the CLI) use this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket with its size, sorted. */
  list(prefix?: string): Promise<{ key: string; size: number }[]>;
  /** An object's bytes and Content-Type, or null when there is none. */
  get(key: string): Promise<S3Object | null>;
  /** Empties the bucket. */
  clear(): Promise<void>;
  /**
   * Holds every PUT this long before the store sees it (0: none), as a distant
   * object store would: uploads are then still under way when the service moves on.
   */
  delayPuts(ms: number): void;
  /** The keys PUT through the service's address so far (in the order they came), under `prefix`. */
  putKeys(prefix?: string): string[];
  close(): Promise<void>;
};

// s3rver accepts any signature made with this pair (its documented defaults).
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export async function startS3Server(opts: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = opts.bucket ?? "signing-files";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  // The service talks to s3rver through this pass-through, which can hold uploads (delayPuts).
  let putDelayMs = 0;
  const putPaths: string[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const front = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    };
    if (req.method === "PUT") putPaths.push(decodeURIComponent((req.url ?? "").split("?", 1)[0]!));
    if (req.method === "PUT" && putDelayMs > 0) {
      req.pause();
      setTimeout(forward, putDelayMs);
    } else forward();
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as import("node:net").AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  const list = async (prefix?: string) => {
    const out: { key: string; size: number }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) out.push({ key: o.Key!, size: o.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : 1));
  };
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    list,
    async get(key) {
      try {
        const o = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const data = await o.Body!.transformToByteArray();
        return { key, size: data.length, contentType: o.ContentType, data };
      } catch (e) {
        if ((e as { name?: string }).name === "NoSuchKey") return null;
        throw e;
      }
    },
    async clear() {
      for (const o of await list()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.key }));
    },
    delayPuts(ms) {
      putDelayMs = ms;
    },
    putKeys(prefix = "") {
      // path-style addresses: /<bucket>/<key>
      return putPaths.map((p) => p.slice(`/${bucket}/`.length)).filter((k) => k.startsWith(prefix));
    },
    async close() {
      client.destroy();
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      agent.destroy();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
