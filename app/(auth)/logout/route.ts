import { getDb } from "@/lib/server/db/client";
import { clearedSessionCookie, deleteWebSession, readCookie, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { isForeignOrigin, seeOther } from "@/lib/server/http/form";

/** Ends the service's own sign-in (`sid`). */
export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const token = readCookie(req, SESSION_COOKIE);
  if (token) await deleteWebSession(await getDb(), token);
  return seeOther("/login?signedOut=1", { "Set-Cookie": clearedSessionCookie() });
}

/**
 * A dashboard of another deployment sends the browser here after its own
 * sign-out (app/signin/signed-out). A GET changes nothing — any site could
 * link here — so it shows the one button that does.
 */
export function GET() {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out · Signing Service</title></head>
<body><main>
<p>Signing Service</p>
<h1>Sign out of the Signing Service?</h1>
<p>You signed out of the dashboard. Sign out here too, so that signing in again asks for your password.</p>
<form method="post" action="/logout"><button type="submit">Sign out</button></form>
</main></body></html>`;
  return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
