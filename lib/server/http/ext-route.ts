import "server-only";
import { apiRoute, type RouteOptions } from "./api-route";

/**
 * A route of the /ext extensions: the dashboard's administration of an
 * account (callback secret, applications, outbox, drafts, template builder).
 * Only the dashboard's own client may call them: a token a user granted a
 * third-party application for `read`/`write` stays within the spec's API.
 * Answers follow v2.
 */
export const extRoute = (options: Omit<RouteOptions, "fixedVersion" | "versions" | "firstPartyOnly">) =>
  apiRoute({ ...options, fixedVersion: "v2", firstPartyOnly: true });
