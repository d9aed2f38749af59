import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "@/lib/env";
import { s3SettingsProblems } from "@/lib/env";
import { assertValidKey, contentTypeFromKey, InvalidStorageKeyError, META_SUFFIX, type Storage } from "./storage";

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** The S3_* settings, or an error naming each missing variable (never a value). */
export function s3Settings(e: Env): S3Settings {
  const problems = s3SettingsProblems(e);
  if (problems.length) throw new Error(`Object storage is not configured: ${problems.join("; ")}`);
  return {
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
  };
}

/** What the store knows of an object without fetching it (the copy command compares these). */
export type ObjectInfo = { size: number; etag: string | null };

const isNotFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph). Only
 * where the bytes live changes: uploads and downloads still go through the app
 * (size limits, HMAC-signed /files addresses, replace-on-re-upload), and the
 * key is the object's name, unchanged. The content type is the object's own
 * Content-Type, so there is no sidecar. The SDK is loaded on first use, so a
 * local-disk deployment never loads it.
 */
export class S3Storage implements Storage {
  private client: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;

  constructor(private readonly settings: S3Settings) {}

  get bucket() {
    return this.settings.bucket;
  }

  private connect() {
    this.client ??= import("@aws-sdk/client-s3").then((sdk) => {
      const s = this.settings;
      const client = new sdk.S3Client({
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: s.forcePathStyle,
        credentials: s.credentials,
        // SDKs since early 2025 add CRC32 checksum headers to every upload and
        // ask for them on downloads ("WHEN_SUPPORTED"); some S3-compatible
        // stores (older Ceph and MinIO releases, gateways) reject such requests.
        // Checksums only where an operation requires them keeps every store
        // working; SigV4 (and TLS) still protect the bytes in transit.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        // A store that stops answering must fail the request (and the job
        // retries), not hold it forever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000, throwOnRequestTimeout: true },
        maxAttempts: 3,
      });
      return { client, sdk };
    });
    return this.client;
  }

  private keyOf(key: string) {
    assertValidKey(key);
    // Refused on every driver, so a key means the same wherever it is stored
    // (the copy command skips the local driver's sidecars by this suffix).
    if (key.endsWith(META_SUFFIX)) throw new InvalidStorageKeyError(key);
    return key;
  }

  async put(key: string, data: Uint8Array, contentType: string) {
    const Key = this.keyOf(key);
    const { client, sdk } = await this.connect();
    // One PUT replaces the whole object atomically: a reader sees the old or the new file, never half.
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentType: contentType, ContentLength: data.byteLength }));
  }

  async get(key: string) {
    const Key = this.keyOf(key);
    const { client, sdk } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key }));
      const bytes = await out.Body!.transformToByteArray();
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { data, contentType: out.ContentType || contentTypeFromKey(key) };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async delete(key: string) {
    const Key = this.keyOf(key);
    const { client, sdk } = await this.connect();
    // Deleting a missing object succeeds on S3, as on the local driver.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key }));
  }

  /** Size and ETag of an object, or null when there is none. */
  async stat(key: string): Promise<ObjectInfo | null> {
    const Key = this.keyOf(key);
    const { client, sdk } = await this.connect();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: out.ContentLength ?? 0, etag: out.ETag ?? null };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  /** Fails with a readable reason unless the bucket exists and these credentials may use it. */
  async checkBucket() {
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      // HEAD answers carry no error document, so the SDK's message is often just "UnknownError".
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) throw new Error(`The bucket ${this.bucket} does not exist.`);
      if (status === 403) throw new Error(`Access to the bucket ${this.bucket} is denied (check the S3 credentials).`);
      throw new Error(`The bucket ${this.bucket} cannot be reached: ${(e as Error).name}: ${(e as Error).message}`);
    }
  }
}
