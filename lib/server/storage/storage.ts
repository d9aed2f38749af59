import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { S3Storage, s3Settings } from "./s3-storage";

/**
 * Where files live (original PDFs, page images, signed PDFs). Callers only see
 * keys like `templates/<id>/original.pdf`, so the local-disk driver can be
 * swapped for object storage (S3) without touching them.
 */
export interface Storage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Keys are relative, slash-separated paths of plain segments. Anything that
 * could climb out of the storage root (`..`, absolute paths, backslashes, NUL)
 * is refused rather than normalised, so a key means the same on every driver.
 */
export function assertValidKey(key: string): void {
  const ok =
    key.length > 0 &&
    key.length <= 1024 &&
    !key.startsWith("/") &&
    !/[\\\0]/.test(key) &&
    key.split("/").every((seg) => seg !== "" && seg !== "." && seg !== "..");
  if (!ok) throw new InvalidStorageKeyError(key);
}

const EXTENSION_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

/** Fallback when a file has no sidecar (e.g. copied in by hand). */
export const contentTypeFromKey = (key: string) =>
  EXTENSION_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";

// The content type is kept in a sidecar file next to the data. Keys ending in
// the sidecar suffix are refused, so a sidecar can never be read or
// overwritten as a file of its own.
export const META_SUFFIX = ".__meta.json";

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    assertValidKey(key);
    if (key.endsWith(META_SUFFIX)) throw new InvalidStorageKeyError(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, data: Uint8Array, contentType: string) {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write to a temporary name and rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
    await fs.writeFile(file + META_SUFFIX, JSON.stringify({ contentType }));
  }

  async get(key: string) {
    const file = this.pathOf(key);
    let data: Buffer;
    try {
      data = await fs.readFile(file);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    let contentType = contentTypeFromKey(key);
    try {
      const meta = JSON.parse(await fs.readFile(file + META_SUFFIX, "utf8")) as { contentType?: unknown };
      if (typeof meta.contentType === "string" && meta.contentType) contentType = meta.contentType;
    } catch {
      // No or unreadable sidecar: the extension decides.
    }
    return { data, contentType };
  }

  async delete(key: string) {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(file + META_SUFFIX, { force: true });
    // Prune directories the deletion left empty, as object storage has no directories to leave behind.
    for (let dir = path.dirname(file); dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      try {
        await fs.rmdir(dir);
      } catch {
        break; // not empty (or already gone)
      }
    }
  }
}

const isMissing = (e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
};

const g = globalThis as unknown as { __storage?: Storage };

/** The process-wide storage driver: local disk under `${DATA_DIR}/files`, or a bucket with STORAGE=s3. */
export function getStorage(): Storage {
  const e = env();
  g.__storage ??= e.STORAGE === "s3" ? new S3Storage(s3Settings(e)) : new LocalDiskStorage(path.resolve(e.DATA_DIR, "files"));
  return g.__storage;
}

/** For tests that switch DATA_DIR. */
export function resetStorageForTesting() {
  g.__storage = undefined;
}
