"use client";

import { useId, useState, type FormEvent } from "react";
import { declineBody } from "@/lib/api/signing";
import { Modal } from "./modal";
import type { CallFailure } from "./signing-api";
import { Spinner } from "./spinner";

/** Asks why the signer declines and sends it; keeps the reason when the call fails. */
export function DeclineDialog({
  senderName,
  selfSent = false,
  onDecline,
  onClose,
}: {
  senderName: string;
  /** The signer sent the document: the reason is recorded for the other signers, not "told to the sender". */
  selfSent?: boolean;
  onDecline: (reason: string) => Promise<CallFailure | null>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const parsed = declineBody.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Say why you decline.");
      document.getElementById(id)?.focus();
      return;
    }
    setPending(true);
    setError(null);
    const failure = await onDecline(parsed.data);
    // On success this dialog is already gone with the signing screen.
    if (failure) {
      setPending(false);
      setError(failure.error);
    }
  }

  return (
    <Modal title="Decline to sign" description={
        selfSent
          ? "You sent this document; declining ends it for every signer, and your reason is recorded in its history. You cannot sign it afterwards."
          : `${senderName || "The sender"} will see your reason. You cannot sign this document afterwards.`
      } onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={pending}>
        <div className="space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            Reason for declining
          </label>
          <textarea
            id={id}
            data-autofocus
            required
            rows={4}
            maxLength={2000}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500"
          />
        </div>
        <div aria-live="assertive">
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className="rounded-md px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
            Cancel
          </button>
          <button
            type="submit"
            disabled={pending}
            className="inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:cursor-not-allowed disabled:bg-red-600/50"
          >
            {pending ? <Spinner /> : null}
            Decline
          </button>
        </div>
        <p className="sr-only" role="status">
          {pending ? "Sending your decision…" : ""}
        </p>
      </form>
    </Modal>
  );
}
