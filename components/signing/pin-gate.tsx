"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, useTransition, type FormEvent } from "react";
import type { SignerView } from "@/lib/api/signing";
import { SignerHeader } from "./signer-header";
import { Spinner } from "./spinner";
import { verifyPin } from "./signing-api";
import { formatTime, useLockedUntil } from "./use-lock";

/** Asks for the document's 5-digit PIN before anything of the document is shown. */
export function PinGate({ view }: { view: SignerView }) {
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const [lockedUntil, setLockedUntil] = useState<string | null>(view.pin.lockedUntil);
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const locked = useLockedUntil(lockedUntil);
  const busy = sending || refreshing;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || locked) return;
    // The PIN rule (zod) loads at the first try, not with the page.
    const { PIN_LOCK_MINUTES, verifyPinBody } = await import("@/lib/api/signing");
    const parsed = verifyPinBody.shape.pin.safeParse(pin);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter the 5-digit PIN.");
      inputRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    const res = await verifyPin(view.signer.id, view.accessToken, parsed.data);
    setSending(false);
    if (res.ok) {
      // The cookie is set: load the document for this signer.
      startRefresh(() => router.refresh());
      return;
    }
    if (res.status === 423) {
      setLockedUntil(new Date(Date.now() + PIN_LOCK_MINUTES * 60_000).toISOString());
      setLockMessage(res.error);
      setPin("");
      return;
    }
    setError(res.error);
    if (res.kind === "http") setPin("");
    inputRef.current?.focus();
  }

  const describedBy = [locked ? "pin-lock" : error ? "pin-error" : null, "pin-hint"].filter(Boolean).join(" ");

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <div className="space-y-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <SignerHeader view={view} compact />
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
          <div className="space-y-1">
            <label htmlFor="signing-pin" className="block text-sm font-medium text-slate-700">
              PIN
            </label>
            <input
              ref={inputRef}
              id="signing-pin"
              name="pin"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={5}
              autoFocus
              value={pin}
              disabled={locked}
              onChange={(e) => {
                setPin(e.target.value.replace(/\D/g, "").slice(0, 5));
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className="block w-full rounded-md border-0 px-3 py-2 text-center font-mono text-2xl tracking-[0.5em] shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 disabled:bg-slate-100 aria-invalid:ring-red-500"
            />
            <p id="pin-hint" className="text-sm text-slate-500">
              {view.signer.isSender ? "You set a 5-digit PIN for this document when you sent it." : "The sender gave you a 5-digit PIN for this document."}
            </p>
          </div>
          <div aria-live="assertive" aria-atomic="true">
            {locked && lockedUntil ? (
              <p id="pin-lock" role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
                {lockMessage ?? "Too many wrong PINs."} You can try again at{" "}
                <time dateTime={lockedUntil} suppressHydrationWarning className="font-semibold">
                  {formatTime(lockedUntil)}
                </time>
                .
              </p>
            ) : error ? (
              <p id="pin-error" role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={locked || busy}
            className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/50"
          >
            {busy ? <Spinner /> : null}
            Continue
          </button>
          <p className="sr-only" role="status">
            {sending ? "Checking the PIN…" : refreshing ? "PIN accepted. Opening the document…" : ""}
          </p>
        </form>
      </div>
    </main>
  );
}
