"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { checkFile, formatBytes } from "./file-checks";

/**
 * File picker and drop zone. The <input type=file> stays in the page (visually
 * hidden, still focusable), so the keyboard and screen readers use the native
 * picker; dropping a file is a shortcut for the same thing. A file is passed
 * on only once it passed the checks; otherwise the reason is shown here.
 */
export function FileDrop({
  file,
  onFile,
  error,
  disabled,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [rejected, setRejected] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function take(candidate: File | undefined) {
    if (!candidate) return;
    setChecking(true);
    const problem = await checkFile(candidate);
    setChecking(false);
    setRejected(problem);
    // A refused file also clears an earlier choice, so what is shown is what will be sent.
    onFile(problem ? null : candidate);
    if (input.current) input.current.value = "";
  }

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    if (!disabled) void take(e.dataTransfer.files[0]);
  }

  const message = rejected ?? error;
  return (
    <div className="space-y-2" id="file">
      <div
        data-dropzone
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center focus-within:ring-2 focus-within:ring-brand-600 ${
          over ? "border-brand-500 bg-brand-50" : message ? "border-red-300 bg-red-50/40" : "border-slate-300 bg-white"
        }`}
      >
        <input
          ref={input}
          id={inputId}
          type="file"
          className="sr-only"
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          aria-describedby={message ? `${inputId}-error` : `${inputId}-hint`}
          aria-invalid={message ? true : undefined}
          disabled={disabled}
          onChange={(e) => void take(e.target.files?.[0])}
        />
        {file ? (
          <p className="text-sm text-slate-900" data-testid="chosen-file">
            <strong className="break-all">{file.name}</strong> <span className="text-slate-600">({formatBytes(file.size)})</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">Drop a file here, or</p>
        )}
        <div className="flex flex-wrap justify-center gap-2">
          <label
            htmlFor={inputId}
            className={`cursor-pointer rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 ${disabled ? "pointer-events-none opacity-50" : ""}`}
          >
            {file ? "Choose another file" : "Choose a file"}
          </label>
          {file ? (
            <Button type="button" variant="secondary" disabled={disabled} onClick={() => onFile(null)}>
              Remove file
            </Button>
          ) : null}
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {checking ? "Checking the file…" : "PDF, PNG or JPEG, up to 25 MB."}
        </p>
      </div>
      {message ? (
        <div id={`${inputId}-error`} className="space-y-1 text-sm text-red-700">
          {/* The refused file's reason and the form's own error ("choose a file") can both apply. */}
          {rejected ? <p role="alert">{rejected}</p> : null}
          {error && error !== rejected ? <p role="alert">{error}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
