"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** Starts next-auth's OAuth sign-in against the service (PKCE and state are next-auth's). */
export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      type="button"
      className="w-full"
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        setPending(true);
        void signIn("signing-service", { callbackUrl });
      }}
    >
      {pending ? <Spinner /> : null}
      Sign in
    </Button>
  );
}
