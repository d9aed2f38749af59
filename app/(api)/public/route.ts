import { apiNotFound } from "@/lib/server/http/unknown-path";

// `/public` without a version: the API's own error shape, not an HTML page.
export { apiNotFound as GET, apiNotFound as POST, apiNotFound as PUT, apiNotFound as PATCH, apiNotFound as DELETE };
