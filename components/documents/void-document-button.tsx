"use client";

import { useState } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Void, behind a confirmation: it cannot be undone and signers lose access. */
export function VoidDocumentButton({ name, voidAction }: { name: string; voidAction: () => Promise<ActionResult<{ status: string }>> }) {
  const [open, setOpen] = useState(false);
  const mutation = useActionMutation(() => voidAction(), {
    success: "Document voided",
    failure: "Document not voided",
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button
        type="button"
        variant="danger"
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
      >
        Void document
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => mutation.mutate(undefined)}
        title="Void this document?"
        description={
          <>
            <strong>{name}</strong> will be voided: signers can no longer open or sign it. This cannot be undone.
          </>
        }
        confirmLabel="Void document"
        pendingLabel="Voiding…"
        pending={mutation.isPending}
        error={mutation.error?.message}
      />
    </>
  );
}
