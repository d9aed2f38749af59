import { z } from "zod";
import type { ApiErrorCode } from "./errors";

/** Attach a catalog error to a zod issue: parseOrThrow answers exactly that error. */
export const catalog = (code: ApiErrorCode) => ({ params: { code } });

export const DOCUMENT_STATES = ["draft", "pending", "executed", "voided", "expired", "declined", "editing"] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const timestamp = z.string();

/** An integer query parameter with a plain-language error. */
export const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be an integer between ${min} and ${max}.` });
        return z.NEVER;
      }
      return n;
    });

export const pageParams = {
  per_page: intParam(1, 100, 10),
  page: intParam(1, 1_000_000, 1),
};

export const tagsObject = z.record(z.string(), z.string().nullable());
export type TagsObject = z.infer<typeof tagsObject>;

export const emailAddress = z.email();

export const pagedMeta = z.object({ total_pages: z.number().int() });
