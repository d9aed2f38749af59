"use client";

import { useId, useState } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { VOID_REASON_MAX } from "@/lib/api/void-reason";
import type { BulkOutcome, BulkTagChange } from "./bulk-contracts";
import { useBulkSelection } from "./bulk-selection";

type Actions = {
  remind: (ids: string[]) => Promise<ActionResult<BulkOutcome[]>>;
  voidAll: (ids: string[], reason: string) => Promise<ActionResult<BulkOutcome[]>>;
  tag: (ids: string[], change: BulkTagChange) => Promise<ActionResult<BulkOutcome[]>>;
};

type Kind = "remind" | "void" | "add" | "remove";
const words: Record<Kind, { done: string; notDone: string }> = {
  remind: { done: "reminded", notDone: "not reminded" },
  void: { done: "voided", notDone: "not voided" },
  add: { done: "tagged", notDone: "not tagged" },
  remove: { done: "untagged", notDone: "not untagged" },
};

const count = (n: number) => `${n} document${n === 1 ? "" : "s"}`;

/** "2 documents voided, 1 not voided." */
export function summarize(kind: Kind, outcomes: BulkOutcome[]) {
  const done = outcomes.filter((o) => o.result === "done").length;
  const rest = outcomes.length - done;
  return [done ? `${count(done)} ${words[kind].done}` : "", rest ? `${count(rest)} ${words[kind].notDone}` : ""].filter(Boolean).join(", ") + ".";
}

/**
 * The toolbar over the list for the selected rows: remind, add or remove a
 * tag, void with a reason. Each answers per document; the summary stays on
 * the page (what was done, and for each document that was not, why) until
 * dismissed or the next action.
 */
