import { oauthNotFound } from "@/lib/server/http/unknown-path";

// Unknown paths under /oauth answer in the OAuth error shape, not an HTML page.
export { oauthNotFound as GET, oauthNotFound as POST, oauthNotFound as PUT, oauthNotFound as PATCH, oauthNotFound as DELETE };
