import { createApplicationBody } from "@/lib/api/ext";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createApplication, listApplications } from "@/lib/server/ext/applications";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

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

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "POST");
export { otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };
