import { z } from "zod";
import { pageParams } from "@/lib/api/common";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listOutbox } from "@/lib/server/ext/list-outbox";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

const query = z.object(pageParams);

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, query: q }) => {
    const { page, per_page } = parseOrThrow(query, Object.fromEntries(q));
    return listOutbox(db, auth.user, page, per_page);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };
