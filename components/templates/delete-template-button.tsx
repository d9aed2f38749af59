"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { deleteTemplateAction } from "@/app/(dashboard)/templates/actions";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * Delete (v2 only) after a confirmation. Documents already sent from the
 * template keep working (docs/api-decisions.md), which the dialog says.
 */
export function DeleteTemplateButton({ templateId, name }: { templateId: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const del = useActionMutation(() => deleteTemplateAction(templateId), {
    success: `Template "${name}" deleted`,
    failure: "The template was not deleted",
    onSuccess: () => {
      setOpen(false);
      // The toast lives in the dashboard layout, so it survives this navigation.
      router.push("/templates");
    },
  });
  return (
    <>
      <Button type="button" variant="danger" onClick={() => setOpen(true)}>
        Delete template
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => {
          del.reset();
          setOpen(false);
        }}
        onConfirm={() => del.mutate(undefined)}
        title={`Delete “${name}”?`}
        description="The template disappears from your list and can no longer be sent. Documents already sent from it are not affected."
        confirmLabel="Delete template"
        pendingLabel="Deleting…"
        pending={del.isPending}
        error={del.error?.message}
      />
    </>
  );
}
