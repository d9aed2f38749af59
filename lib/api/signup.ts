import { z } from "zod";

/** Sign-up form, shared by the page and its handler. */
export const signupSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(200),
  email: z.email("Enter a valid e-mail address.").max(320),
  password: z.string().min(10, "Use at least 10 characters.").max(200),
  company: z.string().trim().max(200).default(""),
});

/** Error codes carried back to the form in the address (never free text, which a link could forge). */
export const signupErrors = {
  name: "Enter your name.",
  email: "Enter a valid e-mail address.",
  password: "Use at least 10 characters.",
} as const;

export type SignupErrorCode = keyof typeof signupErrors;
