import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/server/http/respond";

// Unknown resource paths answer in the API's own error shape, not an HTML page.
const notFound = async () => errorResponse(new ApiError("notFound"));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
