"use client";

import { useEffect, useRef } from "react";
import type { Application } from "@/lib/api/ext";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/** The one time an application's secret is shown: copy it now, it cannot be shown again. */
export function NewApplicationCredentials({ app, onDone }: { app: Application; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form was replaced by this panel: move focus here so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="new-application-credentials">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-amber-900 outline-none">
        “{app.name}” is ready
      </h3>
      <p role="alert" className="text-sm text-amber-900">
        Copy the client secret now. It is shown only this once; if it is lost, create a new application.
      </p>
      <dl className="space-y-3 text-sm">
        <Credential label="Client ID" value={app.client_id} />
        {app.client_secret ? <Credential label="Client secret" value={app.client_secret} /> : null}
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-amber-900">Redirect URI</dt>
          <dd className="break-all">{app.redirect_uri}</dd>
        </div>
      </dl>
      <Button type="button" onClick={onDone}>
        I have saved the secret
      </Button>
    </div>
  );
}

function Credential({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-amber-900">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 ring-1 ring-amber-200" data-testid={label === "Client secret" ? "client-secret" : "client-id"}>
          {value}
        </code>
        <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
      </dd>
    </div>
  );
}
