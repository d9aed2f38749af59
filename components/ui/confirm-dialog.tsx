"use client";

import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { Spinner } from "./spinner";

/**
 * "Are you sure?" for destructive actions. Stays open while the action runs
 * and shows its error inside, so a refusal is read where it was caused.
 */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  pendingLabel = "Working…",
  pending = false,
  error,
  tone = "danger",
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  error?: string | null;
  tone?: "danger" | "primary";
}) {
  return (
    <Dialog open={open} onClose={pending ? () => {} : onCancel} title={title} description={description}>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button type="button" variant={tone} onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending ? (
            <>
              <Spinner /> {pendingLabel}
            </>
          ) : (
            confirmLabel
          )}
        </Button>
      </div>
    </Dialog>
  );
}
