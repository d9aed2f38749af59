"use client";

import type { RefObject } from "react";
import { Spinner } from "./spinner";
import type { SubmitState } from "./use-signing-state";

/** Sticky bar at the bottom: progress, Next field, Decline and Finish, and the submit's status. */
export function ActionBar({
  requiredCount,
  requiredFilled,
  submitState,
  finishRef,
  onNext,
  onFinish,
  onDecline,
  onShowField,
}: {
  requiredCount: number;
  requiredFilled: number;
  submitState: SubmitState;
  finishRef?: RefObject<HTMLButtonElement | null>;
  onNext: () => void;
  onFinish: () => void;
  onDecline: () => void;
  /** Focus the field a server error names. */
  onShowField: (fieldId: string) => void;
}) {
  const remaining = requiredCount - requiredFilled;
  const pending = submitState.status === "pending";
  const canFinish = remaining === 0 && !pending;
  const error = submitState.status === "error" ? submitState.error : null;
  const reason =
    remaining > 0 ? `Fill in the ${remaining} remaining required field${remaining === 1 ? "" : "s"} to finish.` : pending ? "Submitting…" : null;
  const percent = requiredCount === 0 ? 100 : Math.round((requiredFilled / requiredCount) * 100);

  return (
    <div className="sticky bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto w-full max-w-3xl space-y-2 px-3 py-2.5 sm:px-4">
        {error ? (
          <div role="alert" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
            <span className="min-w-0 flex-1 break-words">{error.error}</span>
            {error.field ? (
              <button type="button" onClick={() => onShowField(error.field!)} className="font-semibold underline underline-offset-2">
                Show field
              </button>
            ) : error.kind === "network" ? (
              <button type="button" onClick={onFinish} className="font-semibold underline underline-offset-2">
                Try again
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <div className="min-w-0 flex-1 basis-full sm:basis-0">
            <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
              {requiredCount === 0 ? "No fields are required" : `${requiredFilled} of ${requiredCount} required fields`}
              {pending ? <span className="sr-only"> — submitting your answers…</span> : null}
            </p>
            <div aria-hidden="true" className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
              <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            {reason ? (
              <p id="finish-reason" className="mt-1 text-xs text-slate-500">
                {reason}
              </p>
            ) : null}
          </div>
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <button
              type="button"
              onClick={onDecline}
              disabled={pending}
              className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-50"
            >
              Decline
            </button>
            <button
              type="button"
              onClick={onNext}
              disabled={pending}
              className="ml-auto rounded-md px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-inset ring-brand-600/40 hover:bg-brand-50 disabled:opacity-50 sm:ml-0"
            >
              Next field
            </button>
            <button
              ref={finishRef}
              type="button"
              onClick={onFinish}
              disabled={!canFinish}
              aria-describedby={reason ? "finish-reason" : undefined}
              aria-busy={pending || undefined}
              className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/50"
            >
              {pending ? <Spinner /> : null}
              Finish
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
