import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { MAX_SIGNATURE_BYTES, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from "@/lib/api/signing";
import type { SavedSignatureKind } from "@/lib/api/profile";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { reencodeSignature } from "@/lib/server/signing/reencode-signature";
import { getStorage } from "@/lib/server/storage/storage";
import { log } from "@/lib/server/observability/logger";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

const column = (kind: SavedSignatureKind) => (kind === "signature" ? "savedSignatureKey" : "savedInitialsKey");

/**
 * Stores the user's saved signature or initials as the signer page stores a
 * signature: decoded and encoded again by the server (our own PNG, within the
 * same pixel bounds). Each save gets a new key, so an address handed out for
 * the old image never shows the new one; the old file is removed.
 */
export async function saveSignatureImage(db: Db, user: typeof users.$inferSelect, kind: SavedSignatureKind, dataUrl: string) {
  const noun = kind === "signature" ? "signature" : "initials";
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  if (bytes.byteLength > MAX_SIGNATURE_BYTES) throw ApiError.badInput("image", `The image of your ${noun} is too large (at most 1 MB).`);
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) throw ApiError.badInput("image", `The image of your ${noun} is not a PNG or JPEG.`);
  const clean = await reencodeSignature(bytes, png ? "png" : "jpeg");
  if (!(clean instanceof Uint8Array)) {
    throw ApiError.badInput(
      "image",
      clean.problem === "too_large"
        ? `The image of your ${noun} is ${clean.width} × ${clean.height} pixels; at most ${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT} are accepted.`
        : `The image of your ${noun} is damaged or could not be read.`,
    );
  }
  const key = `users/${user.id}/saved-${kind}-${crypto.randomBytes(8).toString("hex")}.png`;
  await getStorage().put(key, clean, "image/png");
  const [updated] = await db.update(users).set({ [column(kind)]: key, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  await invalidateAuthCache(db, { userId: user.id });
  await removeOld(user[column(kind)]);
  return updated!;
}

/** Forgets the saved image (and its file). */
export async function removeSignatureImage(db: Db, user: typeof users.$inferSelect, kind: SavedSignatureKind) {
  const [updated] = await db.update(users).set({ [column(kind)]: null, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  await invalidateAuthCache(db, { userId: user.id });
  await removeOld(user[column(kind)]);
  return updated!;
}

async function removeOld(key: string | null) {
  if (!key) return;
  // A file left behind costs disk only; the row no longer points to it either way.
  await getStorage().delete(key).catch((err) => log("profile").warn({ err, key }, "could not remove a replaced signature image"));
}
