"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Deletes a draft, behind a confirmation; then back to the list, where it is gone. */
export function DeleteDraftButton({ name, deleteAction }: { name: string; deleteAction: () => Promise<ActionResult<null>> }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const mutation = useActionMutation(() => deleteAction(), {
    success: "Draft deleted",
    failure: "Draft not deleted",
    onSuccess: () => {
      setOpen(false);
      router.push("/documents");
    },
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
        Delete draft
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => mutation.mutate(undefined)}
        title="Delete this draft?"
        description={
          <>
            <strong>{name}</strong> was never sent. It is deleted with its fields and recipients; this cannot be undone.
          </>
        }
        confirmLabel="Delete draft"
        pendingLabel="Deleting…"
        pending={mutation.isPending}
        error={mutation.error?.message}
      />
    </>
  );
}
