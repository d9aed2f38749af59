"use client";

import { useLayoutEffect, useRef } from "react";
import { formatFullDate, isoDateOf } from "@/lib/api/signer-fields";

/**
 * A date field's control. The value stays yyyy-mm-dd (what the API and the
 * signed PDF use) in the browser's own date input, so typing, the picker and
 * screen readers work as everywhere; while it is not being edited, the box
 * shows the date written out in full in the signer's language ("25 November
 * 2026") over the input's own numeric rendering. While the field has the
 * focus a "Today" button sits next to it: one press fills in today's date.
 */
export function DateFieldControl({
  inputProps,
  label,
  required,
  value,
  locale,
  chipBelow,
  onChange,
}: {
  inputProps: { id: string; disabled?: boolean; "aria-invalid"?: boolean; "aria-describedby"?: string };
  label: string;
  required: boolean;
  value: string;
  locale: string;
  /** The field is near the top of its page: the Today button goes below it, else above. */
  chipBelow: boolean;
  onChange: (value: string) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const displayRef = useRef<HTMLSpanElement>(null);
  const full = value ? formatFullDate(value, locale) : null;
  const shown = full ?? (value || label);

  // A long month name in a narrow box: the written-out date is made smaller
  // (down to 60 %) rather than cut off. Everything on the page scales with its
  // width, so the ratio measured once holds at every zoom.
  useLayoutEffect(() => {
    const el = displayRef.current;
    if (!el) return;
    const fit = () => {
      el.style.fontSize = "";
      const ratio = el.scrollWidth > el.clientWidth ? el.clientWidth / el.scrollWidth : 1;
      el.style.fontSize = ratio < 1 ? `${Math.max(0.6, Math.floor(ratio * 100) / 100)}em` : "";
    };
    fit();
    void document.fonts?.ready.then(fit);
  }, [shown]);
  return (
    <>
      <input
        {...inputProps}
        ref={inputRef}
        type="date"
        aria-label={label}
        required={required}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="peer relative z-[1] block h-full w-full min-w-0 border-0 bg-transparent px-[0.2em] py-0 leading-none text-transparent focus:text-slate-900 [&::-webkit-calendar-picker-indicator]:opacity-0 focus:[&::-webkit-calendar-picker-indicator]:opacity-100"
      />
      <span
        ref={displayRef}
        aria-hidden="true"
        data-date-display=""
        className={`pointer-events-none absolute inset-0 z-[2] flex items-center overflow-hidden whitespace-nowrap px-[0.2em] leading-none peer-focus:invisible ${full ? "text-slate-900" : "text-slate-600"}`}
      >
        {shown}
      </span>
      <button
        type="button"
        disabled={inputProps.disabled}
        onMouseDown={(e) => e.preventDefault() /* keep the focus in the field, so the button stays */}
        onClick={() => {
          onChange(isoDateOf(new Date()));
          inputRef.current?.focus();
        }}
        className={`absolute left-0 z-30 hidden whitespace-nowrap rounded bg-brand-700 px-2 py-1 text-xs font-semibold leading-none text-white shadow hover:bg-brand-600 group-focus-within:inline-flex ${chipBelow ? "top-full mt-1" : "bottom-full mb-1"}`}
        style={{ fontSize: "12px" }}
      >
        Today<span className="sr-only"> for {label}</span>
      </button>
    </>
  );
}
