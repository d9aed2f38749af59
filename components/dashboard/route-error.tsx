"use client";

import Link from "next/link";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * What a dashboard route shows when its server rendering failed unexpectedly
 * (API refusals are shown in place by the pages themselves). In production
 * the message is hidden by Next.js; the digest ties it to the server log.
 */
export function RouteError({ title, error, retry }: { title: string; error: Error & { digest?: string }; retry: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <Alert>
        Something went wrong while loading this page. Please try again.
        {error.digest ? <span className="block text-xs">Reference: {error.digest}</span> : null}
      </Alert>
      <div className="flex gap-3">
        <Button type="button" onClick={retry}>
          Try again
        </Button>
        <Link href="/documents" className="self-center text-sm font-medium text-brand-700 hover:underline">
          Back to documents
        </Link>
      </div>
    </div>
  );
}
