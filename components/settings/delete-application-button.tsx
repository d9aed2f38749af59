"use client";

import type { ActionResult } from "@/components/dashboard/action-result";
import { ConfirmedRemovalButton } from "./confirmed-removal-button";

/** Deleting an application also revokes every token issued to it, so it asks first. */
export function DeleteApplicationButton({ name, remove }: { name: string; remove: () => Promise<ActionResult<null>> }) {
  return (
    <ConfirmedRemovalButton
      name={name}
      remove={remove}
      verb="Delete"
      pendingLabel="Deleting…"
      noun="application"
      done="deleted"
      consequence={
        <>
          <strong>{name}</strong> will stop working at once: every access and refresh token issued to it is revoked.
        </>
      }
    />
  );
}
