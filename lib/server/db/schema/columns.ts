import { timestamp } from "drizzle-orm/pg-core";

// Column helpers and JSON shapes shared by the tables.

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => ts("created_at").notNull().defaultNow();
export const updatedAt = () => ts("updated_at").notNull().defaultNow();

export type Tags = Record<string, string | null>;

export type PageInfo = {
  width: number;
  height: number;
  imageKey: string;
  thumbnailKey: string;
};

export type FieldType = "signature" | "initials" | "text" | "date" | "checkbox";

/** A field placed on a page; positions are fractions (0–1) of the page. */
export type FieldDefinition = {
  id: string;
  type: FieldType;
  role: string;
  name: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  /** Shown to the signer beside the field (builder). */
  helpText?: string;
  /** Points; without it a typed answer is sized to fit its box. */
  fontSize?: number;
};

export type MergeFieldComponent = {
  id: string;
  name: string;
  type: "text" | "date";
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  fontSize?: number;
};

export type TemplateRole = {
  name: string;
  sequence: number;
  message: string;
  signer_name: string;
  signer_email: string;
};
