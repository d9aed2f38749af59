"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { SignerStatus, SignerView } from "@/lib/api/signing";
import { fetchSignerStatus } from "./signing-api";

/** Asked every 2 s for the first minute while the signed PDF is being made, then every 10 s, for at most 15 minutes. */
const FAST_MS = 2000;
const SLOW_MS = 10_000;
const FAST_FOR_MS = 60_000;
const GIVE_UP_MS = 15 * 60_000;

/**
 * How the document stands for a signer who has signed. It starts from the
 * server's view (or, right after signing here, from the submit's answer and
 * one fresh read), and while the document is executed but its signed PDF
 * is still being made it asks again until the download address is there.
 * `refresh` fetches a new address (the old one expires after an hour).
 */
export function useSignerStatus(view: SignerView, active: boolean, justSignedState: string | null) {
  const [status, setStatus] = useState<SignerStatus>(() =>
    justSignedState ? { state: justSignedState, waitingFor: [], signedPdf: null } : view.completion,
  );
  const [loaded, setLoaded] = useState(!justSignedState);
  const [gaveUp, setGaveUp] = useState(false);
  const started = useRef(Date.now());
  // Behind a PIN that this browser has not given, only the e-mail carries the file.
  const canAsk = active && !view.pin.required;

  const refresh = useCallback(async () => {
    const res = await fetchSignerStatus(view.signer.id, view.accessToken);
    if (res.ok) {
      setStatus(res.data);
      setLoaded(true);
    }
    return res.ok ? res.data : null;
  }, [view.signer.id, view.accessToken]);

  // Right after signing here: one read for who is left (the page's view is from before the signature).
  useEffect(() => {
    if (canAsk && justSignedState) void refresh();
  }, [canAsk, justSignedState, refresh]);

  const preparing = canAsk && status.state === "executed" && !status.signedPdf;
  useEffect(() => {
    if (!preparing || gaveUp) return;
    const elapsed = Date.now() - started.current;
    if (elapsed > GIVE_UP_MS) {
      setGaveUp(true);
      return;
    }
    const t = setTimeout(() => void refresh().then((s) => (s ? undefined : setStatus((x) => ({ ...x })))), elapsed < FAST_FOR_MS ? FAST_MS : SLOW_MS);
    return () => clearTimeout(t);
  }, [preparing, gaveUp, status, refresh]);

  return { status, loaded, preparing: preparing && !gaveUp, gaveUp, canAsk, refresh };
}
