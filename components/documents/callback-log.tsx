"use client";

import type { z } from "zod";
import type { callbackDeliverySchema } from "@/lib/api/ext";
import { ActionFailure, type ActionResult } from "@/components/dashboard/action-result";
import { formatDateTime } from "@/components/dashboard/format";
import { useTimeZone } from "@/components/dashboard/time-zone";
import { usePoll } from "@/components/dashboard/use-poll";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { DeliveryAttempts } from "./delivery-attempts";

export type Delivery = z.infer<typeof callbackDeliverySchema>;

const statusTone = { delivered: "success", failed: "danger", pending: "info" } as const;

/**
 * The callbacks sent for this document and every attempt. While a delivery
 * is still pending (retries run in the background) the log polls.
 */
export function CallbackLog({
  documentId,
  initial,
  load,
  redeliver,
}: {
  documentId: string;
  initial: Delivery[];
  load: () => Promise<ActionResult<Delivery[]>>;
  redeliver: (deliveryId: string) => Promise<ActionResult<null>>;
}) {
  const zone = useTimeZone();
  const query = usePoll(
    documentId,
    async () => {
      const r = await load();
      if (!r.ok) throw new ActionFailure(r.error);
      return r.data;
    },
    { initial, retry: 1, every: (data) => (data?.some((d) => d.status === "pending") ? 4000 : false) },
  );
  const mutation = useActionMutation(redeliver, {
    success: "Callback queued for redelivery",
    failure: "Callback not redelivered",
    onSuccess: query.refresh,
  });

  const deliveries = query.data ?? initial;
  if (deliveries.length === 0) {
    return <EmptyState title="No callbacks for this document.">Callbacks are sent when the document has a callback URL.</EmptyState>;
  }
  return (
    <div className="space-y-3">
      {query.error ? <p className="text-sm text-red-700">The log could not be refreshed: {query.error.message}</p> : null}
      <ul className="space-y-3">
        {deliveries.map((d) => (
          <li key={d.id} data-testid="callback-delivery" className="rounded-md p-3 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{d.event}</span>
                <Badge tone={statusTone[d.status as keyof typeof statusTone] ?? "neutral"}>{d.status}</Badge>
                <span className="text-xs text-slate-500">
                  {d.attempts.length} attempt{d.attempts.length === 1 ? "" : "s"}
                  {d.next_attempt_at && d.status === "pending" ? ` · next ${formatDateTime(d.next_attempt_at, "—", zone)}` : ""}
                </span>
              </div>
              <Button
                type="button"
                variant="secondary"
                className="px-3 py-1.5"
                disabled={mutation.isPending && mutation.variables === d.id}
                onClick={() => mutation.mutate(d.id)}
              >
                {mutation.isPending && mutation.variables === d.id ? <Spinner /> : null}
                Redeliver<span className="sr-only"> the {d.event} callback</span>
              </Button>
            </div>
            <p className="mt-1 break-all text-xs text-slate-500">{d.url}</p>
            {mutation.error && mutation.variables === d.id ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {mutation.error.message}
              </p>
            ) : null}
            <DeliveryAttempts attempts={d.attempts} />
          </li>
        ))}
      </ul>
    </div>
  );
}
