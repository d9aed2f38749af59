"use client";

import { RouteError } from "@/components/dashboard/route-error";

export default function ProfileError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <RouteError title="This page could not be loaded." error={error} retry={retry} />;
}
