"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SignerView, SigningResult } from "@/lib/api/signing";
import { isoDateOf } from "@/lib/api/signer-fields";
import { initialValues, isFilled, sortFields, valuesToSubmit, withToday, type FieldValues, type SignerField } from "./field-utils";
import { declineSigning, submitSigning, type CallFailure } from "./signing-api";

export type Outcome = { kind: "signed" | "declined"; result: SigningResult };
export type SubmitState = { status: "idle" } | { status: "pending" } | { status: "error"; error: CallFailure };
type Adopted = { signature: string | null; initials: string | null };

const draftKey = (signerId: string) => `signing-draft:${signerId}`;

/** Keeps what was entered in this tab's session storage, so a reload or a failed request loses nothing. */
function saveDraft(signerId: string, values: FieldValues) {
  try {
    sessionStorage.setItem(draftKey(signerId), JSON.stringify(values));
  } catch {
    // Full (large signature images) or unavailable (third-party iframe): keep the text answers only.
    try {
      const small = Object.fromEntries(Object.entries(values).filter(([, v]) => !v.startsWith("data:")));
      sessionStorage.setItem(draftKey(signerId), JSON.stringify(small));
    } catch {
      /* nothing to do */
    }
  }
}

function loadDraft(signerId: string): FieldValues | null {
  try {
    const raw = sessionStorage.getItem(draftKey(signerId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== "object") return null;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return null;
  }
}

function clearDraft(signerId: string) {
  try {
    sessionStorage.removeItem(draftKey(signerId));
  } catch {
    /* nothing to do */
  }
}

/** The signer's answers, progress, and the submit and decline calls. */
export function useSigningState(view: SignerView) {
  const signerId = view.signer.id;
  const fields = useMemo(() => sortFields(view.fields), [view.fields]);
  const [values, setValues] = useState<FieldValues>(() => initialValues(fields, view.signer));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [adopted, setAdopted] = useState<Adopted>({ signature: null, initials: null });
  const [submitState, setSubmitState] = useState<SubmitState>({ status: "idle" });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Saved only after the signer changed something, so the empty start never overwrites a draft.
  const dirty = useRef(false);
  const pending = useRef(false);

  useEffect(() => {
    // Signing-date fields get the browser's date here, after hydration (the server's "today" may be another day).
    const today = isoDateOf(new Date());
    setValues((v) => withToday(fields, v, today));
    const draft = loadDraft(signerId);
    if (!draft) return;
    const ids = new Set(fields.map((f) => f.id));
    setValues((v) => ({ ...v, ...Object.fromEntries(Object.entries(draft).filter(([id]) => ids.has(id))) }));
    const sig = fields.find((f) => f.type === "signature" && draft[f.id]?.startsWith("data:"));
    const ini = fields.find((f) => f.type === "initials" && draft[f.id]?.startsWith("data:"));
    setAdopted({ signature: sig ? draft[sig.id]! : null, initials: ini ? draft[ini.id]! : null });
  }, [signerId, fields]);

  useEffect(() => {
    if (dirty.current && !outcome) saveDraft(signerId, values);
  }, [signerId, values, outcome]);

  const setValue = useCallback((fieldId: string, value: string) => {
    dirty.current = true;
    setValues((v) => ({ ...v, [fieldId]: value }));
    setFieldErrors((e) => {
      if (!(fieldId in e)) return e;
      const { [fieldId]: _, ...rest } = e;
      return rest;
    });
    setSubmitState((s) => (s.status === "error" && s.error.field === fieldId ? { status: "idle" } : s));
  }, []);

  /** Puts a signature or initials image in a field (and, if asked, in the other empty ones of its kind) and adopts it. */
  const applySignature = useCallback(
    (field: SignerField, dataUrl: string, applyToOthers: boolean) => {
      const kind = field.type === "initials" ? "initials" : "signature";
      setAdopted((a) => ({ ...a, [kind]: dataUrl }));
      setValue(field.id, dataUrl);
      if (applyToOthers) {
        for (const f of fields) if (f.id !== field.id && f.type === kind && !isFilled(f, values[f.id])) setValue(f.id, dataUrl);
      }
    },
    [fields, values, setValue],
  );

  const required = fields.filter((f) => f.required);
  const requiredFilled = required.filter((f) => isFilled(f, values[f.id])).length;

  async function submit() {
    if (pending.current) return;
    pending.current = true;
    setSubmitState({ status: "pending" });
    const res = await submitSigning(signerId, view.accessToken, valuesToSubmit(fields, values));
    pending.current = false;
    if (res.ok) {
      clearDraft(signerId);
      setSubmitState({ status: "idle" });
      setOutcome({ kind: "signed", result: res.data });
      return;
    }
    if (res.field) setFieldErrors((e) => ({ ...e, [res.field!]: res.error }));
    setSubmitState({ status: "error", error: res });
  }

  async function decline(reason: string): Promise<CallFailure | null> {
    const res = await declineSigning(signerId, view.accessToken, reason);
    if (!res.ok) return res;
    clearDraft(signerId);
    setOutcome({ kind: "declined", result: res.data });
    return null;
  }

  return {
    fields,
    values,
    fieldErrors,
    adopted,
    setValue,
    applySignature,
    requiredCount: required.length,
    requiredFilled,
    submitState,
    submit,
    decline,
    outcome,
  };
}
