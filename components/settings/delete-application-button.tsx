"use client";

import { useState } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Deleting an application also revokes every token issued to it, so it asks first. */
export function DeleteApplicationButton({ name, remove }: { name: string; remove: () => Promise<ActionResult<null>> }) {
  const [open, setOpen] = useState(false);
  const mutation = useActionMutation(() => remove(), {
    success: `Application “${name}” deleted`,
    failure: "Application not deleted",
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
        Delete<span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => mutation.mutate(undefined)}
        title="Delete this application?"
        description={
          <>
            <strong>{name}</strong> will stop working at once: every access and refresh token issued to it is revoked.
          </>
        }
        confirmLabel="Delete application"
        pendingLabel="Deleting…"
        pending={mutation.isPending}
        error={mutation.error?.message}
      />
    </>
  );
}
