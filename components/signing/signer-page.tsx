"use client";

import type { SignerView } from "@/lib/api/signing";
import { FinishedState } from "./finished-state";
import { PinGate } from "./pin-gate";
import { SigningSession } from "./signing-session";

/**
 * The signer's page: nothing to do (done, closed, waiting), the PIN gate, or
 * the document to fill in and sign. `view` comes from the server page.
 */
export function SignerPage({ view }: { view: SignerView }) {
  switch (view.turn) {
    case "done":
      return <FinishedState view={view} kind={view.signer.status === "declined" ? "declined" : "signed"} />;
    case "closed":
      return <FinishedState view={view} kind="closed" />;
    case "waiting":
      return <FinishedState view={view} kind="waiting" />;
    case "yours":
      // Keyed by signer: in-person signing hands one device from signer to signer.
      return view.pin.required ? <PinGate key={view.signer.id} view={view} /> : <SigningSession key={view.signer.id} view={view} />;
  }
}
