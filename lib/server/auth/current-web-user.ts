import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/server/db/client";
import { getWebSessionUser, SESSION_COOKIE } from "./web-session";

/** The signed-in user of a server page, or a redirect to sign-in that comes back here. */
export async function requireWebUser(returnTo: string) {
  const user = await getWebSessionUser(await getDb(), (await cookies()).get(SESSION_COOKIE)?.value);
  if (!user) redirect(`/login?next=${encodeURIComponent(returnTo)}`);
  return user;
}
