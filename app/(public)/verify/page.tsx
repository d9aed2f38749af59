import type { Metadata } from "next";
import { VerifyForm } from "@/components/verify/verify-form";
import { getDb } from "@/lib/server/db/client";
import { getDocumentStatus, type DocumentStatus } from "@/lib/server/verify/get-document-status";

export const metadata: Metadata = { title: "Verify a signed PDF" };

/**
 * Public: anyone may check whether a PDF is one this service executed,
 * unaltered, and get the verification report. `?document=<id>` is the address
 * printed on every executed page and in the certificate's QR code.
 */
export default async function VerifyPage({ searchParams }: { searchParams: Promise<{ document?: string | string[] }> }) {
  const { document: id } = await searchParams;
  const lookup = typeof id === "string" && id ? { id, status: await getDocumentStatus(await getDb(), id) } : null;
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-brand-600">Signing Service</p>
        <h1 className="text-2xl font-semibold">Verify a signed PDF</h1>
        <p className="text-sm text-slate-600">
          Upload a signed PDF or a signed PDF with its certificate. We check each digital signature in it, compare its SHA-256
          fingerprint with the documents this service executed and check the document&apos;s audit chain; the file is not stored.
          Machines can send the file to <code className="text-xs">POST /verify</code> for the same report as JSON.
        </p>
      </header>
      {lookup ? <DocumentLookup id={lookup.id} status={lookup.status} /> : null}
      <VerifyForm />
    </main>
  );
}

function DocumentLookup({ id, status }: { id: string; status: DocumentStatus | null }) {
  if (!status) {
    return (
      <section className="rounded-lg bg-white p-4 text-sm ring-1 ring-amber-300">
        <p role="status" className="font-semibold text-amber-800 [overflow-wrap:anywhere]">
          {`No document of this service has the id ${id}.`}
        </p>
      </section>
    );
  }
  const executed = status.state === "executed";
  return (
    <section aria-labelledby="lookup" className="space-y-2 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200">
      <h2 id="lookup" className="font-semibold">
        Document {status.id}
      </h2>
      <p role="status">
        {executed
          ? `Executed by this service on ${status.executedAt?.toUTCString() ?? "—"}${status.signatureLevel ? `, sealed at PAdES ${status.signatureLevel}` : ""}.`
          : `This document of the service is ${status.state}, not executed.`}
      </p>
      {status.signedPdfSha256 ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 [overflow-wrap:anywhere]">
          <dt className="text-slate-500">Signed PDF (SHA-256)</dt>
          <dd className="font-mono text-xs">{status.signedPdfSha256}</dd>
          <dt className="text-slate-500">With certificate</dt>
          <dd className="font-mono text-xs">{status.mergedPdfSha256}</dd>
        </dl>
      ) : null}
      <p className="text-slate-600">To check a copy you hold, upload it below.</p>
    </section>
  );
}
