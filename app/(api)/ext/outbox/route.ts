import { z } from "zod";
import { pageParams } from "@/lib/api/common";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listOutbox } from "@/lib/server/ext/list-outbox";

const query = z.object(pageParams);

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, query: q }) => {
    const { page, per_page } = parseOrThrow(query, Object.fromEntries(q));
    return listOutbox(db, auth.user, page, per_page);
  },
});
