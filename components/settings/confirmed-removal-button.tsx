"use client";

import { useState, type ReactNode } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type Props = {
  /** The thing's name, shown to sighted users in its row and added for screen readers to the button. */
  name: string;
  remove: () => Promise<ActionResult<null>>;
  /** "Delete", "Revoke". */
  verb: string;
  /** "Deleting…", "Revoking…". */
  pendingLabel: string;
  /** "application", "token". */
  noun: string;
  /** "deleted", "revoked". */
  done: string;
  /** What happens, for the confirmation dialog. */
  consequence: ReactNode;
};

/** A row action that cannot be undone (deleting an application, revoking a token), so it asks first. */
export function ConfirmedRemovalButton({ name, remove, verb, pendingLabel, noun, done, consequence }: Props) {
  const [open, setOpen] = useState(false);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const mutation = useActionMutation(() => remove(), {
    success: `${Noun} “${name}” ${done}`,
    failure: `${Noun} not ${done}`,
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        className="px-3 py-1.5"
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        {verb}
        <span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => mutation.mutate(undefined)}
        title={`${verb} this ${noun}?`}
        description={consequence}
        confirmLabel={`${verb} ${noun}`}
        pendingLabel={pendingLabel}
        pending={mutation.isPending}
        error={mutation.error?.message}
      />
    </>
  );
}
