"use client";

import type { SignerView } from "@/lib/api/signing";
import type { MouseEvent } from "react";
import { DateFieldControl } from "./date-field";
import { boxStyle } from "./page-viewer";
import { fieldDomId, fieldErrorId, fieldLabel, isFilled, type SignerField } from "./field-utils";
import { fitTypedText, tooLongMessage } from "./text-fit";

type Page = SignerView["document"]["pages"][number];

// On phones (narrow screens or a coarse pointer) a field's hit area is at
// least 44 × 44 CSS px, centred on its box, without changing the box: an
// empty ::before of the holder catches taps around a small box and
// activateFromHitArea passes them on to the control. Controls sit at
// z-index 1, above every hit area, so a neighbour's margin never covers a
// box. (A Tailwind variant names one media condition, so the rules are
// written once for each.)
const HIT_AREA =
  "max-sm:before:absolute max-sm:before:left-1/2 max-sm:before:top-1/2 max-sm:before:h-full max-sm:before:min-h-[44px] max-sm:before:w-full max-sm:before:min-w-[44px] max-sm:before:-translate-x-1/2 max-sm:before:-translate-y-1/2 max-sm:before:content-[''] " +
  "pointer-coarse:before:absolute pointer-coarse:before:left-1/2 pointer-coarse:before:top-1/2 pointer-coarse:before:h-full pointer-coarse:before:min-h-[44px] pointer-coarse:before:w-full pointer-coarse:before:min-w-[44px] pointer-coarse:before:-translate-x-1/2 pointer-coarse:before:-translate-y-1/2 pointer-coarse:before:content-['']";

/** A tap on the holder itself (its enlarged hit area, outside the control): act as on the control. */
function activateFromHitArea(e: MouseEvent<HTMLDivElement>) {
  if (e.target !== e.currentTarget) return;
  const control = e.currentTarget.querySelector<HTMLInputElement | HTMLButtonElement>("input, button");
  if (!control || control.disabled) return;
  if (control instanceof HTMLInputElement && control.type !== "checkbox") control.focus();
  else control.click();
}

/**
 * One of this signer's fields, placed on its page: a text or date input, a
 * checkbox, or a button that opens the signature dialog.
 */
export function FieldOverlay({
  field,
  page,
  value,
  error,
  disabled,
  locale,
  onChange,
  onOpenSignature,
}: {
  field: SignerField;
  page: Page;
  value: string;
  error?: string;
  disabled?: boolean;
  /** Dates are written out in full in this locale. */
  locale: string;
  onChange: (value: string) => void;
  onOpenSignature: (field: SignerField) => void;
}) {
  const label = fieldLabel(field);
  // Typed text is sized by the signed PDF's own rule; text that would be cut there even at the smallest size is flagged (text-fit.ts).
  const fit = field.type === "text" ? fitTypedText(value, field, page) : null;
  if (!error && fit && !fit.fits) error = tooLongMessage;
  const filled = isFilled(field, value);
  const id = fieldDomId(field.id);
  const helpId = `${id}-help`;
  const describedBy = [error ? fieldErrorId(field.id) : null, field.help_text ? helpId : null].filter(Boolean).join(" ");
  const common = {
    id,
    disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;

  const tone = error
    ? "ring-red-600 bg-red-50/70"
    : filled
      ? "ring-emerald-600/70 bg-emerald-50/20"
      : field.required
        ? "ring-amber-500 bg-amber-100/70"
        : "ring-sky-500/80 bg-sky-50/60";

  let control;
  if (field.type === "signature" || field.type === "initials") {
    const action = field.type === "signature" ? "Sign" : "Initial";
    control = (
      <button
        {...common}
        type="button"
        aria-haspopup="dialog"
        aria-label={`${label}${field.required ? " (required)" : ""}: ${filled ? "added, activate to change" : action.toLowerCase()}`}
        onClick={() => onOpenSignature(field)}
        className="relative z-[1] flex h-full w-full cursor-pointer items-center justify-center overflow-hidden font-semibold text-amber-900"
      >
        {filled ? (
          // eslint-disable-next-line @next/next/no-img-element -- a data URL made on this page
          <img src={value} alt="" className="h-full w-full object-contain" draggable={false} />
        ) : (
          <span className="flex items-center gap-[0.25em] leading-none">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-[1em] w-[1em]">
              <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-8.5 8.5-3.6.8.8-3.6 8.5-8.5Z" />
              <path d="M3 17h14v1.5H3z" />
            </svg>
            {action}
          </span>
        )}
      </button>
    );
  } else if (field.type === "checkbox") {
    control = (
      <input
        {...common}
        type="checkbox"
        aria-label={label}
        required={field.required}
        checked={value === "true"}
        onChange={(e) => onChange(e.target.checked ? "true" : "false")}
        className="relative z-[1] m-0 h-full w-full cursor-pointer accent-brand-600"
      />
    );
  } else if (field.type === "date") {
    control = (
      <DateFieldControl
        inputProps={common}
        label={label}
        required={field.required}
        value={value}
        locale={locale}
        chipBelow={field.y < 0.06}
        onChange={onChange}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        aria-label={label}
        required={field.required}
        placeholder={field.type === "text" ? label : undefined}
        autoComplete="off"
        dir="auto"
        maxLength={field.type === "text" ? 1000 : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        style={fit?.fontSize ? { fontSize: fit.fontSize } : undefined}
        className="relative z-[1] block h-full w-full min-w-0 border-0 bg-transparent px-[0.2em] py-0 leading-none text-slate-900 placeholder:text-slate-500/80"
      />
    );
  }

  return (
    // onClick: only taps on the enlarged margin reach it; the control inside takes the keyboard.
    <div
      className={`group absolute rounded-[2px] ring-2 ring-inset focus-within:z-20 ${HIT_AREA} ${tone}`}
      onClick={activateFromHitArea}
      style={boxStyle(field, page, field.type === "date" ? 0.55 : 0.62)}
      data-field-id={field.id}
      title={field.help_text || undefined}
    >
      {field.help_text ? (
        <span id={helpId} className="sr-only">
          {field.help_text}
        </span>
      ) : null}
      {field.required && !filled ? (
        <span aria-hidden="true" className="absolute -left-[0.35em] -top-[0.55em] z-[3] text-[max(0.9em,10px)] font-bold leading-none text-red-600">
          *
        </span>
      ) : null}
      {control}
      {error ? (
        <p
          id={fieldErrorId(field.id)}
          className={`absolute ${field.x + field.width / 2 > 0.5 ? "right-0" : "left-0"} top-full z-30 mt-1 w-max max-w-[min(16rem,80vw)] rounded bg-red-700 px-2 py-1 text-xs font-medium leading-snug text-white shadow`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
