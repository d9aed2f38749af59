"use client";

import { RouteError } from "@/components/dashboard/route-error";

export default function DocumentError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <RouteError title="This document could not be loaded." error={error} retry={retry} />;
}
