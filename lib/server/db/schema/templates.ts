import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** 1 when created; each save in the builder makes the next version. */
    version: integer("version").notNull().default(1),
    deletedAt: ts("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("templates_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * Every saved version of a template (the definition as saved, ids included),
 * so a change can be traced and documents name the version they came from.
 */
export const templateVersions = pgTable(
  "template_versions",
  {
    id: text("id").primaryKey(),
    templateId: text("template_id")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    definition: jsonb("definition").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("template_versions_key").on(t.templateId, t.version)],
);

/**
 * A file uploaded from the dashboard to become a new template: processed by
 * the sending-request pipeline (page images, text tags), then kept until the
 * builder saves it as a template.
 */
export const templateUploads = pgTable(
  "template_uploads",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** waiting_for_file → processing → completed | errored */
    status: text("status").notNull().default("waiting_for_file"),
    statusMessage: text("status_message"),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key"),
    fileSize: integer("file_size"),
    originalFileKey: text("original_file_key"),
    pages: jsonb("pages").$type<PageInfo[]>().notNull().default([]),
    /** Fields found from text tags, with the role names they use. */
    fields: jsonb("fields").$type<FieldDefinition[]>().notNull().default([]),
    templateId: text("template_id").references(() => templates.id, { onDelete: "set null" }),
    uploadExpiresAt: ts("upload_expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("template_uploads_user_idx").on(t.userId, t.createdAt)],
);
