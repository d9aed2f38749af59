import Link from "next/link";
import { cookies } from "next/headers";
import { getDb } from "@/lib/server/db/client";
import { getWebSessionUser, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { Button } from "@/components/ui/button";

export default async function LandingPage() {
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
          <form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Sign out
            </Button>
          </form>
        </div>
      ) : (
        <div className="flex gap-3">
          <Link href="/signup" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Create account
          </Link>
          <Link href="/login" className="rounded-md px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white">
            Sign in
          </Link>
        </div>
      )}
    </main>
  );
}
