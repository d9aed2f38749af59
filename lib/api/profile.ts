import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./password-length";

// The signed-in user's own profile (/ext/profile, the dashboard's Profile
// page). /me stays exactly spec 2.6; these are the parts a user edits. The
// same schemas validate the forms (react-hook-form + zodResolver) and the
// route handlers, so the messages are written for people.

/** An IANA zone name the runtime knows ("Asia/Tokyo"); aliases such as "US/Eastern" too. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 100) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical spelling ("asia/tokyo" → "Asia/Tokyo"). */
export const canonicalTimeZone = (value: string) => new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  /** IANA zone the dashboard shows dates in; null: UTC. */
  timezone: z.string().nullable(),
  /** Time-limited addresses of the saved images (PNG), or null when none is saved. */
  saved_signature_url: z.string().nullable(),
  saved_initials_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileEnvelope = z.object({ profile: profileSchema });

export const updateProfileBody = z.object({
  name: z.string({ error: "Enter your name." }).trim().min(1, "Enter your name.").max(200, "Keep your name to 200 characters or fewer."),
  company: z.string({ error: "Enter a company name or leave it empty." }).trim().max(200, "Keep the company name to 200 characters or fewer."),
  /** "" clears it (dates are then shown in UTC). */
  timezone: z
    .string({ error: "Choose a time zone from the list." })
    .trim()
    .refine((v) => v === "" || isTimeZone(v), "Choose a time zone from the list."),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export { PASSWORD_MIN_LENGTH }; // as sign-up (lib/api/signup.ts)

export const changePasswordBody = z
  .object({
    current_password: z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(200, "That is not your current password."),
    new_password: z
      .string({ error: `Choose a new password of at least ${PASSWORD_MIN_LENGTH} characters.` })
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
      .max(200, "Use at most 200 characters."),
  })
  .refine((b) => b.new_password !== b.current_password, { path: ["new_password"], message: "Choose a password different from the current one." });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The password changed; every other sign-in of this user was ended (docs/api-decisions.md, "Profile"). */
export const changePasswordResponse = z.object({ password_changed: z.literal(true), other_sessions_ended: z.number().int() });

export const SAVED_SIGNATURE_KINDS = ["signature", "initials"] as const;
export type SavedSignatureKind = (typeof SAVED_SIGNATURE_KINDS)[number];

/** A drawn, typed or uploaded image as the signer page makes it: a PNG or JPEG data URL (the server re-encodes it). */
export const saveSignatureBody = z.object({
  image: z
    .string({ error: "Draw, type or upload your signature first." })
    .max(2_000_000, "The image is too large (at most 1 MB).")
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, "Draw, type or upload your signature first."),
});
export type SaveSignatureBody = z.infer<typeof saveSignatureBody>;
