"use client";

import type { ActionResult } from "@/components/dashboard/action-result";
import { ConfirmedRemovalButton } from "./confirmed-removal-button";

/** Revoking cannot be undone (scripts using the token stop at once), so it asks first. */
export function RevokeApiTokenButton({ name, revoke }: { name: string; revoke: () => Promise<ActionResult<null>> }) {
  return (
    <ConfirmedRemovalButton
      name={name}
      remove={revoke}
      verb="Revoke"
      pendingLabel="Revoking…"
      noun="token"
      done="revoked"
      consequence={
        <>
          <strong>{name}</strong> stops working at once: every request made with it is refused.
        </>
      }
    />
  );
}
