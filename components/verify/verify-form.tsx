"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

// The answer of /verify/check (lib/server/completion/verify-document.ts):
// "public" for anyone (masked signers, audit events only), "full" for a
// signed-in user with access to the document.
type Match = {
  status: "match";
  access: "public" | "full";
  document: { id: string; name: string; executedAt: string | null; kind: "signed" | "merged"; dashboardPath?: string };
  audit: { time: string; keyword: string; actor: string | null; payload?: string; ipAddress?: string | null }[];
  signers: { name: string; email: string | null; signedAt: string | null }[];
};
type Result = Match | { status: "unknown" };

export function VerifyForm() {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  async function check(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setError("Choose a PDF file to verify.");
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const res = await fetch("/verify/check", { method: "POST", body: file, headers: { "Content-Type": "application/pdf" } });
      const body = await res.json();
      if (!res.ok) setError(body.error ?? "The file could not be checked.");
      else setResult(body as Result);
    } catch {
      setError("The check could not reach the server. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <form onSubmit={check} className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <div className="space-y-1">
          <label htmlFor="pdf" className="block text-sm font-medium text-slate-700">
            PDF file
          </label>
          <input
            id="pdf"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Checking…" : "Verify"}
        </Button>
      </form>
      <div aria-live="polite" className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        {result?.status === "unknown" ? (
          <Alert>
            Not verified: this file is not a document this service executed, or it was changed after signing (even one byte
            changes its fingerprint).
          </Alert>
        ) : null}
        {result?.status === "match" ? <MatchDetails result={result} /> : null}
      </div>
    </div>
  );
}

/** An event of the public trail, which has no texts: "signed by C*** C***". */
function describeEvent(a: Match["audit"][number]) {
  return a.actor ? `${a.keyword} by ${a.actor}` : a.keyword;
}

function MatchDetails({ result }: { result: Match }) {
  const { document: doc } = result;
  return (
    <section className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-emerald-300">
      <p role="status" className="font-semibold text-emerald-700">
        Verified: “{doc.name}” was executed by this service and this file is unaltered.
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Document id</dt>
        <dd className="font-mono">{doc.id}</dd>
        <dt className="text-slate-500">File</dt>
        <dd>{doc.kind === "merged" ? "signed PDF with signature certificate" : "signed PDF"}</dd>
        <dt className="text-slate-500">Executed</dt>
        <dd>{doc.executedAt ? new Date(doc.executedAt).toUTCString() : "—"}</dd>
      </dl>
      <div>
        <h2 className="mb-1 text-sm font-medium">Signers</h2>
        <ul className="text-sm">
          {result.signers.map((s, i) => (
            <li key={i}>
              {s.name} {s.email ? `(${s.email})` : ""} — {s.signedAt ? `signed ${new Date(s.signedAt).toUTCString()}` : "did not sign"}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="mb-1 text-sm font-medium">Audit trail</h2>
        <ol className="space-y-1 text-sm">
          {result.audit.map((a, i) => (
            <li key={i}>
              <span className="text-slate-500">{new Date(a.time).toUTCString()}</span> · {a.payload ?? describeEvent(a)}
              {a.ipAddress ? <span className="text-slate-500"> · {a.ipAddress}</span> : null}
            </li>
          ))}
        </ol>
      </div>
      {result.access === "full" ? (
        doc.dashboardPath ? (
          <p className="text-sm">
            <a className="text-brand-700 underline" href={doc.dashboardPath}>
              Open this document in the dashboard
            </a>
          </p>
        ) : null
      ) : (
        <p className="text-sm text-slate-600">
          Names and e-mail addresses are masked and the audit trail shows events only.{" "}
          <a className="text-brand-700 underline" href="/login?next=%2Fverify">
            Sign in
          </a>{" "}
          as the sender or a party the document is shared with to see the full audit trail.
        </p>
      )}
    </section>
  );
}
