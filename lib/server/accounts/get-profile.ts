import "server-only";
import type { Profile } from "@/lib/api/profile";
import type { users } from "@/lib/server/db/schema";
import { signedFileUrl } from "@/lib/server/storage/signed-url";

/** The user's own profile (/ext/profile): what /me has that a user edits, and their saved signature images. */
export function serializeProfile(user: typeof users.$inferSelect): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    company: user.company,
    timezone: user.timezone,
    saved_signature_url: user.savedSignatureKey ? signedFileUrl(user.savedSignatureKey) : null,
    saved_initials_url: user.savedInitialsKey ? signedFileUrl(user.savedInitialsKey) : null,
  };
}
