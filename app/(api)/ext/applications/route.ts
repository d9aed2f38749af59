import { createApplicationBody } from "@/lib/api/ext";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createApplication, listApplications } from "@/lib/server/ext/applications";

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth }) => ({ applications: await listApplications(db, auth.user) }),
});

export const POST = apiRoute({
  scope: "write",
  fixedVersion: "v2",
  handler: async ({ db, auth, body }) => ({
    application: await createApplication(db, auth.user, parseOrThrow(createApplicationBody, body)),
  }),
});
