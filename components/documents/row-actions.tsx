"use client";

import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { BulkOutcome } from "./bulk-contracts";
import { CopySigningLink } from "./copy-signing-link";
import { namesOf } from "./current-signers";
import { REMINDER_LIMIT } from "./reminder-rules";
import type { RowActionsDocument } from "./row-actions-document";

const linkButton =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

/**
 * What a row offers without opening the document: the signed PDF once
 * executed; for the sender of a pending document, a reminder to whoever it
 * waits for and their signing link. Actions that cannot apply are not shown;
 * a reminder that is not allowed now is disabled with the reason. `doc` is
 * rowActionsDocument's extract, not the whole document.
 */
export function RowActions({
  doc,
  isSender,
  remind,
}: {
  doc: RowActionsDocument;
  isSender: boolean;
  remind: (ids: string[]) => Promise<ActionResult<BulkOutcome[]>>;
}) {
  const waiting = doc.waiting;
  const mutation = useActionMutation(() => remind([doc.id]).then(firstOutcome), {
    success: (o) => o.message,
    failure: "Reminder not sent",
  });
  const left = doc.remindersLeft;
  const blocked = !waiting.some((r) => r.email)
    ? "Nobody whose turn it is has an e-mail address."
    : left <= 0
      ? `The limit of ${REMINDER_LIMIT} reminders for this document is reached.`
      : null;
  const reasonId = `remind-reason-${doc.id}`;

  return (
    <div className="flex flex-col items-start gap-2" data-testid="row-actions">
      {doc.state === "executed" ? (
        doc.signed_pdf_url ? (
          <a href={doc.signed_pdf_url} className={linkButton}>
            Download<span className="sr-only"> the signed PDF of {doc.name}</span>
          </a>
        ) : (
          <p className="text-xs text-slate-500">Signed PDF being prepared…</p>
        )
      ) : null}
      {isSender && doc.state === "pending" ? (
        <>
          <div className="space-y-1">
            <Button
              type="button"
              variant="secondary"
              className="px-3 py-1.5 whitespace-nowrap"
              disabled={Boolean(blocked) || mutation.isPending}
              aria-describedby={blocked || mutation.error ? reasonId : undefined}
              aria-busy={mutation.isPending}
              onClick={() => mutation.mutate(undefined)}
            >
              {mutation.isPending ? <Spinner /> : null}
              {mutation.isPending ? "Sending…" : "Remind"}
              <span className="sr-only"> {waiting.length ? namesOf(waiting) : "signers"} about {doc.name}</span>
            </Button>
            {mutation.error || blocked ? (
              <p id={reasonId} role={mutation.error ? "alert" : undefined} className={`max-w-48 text-xs ${mutation.error ? "text-red-700" : "text-slate-500"}`}>
                {mutation.error?.message ?? blocked}
              </p>
            ) : null}
          </div>
          {waiting.map((r) => (
            <CopySigningLink key={r.id} url={r.sign_url} signerName={r.name || r.role_name} />
          ))}
        </>
      ) : null}
    </div>
  );
}

/** One document's outcome: a refusal becomes the mutation's error, in words. */
function firstOutcome(r: ActionResult<BulkOutcome[]>): ActionResult<BulkOutcome> {
  if (!r.ok) return r;
  const o = r.data[0];
  if (!o) return { ok: false, error: "Something went wrong on our side. Please try again." };
  return o.result === "done" ? { ok: true, data: o } : { ok: false, error: o.message };
}
