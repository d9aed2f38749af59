"use client";

import { signIn } from "next-auth/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * Starts next-auth's OAuth sign-in against the service (PKCE and state are
 * next-auth's). With `autoStart` the page goes on to the service's sign-in
 * form by itself, so the address in the log and README leads to one sign-in
 * screen; the button stays as the way back in after an error or signing out
 * (no loop), and without JavaScript.
 */
export function SignInButton({ callbackUrl, autoStart = false }: { callbackUrl: string; autoStart?: boolean }) {
  // Not pending in the server's HTML: without JavaScript the button is the way in.
  const [pending, setPending] = useState(false);
  // One start per page: React's development double effect (and a click during
  // the automatic start) would otherwise race two PKCE/state cookies.
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setPending(true);
    signIn("signing-service", { callbackUrl }).catch(() => {
      // The browser normally leaves the page; if it could not, offer the button again.
      started.current = false;
      setPending(false);
    });
  }, [callbackUrl]);
  useEffect(() => {
    if (autoStart) start();
  }, [autoStart, start]);
  return (
    <>
      <p role="status" className="text-center text-sm text-slate-600 empty:hidden">
        {pending ? "Taking you to the sign-in form…" : ""}
      </p>
      <Button type="button" className="w-full" disabled={pending} aria-busy={pending} onClick={start}>
        {pending ? <Spinner /> : null}
        Sign in
      </Button>
    </>
  );
}
