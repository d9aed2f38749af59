"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * "Copy signing link" for one pending recipient (the sender's view only: the
 * link is the signer's credential). The clipboard can be refused (permissions,
 * an insecure origin, an old browser), so on failure the link is shown in a
 * read-only field, selected, to copy by hand.
 */
export function CopySigningLink({ url, signerName }: { url: string; signerName: string }) {
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
      setTimeout(() => setState((s) => (s === "copied" ? "idle" : s)), 2500);
    } catch {
      setState("manual");
      // After React has rendered the field.
      setTimeout(() => field.current?.select(), 0);
    }
  }

  return (
    <div className="space-y-1">
      <Button type="button" variant="secondary" className="px-3 py-1.5 whitespace-nowrap" onClick={copy}>
        {state === "copied" ? "Link copied" : "Copy signing link"}
        <span className="sr-only"> for {signerName}</span>
      </Button>
      <p aria-live="polite" className="text-xs text-slate-500">
        {state === "copied" ? "Anyone with this link can sign as them." : ""}
      </p>
      {state === "manual" ? (
        <div className="space-y-1">
          <label htmlFor={fieldId} className="block text-xs text-slate-600">
            Copying was blocked by the browser. Copy the signing link for {signerName} from here:
          </label>
          <input
            ref={field}
            id={fieldId}
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="block w-full min-w-0 rounded-md border-0 px-2 py-1 text-xs ring-1 ring-inset ring-slate-300"
          />
        </div>
      ) : null}
    </div>
  );
}
