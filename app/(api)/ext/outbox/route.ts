import { z } from "zod";
import { pageParams } from "@/lib/api/common";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listOutbox } from "@/lib/server/ext/account-settings";

const query = z.object(pageParams);

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth, query: q }) => {
    const { page, per_page } = parseOrThrow(query, Object.fromEntries(q));
    return listOutbox(db, auth.user.accountId, page, per_page);
  },
});
