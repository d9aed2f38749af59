"use client";

import { useState } from "react";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Spinner } from "@/components/ui/spinner";

const MASK = "whsec_••••••••••••••••••••••••";

/**
 * The account's callback signing secret (Standard Webhooks). It stays off the
 * page until "Reveal" or "Copy" asks the API for it; rotating replaces it at
 * once, so it asks first and then shows the new one.
 */
export function CallbackSecretPanel({
  reveal,
  rotate,
}: {
  reveal: () => Promise<ActionResult<string>>;
  rotate: () => Promise<ActionResult<string>>;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const revealing = useActionMutation(() => reveal(), {
    success: "Secret revealed",
    failure: "Secret not loaded",
    onSuccess: (s) => {
      setSecret(s);
      setShown(true);
    },
  });
  const rotating = useActionMutation(() => rotate(), {
    success: "Callback secret rotated",
    failure: "Secret not rotated",
    onSuccess: (s) => {
      setSecret(s);
      setShown(true);
      setConfirming(false);
    },
  });

  async function valueForCopy() {
    if (secret) return secret;
    const r = await reveal();
    if (!r.ok) return null;
    setSecret(r.data);
    return r.data;
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {/* (a code element cannot carry a name: it is said in hidden text before it) */}
        <span className="sr-only">{shown ? "Callback secret:" : "Callback secret (hidden):"}</span>
        <code data-testid="callback-secret" className="break-all rounded bg-slate-100 px-2 py-1 text-sm">
          {shown && secret ? secret : MASK}
        </code>
        <Button
          type="button"
          variant="secondary"
          className="px-3 py-1.5"
          disabled={revealing.isPending}
          aria-pressed={shown}
          onClick={() => (shown ? setShown(false) : secret ? setShown(true) : revealing.mutate(undefined))}
        >
          {revealing.isPending ? <Spinner /> : null}
          {shown ? "Hide" : "Reveal"}
        </Button>
        <CopyButton getValue={valueForCopy} label="Copy secret" />
        <Button type="button" variant="danger" className="px-3 py-1.5" onClick={() => (rotating.reset(), setConfirming(true))}>
          Rotate secret
        </Button>
      </div>
      {revealing.error ? <Alert>{revealing.error.message}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotating.mutate(undefined)}
        title="Rotate the callback secret?"
        description="Callbacks are signed with the new secret from now on. Receivers that still check the old one will reject them until you update them."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        pending={rotating.isPending}
        error={rotating.error?.message}
      />
    </div>
  );
}
