import "server-only";
import type { z } from "zod";
import type { userSchema } from "@/lib/api/users";
import type { accounts, users } from "@/lib/server/db/schema";

/** Spec 2.6. Grace periods and cancellations do not exist here: false and null. */
export function serializeUser(
  user: typeof users.$inferSelect,
  account: typeof accounts.$inferSelect | null,
): z.infer<typeof userSchema> {
  return {
    id: user.id,
    timezone: user.timezone,
    name: user.name,
    email: user.email,
    company: user.company,
    avatar_url: user.avatarUrl,
    can_send_documents: account?.planEnabled ?? false,
    is_grace_period: false,
    cancellation_date: null,
  };
}
