// The database schema, one file per area; drizzle-kit generates migrations from this module.
export * from "./schema/columns";
export * from "./schema/accounts";
export * from "./schema/oauth";
export * from "./schema/templates";
export * from "./schema/documents";
export * from "./schema/archive";
export * from "./schema/sending-requests";
export * from "./schema/callbacks";
export * from "./schema/mail";
export * from "./schema/dashboard";
export * from "./schema/api-tokens";
