import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

/**
 * The site's 404 page. Next.js's built-in one carries an inline <style>
 * element without the response's nonce, which the Content-Security-Policy
 * (proxy.ts) rightly refuses; this one is styled by the app's stylesheet.
 */
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16">
      <p className="text-sm font-semibold text-brand-600">Signing Service</p>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-slate-600">There is no page at this address. Check the link, or start again from the home page.</p>
      <p>
        <Link className="font-medium text-brand-700 underline" href="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
