"use client";

import { useId, useState } from "react";
import type { Profile, SavedSignatureKind } from "@/lib/api/profile";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { initialsOf } from "@/components/signing/field-utils";
import { nothingMade, SignatureMaker, type MadeSignature } from "@/components/signing/signature-maker";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * Makes a signature or initials with the signer page's own pads (draw, type,
 * upload) and saves it; the server re-encodes the image before storing it.
 */
export function SavedSignatureEditor({
  kind,
  name,
  save,
  onDone,
}: {
  kind: SavedSignatureKind;
  name: string;
  save: (kind: SavedSignatureKind, body: { image: string }) => Promise<ActionResult<Profile>>;
  onDone: () => void;
}) {
  const noun = kind === "signature" ? "signature" : "initials";
  const baseId = useId();
  const [made, setMade] = useState<MadeSignature>(() => nothingMade(kind));
  const candidate = made.image;
  const mutation = useActionMutation((image: string) => save(kind, { image }), {
    success: kind === "signature" ? "Signature saved" : "Initials saved",
    failure: kind === "signature" ? "Signature not saved" : "Initials not saved",
    onSuccess: onDone,
  });

  const onMade = (next: MadeSignature) => {
    setMade(next);
    // A new image makes the last failure's message stale.
    if (mutation.error) mutation.reset();
  };

  return (
    <div className="space-y-4" role="group" aria-label={`New ${noun}`}>
      <SignatureMaker kind={kind} defaultText={kind === "signature" ? name : initialsOf(name)} onChange={onMade} />
      {mutation.error ? <Alert>{mutation.error.message}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!candidate ? (
          <p id={`${baseId}-why`} className="text-xs text-slate-600 sm:mr-auto">
            {made.missing}
          </p>
        ) : null}
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={!candidate || mutation.isPending}
          aria-busy={mutation.isPending}
          aria-describedby={!candidate ? `${baseId}-why` : undefined}
          onClick={() => candidate && mutation.mutate(candidate)}
        >
          {mutation.isPending ? <Spinner /> : null}
          {kind === "signature" ? "Save signature" : "Save initials"}
        </Button>
      </div>
    </div>
  );
}
