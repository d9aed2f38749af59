import Link from "next/link";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/server/db/client";
import { getWebSessionUser, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { getDashboardSession } from "@/lib/server/dashboard/current-session";
import { Button } from "@/components/ui/button";

const primary = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const secondary = "rounded-md px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white";

export default async function LandingPage() {
  // Someone already signed in to the dashboard has no use for the landing page.
  if (await getDashboardSession()) redirect("/documents");
  // Signed in to the service (e.g. just after sign-up) but not yet to the dashboard.
  const user = await getWebSessionUser(await getDb(), (await cookies()).get(SESSION_COOKIE)?.value);
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 px-6 py-16">
      <p className="text-sm font-semibold text-brand-600">Signing Service</p>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">
        Send documents for signature. Get a tamper-evident PDF back.
      </h1>
      <p className="text-lg text-slate-600">
        Reusable templates, one-off uploads, embedded signing and a complete audit trail, behind an API your existing
        clients already speak.
      </p>
      {user ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700" data-testid="signed-in-as">
            Signed in as <strong>{user.name}</strong> ({user.email})
          </p>
          <Link href="/signin" className={primary}>
            Open dashboard
          </Link>
          <form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Sign out
            </Button>
          </form>
        </div>
      ) : (
        <div className="flex gap-3">
          <Link href="/signup" className={primary}>
            Create account
          </Link>
          <Link href="/signin" className={secondary}>
            Sign in
          </Link>
        </div>
      )}
    </main>
  );
}
