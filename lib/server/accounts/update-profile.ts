import "server-only";
import { eq } from "drizzle-orm";
import { canonicalTimeZone, type UpdateProfileBody } from "@/lib/api/profile";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

/** Name, company and time zone (an empty zone clears it: the dashboard then shows UTC). */
export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody) {
  const [user] = await db
    .update(users)
    .set({
      name: body.name,
      company: body.company,
      timezone: body.timezone ? canonicalTimeZone(body.timezone) : null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  // Token owners cached on any instance carry the old row.
  await invalidateAuthCache(db, { userId });
  return user!;
}
