"use client";

import { useEffect, useRef } from "react";
import type { ApiToken } from "@/lib/api/api-tokens";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** The one time a private token is shown: copy it now, it cannot be shown again. */
export function NewApiToken({ token, onDone }: { token: ApiToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was replaced by this panel: move focus here so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="new-api-token">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-amber-900 outline-none">
        “{token.name}” is ready
      </h3>
      <p role="alert" className="text-sm text-amber-900">
        Copy the token now. It is shown only this once; if it is lost, revoke it and create a new one.
      </p>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-amber-900">Token</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 ring-1 ring-amber-200" data-testid="api-token-value">
              {token.token}
            </code>
            <CopyButton value={token.token} label="Copy token" />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-amber-900">Scope</dt>
          <dd>{token.scope}</dd>
        </div>
      </dl>
      <p className="text-sm text-amber-900">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code> (or <code>Basic</code> with the token base64-encoded).
      </p>
      <Button type="button" onClick={onDone}>
        I have saved the token
      </Button>
    </div>
  );
}
