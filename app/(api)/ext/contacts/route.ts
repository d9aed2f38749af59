import { contactsQuery } from "@/lib/api/contacts";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listContacts } from "@/lib/server/contacts/list-contacts";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** `?q=&limit=`: recipients of the caller's own documents, one per address, most recent first. */
export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, query }) => ({ contacts: await listContacts(db, auth.user, parseOrThrow(contactsQuery, Object.fromEntries(query))) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };
