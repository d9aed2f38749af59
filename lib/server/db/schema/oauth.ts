import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { ts, createdAt } from "./columns";
import { users } from "./accounts";

// ---------------------------------------------------------------- oauth

export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  /** Public identifier sent as client_id. */
  clientId: text("client_id").notNull().unique(),
  clientSecretHash: text("client_secret_hash").notNull(),
  name: text("name").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
  /** The dashboard's own client: consent is implied. */
  firstParty: boolean("first_party").notNull().default(false),
  createdAt: createdAt(),
});

/** Sign-in sessions of the authorization server's own pages (login, consent). */
export const webSessions = pgTable("web_sessions", {
  id: text("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: ts("expires_at").notNull(),
  createdAt: createdAt(),
});

export const oauthCodes = pgTable("oauth_codes", {
  id: text("id").primaryKey(),
  codeHash: text("code_hash").notNull().unique(),
  clientId: text("client_id")
    .notNull()
    .references(() => oauthClients.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  scope: text("scope").notNull(),
  codeChallenge: text("code_challenge"),
  codeChallengeMethod: text("code_challenge_method"),
  /** Token family issued from this code, so that a replay can revoke it. */
  familyId: text("family_id").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: createdAt(),
});

export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: text("id").primaryKey(),
    accessTokenHash: text("access_token_hash").notNull().unique(),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    familyId: text("family_id").notNull(),
    expiresAt: ts("expires_at").notNull(),
    refreshExpiresAt: ts("refresh_expires_at").notNull(),
    /** Set when the refresh token was exchanged for a newer one. */
    rotatedAt: ts("rotated_at"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_tokens_family_idx").on(t.familyId)],
);
