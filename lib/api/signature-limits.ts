/** A drawn, typed or uploaded signature arrives as a PNG or JPEG data URL of at most ~1 MB. */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;
/** Largest signature or initials image in pixels (after decoding); the server decodes and re-encodes every one. */
export const MAX_SIGNATURE_WIDTH = 2000;
export const MAX_SIGNATURE_HEIGHT = 1000;
// Apart from signing.ts (zod) so the signature editors in the browser can read them without zod.
