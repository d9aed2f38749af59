"use client";

import type { ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast";

/**
 * Client-side state of the dashboard: the toasts. (Mutations and polling are
 * small hooks of their own, components/dashboard/use-action-mutation.ts and
 * use-poll.ts, so no page loads a query library.)
 */
export function Providers({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
