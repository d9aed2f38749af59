"use client";

import { useState } from "react";
import type { Profile, SavedSignatureKind } from "@/lib/api/profile";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { SavedSignatureEditor } from "./saved-signature-editor";

type Actions = {
  save: (kind: SavedSignatureKind, body: { image: string }) => Promise<ActionResult<Profile>>;
  remove: (kind: SavedSignatureKind) => Promise<ActionResult<Profile>>;
};

/** The saved signature and initials, each shown, replaced or removed on its own. */
export function SavedSignatures({ profile, ...actions }: { profile: Profile } & Actions) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <SavedImage kind="signature" url={profile.saved_signature_url} name={profile.name} {...actions} />
      <SavedImage kind="initials" url={profile.saved_initials_url} name={profile.name} {...actions} />
    </div>
  );
}

function SavedImage({ kind, url, name, save, remove }: { kind: SavedSignatureKind; url: string | null; name: string } & Actions) {
  const [editing, setEditing] = useState(false);
  const title = kind === "signature" ? "Signature" : "Initials";
  const noun = kind === "signature" ? "signature" : "initials";
  const removal = useActionMutation(() => remove(kind), {
    success: kind === "signature" ? "Signature removed" : "Initials removed",
    failure: kind === "signature" ? "Signature not removed" : "Initials not removed",
  });
  const headingId = `saved-${kind}-title`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={`saved-${kind}`}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {editing ? (
        <SavedSignatureEditor kind={kind} name={name} save={save} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className="flex h-24 items-center justify-center rounded-md bg-slate-50 p-2 ring-1 ring-inset ring-slate-200">
            {url ? (
              // eslint-disable-next-line @next/next/no-img-element -- a signed address of our own file
              <img src={url} alt={`Your saved ${noun}`} className="max-h-full max-w-full object-contain" />
            ) : (
              <p className="text-sm text-slate-600">No {noun} saved yet.</p>
            )}
          </div>
          {removal.error ? <p className="text-sm text-red-700">{removal.error.message}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
              {url ? `Replace ${noun}` : `Add ${noun}`}
            </Button>
            {url ? (
              <Button type="button" variant="secondary" disabled={removal.isPending} aria-busy={removal.isPending} onClick={() => removal.mutate(undefined)}>
                {removal.isPending ? "Removing…" : `Remove ${noun}`}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
