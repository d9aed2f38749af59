"use client";

import { RouteError } from "@/components/dashboard/route-error";

export default function TemplatesError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <RouteError title="The templates could not be loaded." error={error} retry={retry} />;
}
