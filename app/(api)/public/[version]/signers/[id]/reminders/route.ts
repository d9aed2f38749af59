import { apiRoute } from "@/lib/server/http/api-route";
import { sendReminder } from "@/lib/server/sending/send-reminder";
import { requestOrigin } from "@/lib/server/documents/record-audit";

export const POST = apiRoute({
  scope: "write",
  handler: async ({ db, auth, params, req }) => sendReminder(db, auth.user, params.id!, requestOrigin(req)),
});
