"use client";

import { useEffect, useRef, useState } from "react";
import type { SignerView, SigningMessage, SigningResult } from "@/lib/api/signing";
import { SignerHeader } from "./signer-header";
import { CompletionNotice } from "./completion-notice";
import { useSignerStatus } from "./use-signer-status";

export type FinishedKind = "signed" | "declined" | "waiting" | "closed";

const REDIRECT_SECONDS = 4;

const closedReasons: Record<string, string> = {
  voided: "The sender voided it.",
  expired: "It expired before it was signed.",
  executed: "Everyone has signed it.",
  declined: "A signer declined it.",
  draft: "It has not been sent yet.",
};

/** Only web addresses are followed; anything else (javascript:, data:) is ignored. */
function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

const isFramed = () => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
};

/**
 * The end of the signer's visit, or why there is nothing to sign now. With a
 * `result` (just signed or declined here) it tells an embedding page, follows
 * the redirect, or offers the next in-person signer.
 */
export function FinishedState({ view, kind, result = null }: { view: SignerView; kind: FinishedKind; result?: SigningResult | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [nextUrl, setNextUrl] = useState<string | null>(null);
  const announced = useRef<SigningResult | null>(null);
  const name = `“${view.document.name}”`;
  const signer = useSignerStatus(view, kind === "signed", kind === "signed" && result ? result.state : null);
  const self = view.signer.isSender;

  useEffect(() => {
    if (!result || announced.current === result) return;
    announced.current = result; // once per result, also under StrictMode's double effects
    headingRef.current?.focus();
    const framed = isFramed();
    if (framed && (kind === "signed" || kind === "declined")) {
      const message: SigningMessage = {
        type: kind === "signed" ? "signing.completed" : "signing.declined",
        documentId: view.document.id,
        signerId: view.signer.id,
      };
      // The embedding origin is not known; the message carries no secret.
      window.parent.postMessage(message, "*");
    }
    const next = safeUrl(result.nextSignerUrl);
    setNextUrl(next);
    if (!framed && !next) setRedirectTo(safeUrl(result.redirectUrl));
  }, [result, kind, view.document.id, view.signer.id]);

  useEffect(() => {
    if (!redirectTo) return;
    if (seconds <= 0) {
      window.location.assign(redirectTo);
      return;
    }
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [redirectTo, seconds]);

  let title: string;
  let body: string;
  switch (kind) {
    case "signed":
      title = `You have signed ${name}`;
      body =
        signer.status.state === "executed"
          ? "Everyone has signed now, so the document is complete."
          : result
            ? `Thank you, ${view.signer.name}.${self ? "" : ` ${view.sender.name || "The sender"} will be told that you signed.`}`
            : "There is nothing more for you to do here.";
      break;
    case "declined":
      title = `You declined ${name}`;
      body = self ? "The other signers can no longer sign it; your reason is in its history." : `${view.sender.name || "The sender"} has been told, with your reason.`;
      break;
    case "waiting":
      title = `Waiting for ${view.waitingFor ?? "an earlier signer"} to sign first`;
      body = "Signers take turns on this document. Open this link again once it is your turn.";
      break;
    case "closed":
      title = "This document is no longer open for signing";
      body = closedReasons[view.document.state] ?? "It cannot be signed here any more.";
      break;
  }
  const good = kind === "signed";

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col justify-center px-4 py-10">
      <div className="space-y-5 rounded-xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200 sm:p-6">
        <div
          aria-hidden="true"
          className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full text-2xl ${good ? "bg-emerald-100 text-emerald-700" : kind === "declined" ? "bg-red-100 text-red-700" : "bg-slate-100 text-slate-600"}`}
        >
          {good ? "✓" : kind === "declined" ? "✕" : kind === "waiting" ? "…" : "!"}
        </div>
        <div role="status" className="space-y-2">
          <h1 ref={headingRef} tabIndex={-1} className="break-words text-xl font-semibold text-slate-900 outline-none">
            {title}
          </h1>
          <p className="text-sm text-slate-600">{body}</p>
        </div>
        {kind === "waiting" || kind === "closed" ? <SignerHeader view={view} compact /> : null}
        {kind === "signed" ? <CompletionNotice view={view} signer={signer} /> : null}

        {nextUrl ? (
          <div className="space-y-3 rounded-lg bg-brand-50 p-4 ring-1 ring-inset ring-brand-100">
            <h2 className="text-base font-semibold text-brand-700">Hand the device to the next signer</h2>
            <a
              href={nextUrl}
              className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Start signing as the next signer
            </a>
          </div>
        ) : null}

        {redirectTo ? (
          <p className="text-sm text-slate-600">
            Taking you back in {Math.max(seconds, 0)} s…{" "}
            <a href={redirectTo} className="font-semibold text-brand-700 underline underline-offset-2">
              Continue now
            </a>
          </p>
        ) : null}
      </div>
    </main>
  );
}
