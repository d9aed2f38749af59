import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";

export const metadata: Metadata = { title: "Not found" };

/** What each section calls the thing that was not found, and where its list is. */
const SECTIONS = [
  { prefix: "/documents/", title: "Document not found", what: "document", back: { href: "/documents", label: "Back to documents" } },
  { prefix: "/templates/", title: "Template not found", what: "template", back: { href: "/templates", label: "Back to templates" } },
] as const;

/**
 * A dashboard address that names nothing the signed-in user can see (a
 * deleted document, a mistyped id, another account's template): HTTP 404
 * inside the dashboard's own frame, with the way back to the list. Absence
 * and "not yours" read the same, so the page reveals nothing about other
 * accounts.
 */
export default async function DashboardNotFound() {
  // Set by proxy.ts on page requests; absent, the page is the general one.
  const pathname = (await headers()).get("x-pathname") ?? "";
  const section = SECTIONS.find((s) => pathname.startsWith(s.prefix));
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10" data-testid="not-found">
      <p className="text-sm font-semibold text-brand-600">Error 404</p>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{section?.title ?? "Page not found"}</h1>
      <p className="text-slate-600">
        {section
          ? `There is no ${section.what} at this address that your account can open. It may have been deleted, or the link may be mistyped or meant for another account.`
          : "There is no page at this address. Check the link, or go back to your documents."}
      </p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link className="font-medium text-brand-700 underline" href={section?.back.href ?? "/documents"}>
          {section?.back.label ?? "Go to your documents"}
        </Link>
      </p>
    </div>
  );
}
