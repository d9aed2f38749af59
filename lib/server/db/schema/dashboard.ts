import { pgTable, text } from "drizzle-orm/pg-core";
import { ts, createdAt, updatedAt } from "./columns";

// ---------------------------------------------------------------- dashboard (an API client of this service)

/**
 * The dashboard's OAuth tokens, kept server-side (encrypted) and referenced
 * from the next-auth cookie, so the browser never holds them and concurrent
 * requests refresh under one row lock instead of racing the rotation.
 */
export const dashboardSessions = pgTable("dashboard_sessions", {
  id: text("id").primaryKey(),
  /** The API's user id (from /me); the dashboard may point at another deployment. */
  apiUserId: text("api_user_id").notNull(),
  accessTokenEnc: text("access_token_enc").notNull(),
  refreshTokenEnc: text("refresh_token_enc").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
