/** Shortest password accepted (sign-up, password change). Apart from profile.ts (zod) so browser code can read it without zod. */
export const PASSWORD_MIN_LENGTH = 10;
