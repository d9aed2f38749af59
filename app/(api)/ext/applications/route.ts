import { createApplicationBody } from "@/lib/api/ext";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createApplication, listApplications } from "@/lib/server/ext/applications";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth }) => ({ applications: await listApplications(db, auth.user) }),
});

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => ({
    application: await createApplication(db, auth.user, parseOrThrow(createApplicationBody, body)),
  }),
});
