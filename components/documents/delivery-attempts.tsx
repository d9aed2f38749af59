import { DateTime } from "@/components/dashboard/time-zone";

type Attempt = { status_code: number | null; duration_ms: number; error: string | null; response_excerpt: string | null; attempted_at: string };

/** Each attempt of one callback delivery: when, the answer's status, how long, and what came back. */
export function DeliveryAttempts({ attempts }: { attempts: Attempt[] }) {
  if (attempts.length === 0) return <p className="mt-2 text-xs text-slate-500">Not attempted yet.</p>;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm text-brand-700">Attempts</summary>
      <ol className="mt-2 space-y-2">
        {attempts.map((a, i) => (
          <li key={`${a.attempted_at}-${i}`} className="rounded bg-slate-50 p-2 text-xs">
            <p>
              <span className="font-medium"><DateTime value={a.attempted_at} /></span> · {a.status_code ? `HTTP ${a.status_code}` : "no answer"} · {a.duration_ms} ms
            </p>
            {a.error ? <p className="text-red-700">{a.error}</p> : null}
            {a.response_excerpt ? <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all text-slate-700">{a.response_excerpt}</pre> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
