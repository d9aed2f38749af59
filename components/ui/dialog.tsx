"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog>: showModal() makes the page behind inert
 * and keeps Tab inside, Escape closes, and the browser returns focus to the
 * opener. Controlled by `open`; the content is mounted only while open.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = `${titleId}-desc`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      // Escape: let React state close it, so `open` stays the single source of truth.
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the <dialog> element itself.
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 ${wide ? "max-w-3xl" : "max-w-md"}`}
    >
      {open ? (
        <div className="space-y-4 p-5 sm:p-6">
          <div className="space-y-1">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <div id={descId} className="text-sm text-slate-600">
                {description}
              </div>
            ) : null}
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
