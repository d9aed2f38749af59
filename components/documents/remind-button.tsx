"use client";

import { useId } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** "Send reminder" for one signer: disabled with the reason when not allowed, the API's refusal shown below. */
export function RemindButton({
  signerName,
  blockedReason,
  remind,
}: {
  signerName: string;
  blockedReason: string | null;
  remind: () => Promise<ActionResult<{ status: string }>>;
}) {
  const reasonId = useId();
  const mutation = useActionMutation(() => remind(), {
    success: `Reminder sent to ${signerName}`,
    failure: "Reminder not sent",
  });
  const describedBy = blockedReason || mutation.error ? reasonId : undefined;
  return (
    <div className="space-y-1">
      <Button
        type="button"
        variant="secondary"
        className="px-3 py-1.5 whitespace-nowrap"
        disabled={Boolean(blockedReason) || mutation.isPending}
        aria-describedby={describedBy}
        aria-busy={mutation.isPending}
        onClick={() => mutation.mutate(undefined)}
      >
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? "Sending…" : "Send reminder"}
        <span className="sr-only"> to {signerName}</span>
      </Button>
      {mutation.error ? (
        <p id={reasonId} role="alert" className="text-xs text-red-700">
          {mutation.error.message}
        </p>
      ) : blockedReason ? (
        <p id={reasonId} className="text-xs text-slate-500">
          {blockedReason}
        </p>
      ) : null}
    </div>
  );
}
