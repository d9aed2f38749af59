"use client";

import type { MouseEvent } from "react";
import type { SignerView } from "@/lib/api/signing";
import { Spinner } from "./spinner";
import type { useSignerStatus } from "./use-signer-status";

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

const endedBefore: Record<string, string> = {
  voided: "The sender then voided the document, so it will not be completed.",
  declined: "Another signer then declined the document, so it will not be completed.",
  expired: "The document then expired before everyone signed, so it will not be completed.",
};

/**
 * The part of the finished page about the rest of the document, for a
 * signer who signed: who still has to sign; once everyone has, the signed
 * PDF to download, or that it is being prepared (this part then turns into
 * the download button by itself) and that a link will also arrive by e-mail.
 */
export function CompletionNotice({ view, signer }: { view: SignerView; signer: ReturnType<typeof useSignerStatus> }) {
  const { status } = signer;
  const email = view.signer.email;

  if (status.state === "pending") {
    if (!signer.loaded || status.waitingFor.length === 0) return null;
    const n = status.waitingFor.length;
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-inset ring-slate-200" data-testid="still-to-sign">
        {n === 1 ? "1 more signer still has to sign" : `${n} more signers still have to sign`}: {list(status.waitingFor)}.{" "}
        {email ? "When everyone has signed, you will get the signed PDF by e-mail." : "When everyone has signed, the signed PDF can be downloaded here."}
      </p>
    );
  }

  if (status.state !== "executed") {
    const text = endedBefore[status.state];
    return text ? <p className="text-sm text-slate-700">{text}</p> : null;
  }

  if (status.signedPdf) {
    const pdf = status.signedPdf;
    // The address works for an hour; a page left open longer asks for a new one first.
    const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
      if (Date.parse(pdf.expiresAt) - Date.now() > 30_000) return;
      e.preventDefault();
      const fresh = await signer.refresh();
      if (fresh?.signedPdf) window.location.assign(fresh.signedPdf.url);
    };
    return (
      <div className="space-y-2 rounded-lg bg-emerald-50 p-4 ring-1 ring-inset ring-emerald-200">
        <p className="text-sm text-emerald-900">The signed PDF is ready. It carries a digital signature; keep a copy.</p>
        <a
          href={pdf.url}
          download
          onClick={onClick}
          className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
            <path d="M10 2.5a.75.75 0 0 1 .75.75v7.69l2.72-2.72a.75.75 0 1 1 1.06 1.06l-4 4a.75.75 0 0 1-1.06 0l-4-4a.75.75 0 0 1 1.06-1.06l2.72 2.72V3.25A.75.75 0 0 1 10 2.5Z" />
            <path d="M3.5 13.75a.75.75 0 0 1 1.5 0v1.5c0 .14.11.25.25.25h9.5a.25.25 0 0 0 .25-.25v-1.5a.75.75 0 0 1 1.5 0v1.5A1.75 1.75 0 0 1 14.75 17h-9.5A1.75 1.75 0 0 1 3.5 15.25v-1.5Z" />
          </svg>
          Download the signed PDF
        </a>
      </div>
    );
  }

  if (!signer.canAsk) {
    return <p className="text-sm text-slate-700">{email ? "A link to the signed PDF has been sent to you by e-mail." : "Ask the sender for a copy of the signed PDF."}</p>;
  }
  return (
    <div className="flex items-start gap-3 rounded-lg bg-slate-50 px-4 py-3 text-left text-sm text-slate-700 ring-1 ring-inset ring-slate-200" data-testid="signed-pdf-preparing">
      {signer.preparing ? (
        <span className="mt-0.5 text-brand-700">
          <Spinner />
        </span>
      ) : null}
      <p>
        {signer.gaveUp
          ? "The signed PDF is taking longer than usual to prepare."
          : "The signed PDF is being prepared; this usually takes less than a minute. A download button will appear here when it is ready."}
        {email ? " A link to it will also arrive by e-mail." : " Reload this page later to download it."}
      </p>
    </div>
  );
}
