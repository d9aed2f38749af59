"use client";

import { useState } from "react";
import { formatDateTime } from "@/components/dashboard/format";
import { useTimeZone } from "@/components/dashboard/time-zone";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { OutboxEmail } from "./outbox-table";

/** Opens one e-mail of the outbox to read its text. */
export function OutboxMessageButton({ email }: { email: OutboxEmail }) {
  const [open, setOpen] = useState(false);
  const zone = useTimeZone();
  return (
    <>
      <Button type="button" variant="secondary" className="px-3 py-1.5" onClick={() => setOpen(true)}>
        Read<span className="sr-only"> “{email.subject}”</span>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={email.subject}
        wide
        description={
          <>
            To {email.to} · {email.status}
            {email.sent_at ? ` · sent ${formatDateTime(email.sent_at, "—", zone)}` : ` · created ${formatDateTime(email.created_at, "—", zone)}`}
          </>
        }
      >
        {email.error ? <p className="text-sm text-red-700">Delivery error: {email.error}</p> : null}
        <pre data-testid="outbox-message-text" className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-sans text-sm text-slate-800">
          {email.text}
        </pre>
        <div className="flex justify-end">
          <Button type="button" onClick={() => setOpen(false)} autoFocus>
            Close
          </Button>
        </div>
      </Dialog>
    </>
  );
}
