import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts, createdAt, updatedAt, type Tags, type PageInfo, type FieldDefinition, type MergeFieldComponent, type TemplateRole } from "./columns";
import { accounts, users } from "./accounts";

// ---------------------------------------------------------------- templates

export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    creatorUserId: text("creator_user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    filename: text("filename").notNull(),
    expiresIn: integer("expires_in").notNull().default(30),
    signerSequencing: boolean("signer_sequencing").notNull().default(false),
    sharedWith: jsonb("shared_with").$type<string[]>().notNull().default([]),
    distributionMethod: text("distribution_method").notNull().default("email"),
    identityMethod: text("identity_method").notNull().default("email"),
    kba: boolean("kba").notNull().default(false),
    passcode: boolean("passcode").notNull().default(false),
    tags: jsonb("tags").$type<Tags>().notNull().default({}),
    roles: jsonb("roles").$type<TemplateRole[]>().notNull().default([]),
    fields: jsonb("fields").$type<FieldDefinition[]>().notNull().default([]),
    mergeFields: jsonb("merge_fields").$type<MergeFieldComponent[]>().notNull().default([]),
    originalFileKey: text("original_file_key").notNull(),
    pages: jsonb("pages").$type<PageInfo[]>().notNull().default([]),
    deletedAt: ts("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("templates_account_idx").on(t.accountId, t.createdAt)],
);
