"use client";

import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { signOut } from "./sign-out";

/**
 * Ends the dashboard session; next-auth's signOut event revokes the API token
 * and ends the service's own sign-in on the server, and /signin/signed-out
 * finishes at the service when it is another deployment.
 */
export function SignOutButton({ className = "" }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        setPending(true);
        void signOut("/signin/signed-out");
      }}
      className={`inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 ${className}`}
    >
      {pending ? <Spinner /> : null}
      Sign out
    </button>
  );
}
