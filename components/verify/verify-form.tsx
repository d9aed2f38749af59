"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { VerificationReport } from "./report-types";
import { ReportDetails } from "./report-details";

export function VerifyForm() {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<"check" | "pdf" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<VerificationReport | null>(null);

  /** The same check as POST /verify; `pdf`: the report as a PDF file instead. */
  async function post(pdf: boolean): Promise<Response | null> {
    if (!file) {
      setError("Choose a PDF file to verify.");
      return null;
    }
    setError(null);
    try {
      const res = await fetch("/verify/check", {
        method: "POST",
        body: file,
        headers: { "Content-Type": "application/pdf", Accept: pdf ? "application/pdf" : "application/json" },
      });
      if (res.ok) return res;
      const body = await res.json().catch(() => ({}));
      setError(body.error ?? "The file could not be checked.");
    } catch {
      setError("The check could not reach the server. Try again.");
    }
    return null;
  }

  async function check(e: React.FormEvent) {
    e.preventDefault();
    setBusy("check");
    setReport(null);
    const res = await post(false);
    if (res) setReport((await res.json()) as VerificationReport);
    setBusy(null);
  }

  async function downloadPdf() {
    setBusy("pdf");
    const res = await post(true);
    if (res) {
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = `verification-report-${report?.file.sha256.slice(0, 12) ?? "file"}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
    setBusy(null);
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
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
            }}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
          />
        </div>
        <Button type="submit" disabled={busy !== null}>
          {busy === "check" ? "Checking…" : "Verify"}
        </Button>
      </form>
      <div aria-live="polite" className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        {report ? (
          <>
            <ReportDetails report={report} />
            <Button type="button" variant="secondary" onClick={downloadPdf} disabled={busy !== null}>
              {busy === "pdf" ? "Preparing the report…" : "Download this report (PDF)"}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
