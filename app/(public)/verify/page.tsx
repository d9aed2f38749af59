import type { Metadata } from "next";
import { VerifyForm } from "@/components/verify/verify-form";

export const metadata: Metadata = { title: "Verify a signed PDF" };

/** Public: anyone may check whether a PDF is one this service executed, unaltered. */
export default function VerifyPage() {
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-brand-600">Signing Service</p>
        <h1 className="text-2xl font-semibold">Verify a signed PDF</h1>
        <p className="text-sm text-slate-600">
          Upload a signed PDF or a signed PDF with its certificate. We compare its SHA-256 fingerprint with the documents this
          service executed; the file never leaves this check and is not stored.
        </p>
      </header>
      <VerifyForm />
    </main>
  );
}
