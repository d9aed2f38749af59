import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { S3Storage, s3Settings } from "@/lib/server/storage/s3-storage";
import { assertValidKey, contentTypeFromKey, META_SUFFIX } from "@/lib/server/storage/storage";
import { parseFlags, UsageError, type Command } from "../command";

// Moving a local-disk deployment to object storage: every file under
// `${DATA_DIR}/files` is put into the bucket under the same key, with the
// content type its sidecar recorded. Safe to run again (say, once before
// switching to STORAGE=s3 and once after stopping the old server): an object
// already there with the same size and MD5 is skipped.

/** A write in progress by the local driver (`<file>.<pid>.<random>.tmp`), never a file of its own. */
const TEMPORARY = /\.\d+\.[0-9a-f]{12}\.tmp$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function contentTypeOf(file: string, key: string) {
  try {
    const meta = JSON.parse(await fs.readFile(file + META_SUFFIX, "utf8")) as { contentType?: unknown };
    if (typeof meta.contentType === "string" && meta.contentType) return meta.contentType;
  } catch {
    // No or unreadable sidecar: the extension decides, as LocalDiskStorage.get does.
  }
  return contentTypeFromKey(key);
}

/** A single-part upload's ETag is the MD5 of its bytes; others (multipart, SSE-KMS) cannot be compared and are copied again. */
const sameObject = (remote: { size: number; etag: string | null } | null, data: Buffer) =>
  !!remote &&
  remote.size === data.length &&
  remote.etag?.replace(/"/g, "").toLowerCase() === crypto.createHash("md5").update(data).digest("hex");

export const storageCopyToS3: Command = {
  name: "storage:copy-to-s3",
  synopsis: "[--dry-run] [--concurrency N]",
  summary: "Copy the local file store ($DATA_DIR/files) into the S3 bucket (S3_* settings); skips objects already there.",
  async run(argv) {
    const v = parseFlags(argv, { "dry-run": { type: "boolean" }, concurrency: { type: "string" } });
    const concurrency = v.concurrency === undefined ? 4 : Number(v.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError("--concurrency must be a whole number from 1 to 64.");
    const dryRun = v["dry-run"] === true;

    const e = env();
    const source = path.resolve(e.DATA_DIR, "files");
    const bucket = new S3Storage(s3Settings(e));
    const stat = await fs.stat(source).catch(() => null);
    if (!stat?.isDirectory()) throw new Error(`There is no local file store at ${source} (check DATA_DIR).`);
    await bucket.checkBucket();

    const keys: { file: string; key: string }[] = [];
    const invalid: string[] = [];
    for await (const file of walk(source)) {
      if (file.endsWith(META_SUFFIX) || TEMPORARY.test(file)) continue;
      const key = path.relative(source, file).split(path.sep).join("/");
      try {
        assertValidKey(key);
        keys.push({ file, key });
      } catch {
        invalid.push(key);
      }
    }
    keys.sort((a, b) => (a.key < b.key ? -1 : 1));

    const counts = { files: keys.length, uploaded: 0, skipped: 0, bytes_uploaded: 0 };
    const failed: { key: string; error: string }[] = [];
    let next = 0;
    const copyNext = async (): Promise<void> => {
      for (let i = next++; i < keys.length; i = next++) {
        const { file, key } = keys[i]!;
        try {
          const data = await fs.readFile(file);
          if (sameObject(await bucket.stat(key), data)) {
            counts.skipped++;
            continue;
          }
          if (!dryRun) await bucket.put(key, data, await contentTypeOf(file, key));
          counts.uploaded++;
          counts.bytes_uploaded += data.length;
        } catch (err) {
          // A file deleted while we walked is not a failure: there is nothing left to copy.
          if ((err as NodeJS.ErrnoException).code === "ENOENT") {
            counts.files--;
            continue;
          }
          failed.push({ key, error: `${(err as Error).name}: ${(err as Error).message}` });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, copyNext));

    if (failed.length) {
      const first = failed.slice(0, 3).map((f) => `${f.key} (${f.error})`).join(", ");
      throw new Error(`${failed.length} of ${counts.files} files could not be copied (run the command again to retry them): ${first}`);
    }
    const { uploaded, bytes_uploaded, ...rest } = counts;
    return {
      source,
      bucket: bucket.bucket,
      dry_run: dryRun,
      ...rest,
      ...(dryRun ? { would_upload: uploaded, would_upload_bytes: bytes_uploaded } : { uploaded, bytes_uploaded }),
      // Names no driver accepts (a file put there by hand): left where they are, and said so.
      ...(invalid.length ? { not_copied_invalid_keys: invalid } : {}),
    };
  },
};