export function BulkActions({ remind, voidAll, tag }: Actions) {
  const { rows, selected, clear } = useBulkSelection();
  // In the page's order, so the results read in the order of the rows.
  const ids = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const n = ids.length;
  const [dialog, setDialog] = useState<Kind | null>(null);
  const [result, setResult] = useState<{ kind: Kind; outcomes: BulkOutcome[] } | null>(null);
  const [reason, setReason] = useState("");
  const [tagName, setTagName] = useState("");
  const [tagValue, setTagValue] = useState("");
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const baseId = useId();

  const finished = (kind: Kind) => (outcomes: BulkOutcome[]) => {
    setResult({ kind, outcomes });
    setDialog(null);
    clear();
  };
  const mutation = useActionMutation(
    async (run: { kind: Kind; call: () => Promise<ActionResult<BulkOutcome[]>> }) => run.call(),
    { success: (outcomes, run) => summarize(run.kind, outcomes), failure: "Nothing was done", onSuccess: (outcomes, run) => finished(run.kind)(outcomes) },
  );

  const open = (kind: Kind) => {
    mutation.reset();
    setFieldError(null);
    setResult(null);
    setDialog(kind);
  };

  // The forms' rules (zod schemas) load when first used, not with the list page.
  async function submitVoid() {
    const { voidDocumentForm } = await import("@/lib/api/void-document");
    const parsed = voidDocumentForm.safeParse({ reason });
    if (!parsed.success) return setFieldError({ field: "reason", message: parsed.error.issues[0]!.message });
    setFieldError(null);
    mutation.mutate({ kind: "void", call: () => voidAll(ids, parsed.data.reason) });
  }

  async function submitTag(kind: "add" | "remove") {
    const { bulkTagChange } = await import("./bulk-contracts");
    const parsed = bulkTagChange.safeParse({ action: kind, name: tagName, value: kind === "add" && tagValue.trim() ? tagValue : undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setFieldError({ field: String(issue.path[0] ?? "name"), message: issue.message });
    }
    setFieldError(null);
    mutation.mutate({ kind, call: () => tag(ids, parsed.data) });
  }

  const busy = mutation.isPending;
  const none = n === 0;
  const hint = `${baseId}-hint`;
  const serverError = mutation.error?.message;

  return (
    <div className="space-y-3">
      <div role="toolbar" aria-label="Actions on selected documents" aria-describedby={hint} className="flex flex-wrap items-center gap-2 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
        <p id={hint} aria-live="polite" className="mr-auto text-sm text-slate-700" data-testid="selection-count">
          {none ? "Select documents to act on several at once." : `${count(n)} selected`}
        </p>
        <Button type="button" variant="secondary" className="px-3 py-1.5" disabled={none || busy} onClick={() => mutation.mutate({ kind: "remind", call: () => remind(ids) })}>
          {busy && mutation.variables?.kind === "remind" ? <Spinner /> : null}
          Send reminders
        </Button>
        <Button type="button" variant="secondary" className="px-3 py-1.5" disabled={none || busy} onClick={() => open("add")}>
          Add tag
        </Button>
        <Button type="button" variant="secondary" className="px-3 py-1.5" disabled={none || busy} onClick={() => open("remove")}>
          Remove tag
        </Button>
        <Button type="button" variant="danger" className="px-3 py-1.5" disabled={none || busy} onClick={() => open("void")}>
          Void
        </Button>
      </div>

      {result ? <BulkResults kind={result.kind} outcomes={result.outcomes} onDismiss={() => setResult(null)} /> : null}

      <Dialog
        open={dialog === "void"}
        onClose={() => (busy ? undefined : setDialog(null))}
        title={`Void ${count(n)}?`}
        description="Signers can no longer open or sign them, and they are told the reason. This cannot be undone."
      >
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitVoid();
          }}
        >
          <div className="space-y-1">
            <label htmlFor={`${baseId}-reason`} className="block text-sm font-medium text-slate-700">
              Reason
            </label>
            <textarea
              id={`${baseId}-reason`}
              value={reason}
              maxLength={VOID_REASON_MAX}
              rows={3}
              autoFocus
              onChange={(e) => {
                setReason(e.target.value);
                if (fieldError?.field === "reason" && e.target.value.trim()) setFieldError(null);
              }}
              aria-invalid={fieldError?.field === "reason" ? true : undefined}
              aria-describedby={fieldError?.field === "reason" ? `${baseId}-reason-error` : undefined}
              className="block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500"
            />
            {fieldError?.field === "reason" ? (
              <p id={`${baseId}-reason-error`} role="alert" className="text-sm text-red-700">
                {fieldError.message}
              </p>
            ) : null}
          </div>
          {serverError ? (
            <p role="alert" className="text-sm text-red-700">
              {serverError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => setDialog(null)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner /> : null}
              {busy ? "Voiding…" : `Void ${count(n)}`}
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={dialog === "add" || dialog === "remove"}
        onClose={() => (busy ? undefined : setDialog(null))}
        title={dialog === "remove" ? `Remove a tag from ${count(n)}` : `Add a tag to ${count(n)}`}
        description={dialog === "remove" ? "Documents without this tag are left as they are." : "Their other tags stay; a tag of the same name gets this value."}
      >
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitTag(dialog === "remove" ? "remove" : "add");
          }}
        >
          <TextField
            id={`${baseId}-tag-name`}
            label="Tag name"
            value={tagName}
            autoFocus
            onChange={(e) => {
              setTagName(e.target.value);
              if (fieldError?.field === "name") setFieldError(null);
            }}
            error={fieldError?.field === "name" ? fieldError.message : undefined}
          />
          {dialog === "add" ? (
            <TextField
              id={`${baseId}-tag-value`}
              label="Value (optional)"
              value={tagValue}
              onChange={(e) => {
                setTagValue(e.target.value);
                if (fieldError?.field === "value") setFieldError(null);
              }}
              error={fieldError?.field === "value" ? fieldError.message : undefined}
            />
          ) : null}
          {serverError ? (
            <p role="alert" className="text-sm text-red-700">
              {serverError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => setDialog(null)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner /> : null}
              {dialog === "remove" ? "Remove tag" : "Add tag"}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/** What a bulk action did: the count, then each document that was not done and why. */
function BulkResults({ kind, outcomes, onDismiss }: { kind: Kind; outcomes: BulkOutcome[]; onDismiss: () => void }) {
  const notDone = outcomes.filter((o) => o.result !== "done");
  return (
    <section aria-label="Result of the last action" data-testid="bulk-results" className="space-y-2 rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200">
      <div className="flex items-start gap-2">
        <p role="status" className="mr-auto font-medium text-slate-900">
          {summarize(kind, outcomes)}
        </p>
        <button type="button" onClick={onDismiss} className="rounded px-2 text-sm font-medium text-brand-700 hover:underline">
          Dismiss
        </button>
      </div>
      {notDone.length ? (
        <ul className="space-y-1">
          {notDone.map((o) => (
            <li key={o.id} data-testid="bulk-result" className="break-words text-slate-700">
              <span className="font-medium text-slate-900">{o.name}</span>: {o.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
