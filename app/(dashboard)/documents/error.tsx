"use client";

import { RouteError } from "@/components/dashboard/route-error";

export default function DocumentsError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <RouteError title="The documents could not be loaded." error={error} retry={retry} />;
}
