import { apiNotFound } from "@/lib/server/http/unknown-path";

// Unknown resource paths answer in the API's own error shape, not an HTML page.
export { apiNotFound as GET, apiNotFound as POST, apiNotFound as PUT, apiNotFound as PATCH, apiNotFound as DELETE };
