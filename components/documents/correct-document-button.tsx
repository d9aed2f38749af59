"use client";

import { useRouter } from "next/navigation";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * "Correct and resend" a declined or expired document: a new draft with the
 * same file, fields, recipients and options, opened in the draft builder to
 * fix and send. The original stays as it ended.
 */
export function CorrectDocumentButton({ correct }: { correct: () => Promise<ActionResult<{ id: string }>> }) {
  const router = useRouter();
  const mutation = useActionMutation(() => correct(), {
    success: "Draft made: fix what needs fixing, then send it",
    failure: "Could not make the corrected draft",
    onSuccess: ({ id }) => router.push(`/documents/${id}/prepare`),
  });
  return (
    <span className="inline-flex flex-col gap-1">
      <Button type="button" onClick={() => mutation.mutate(undefined)} disabled={mutation.isPending} aria-busy={mutation.isPending} aria-describedby={mutation.error ? "correct-error" : undefined}>
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? "Making a draft…" : "Correct and resend"}
      </Button>
      {mutation.error ? (
        <span id="correct-error" role="alert" className="text-xs text-red-700">
          {mutation.error.message}
        </span>
      ) : null}
    </span>
  );
}
