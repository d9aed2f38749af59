import { apiNotFound } from "@/lib/server/http/unknown-path";

// `/public/v2` itself (or any other version segment alone): the API's own error shape, not an HTML page.
export { apiNotFound as GET, apiNotFound as POST, apiNotFound as PUT, apiNotFound as PATCH, apiNotFound as DELETE };
