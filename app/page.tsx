import Link from "next/link";

export default function LandingPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 px-6 py-16">
      <p className="text-sm font-semibold text-brand-600">Signing Service</p>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">Send documents for signature. Get a tamper-evident PDF back.</h1>
      <p className="text-lg text-slate-600">
        Reusable templates, one-off uploads, embedded signing and a complete audit trail, behind an API your existing
        clients already speak.
      </p>
      <div className="flex gap-3">
        <Link href="/signup" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Create account
        </Link>
        <Link href="/login" className="rounded-md px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white">
          Sign in
        </Link>
      </div>
    </main>
  );
}
