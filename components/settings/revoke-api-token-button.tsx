"use client";

import { useState } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Revoking cannot be undone (scripts using the token stop at once), so it asks first. */
export function RevokeApiTokenButton({ name, revoke }: { name: string; revoke: () => Promise<ActionResult<null>> }) {
  const [open, setOpen] = useState(false);
  const mutation = useActionMutation(() => revoke(), {
    success: `Token “${name}” revoked`,
    failure: "Token not revoked",
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
        Revoke<span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => mutation.mutate(undefined)}
        title="Revoke this token?"
        description={
          <>
            <strong>{name}</strong> stops working at once: every request made with it is refused.
          </>
        }
        confirmLabel="Revoke token"
        pendingLabel="Revoking…"
        pending={mutation.isPending}
        error={mutation.error?.message}
      />
    </>
  );
}
