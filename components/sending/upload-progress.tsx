"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatBytes } from "./file-checks";

/** Where the wizard is, from its own steps (create, upload) and then the sending request's status (spec 3.2). */
export type WizardRun =
  | { phase: "idle" }
  | { phase: "creating" }
  | { phase: "uploading"; id: string; loaded: number; total: number }
  | { phase: "starting"; id: string }
  | { phase: "following"; id: string; status: string }
  | { phase: "completed"; id: string; documentId: string }
  | { phase: "failed"; step: number; message: string };

const STEPS = [
  { status: "waiting_for_file", label: "Uploading the file" },
  { status: "downloading", label: "Checking the upload" },
  { status: "processing", label: "Processing the file" },
  { status: "creating_document", label: "Creating the document" },
  { status: "completed", label: "Completed" },
] as const;

/** The step a run is at (an index of STEPS). */
export function stepOf(run: WizardRun): number {
  switch (run.phase) {
    case "idle":
    case "creating":
    case "uploading":
      return 0;
    case "starting":
      return 1;
    case "following":
      return Math.max(1, STEPS.findIndex((s) => s.status === run.status));
    case "completed":
      return STEPS.length - 1;
    case "failed":
      return run.step;
  }
}

export function UploadProgress({ run, onRestart, onCancel }: { run: WizardRun; onRestart: () => void; onCancel: () => void }) {
  const panel = useRef<HTMLElement>(null);
  const active = run.phase !== "idle";
  // The panel is below a long form: bring it into view when a run starts (on a phone it is far down).
  useEffect(() => {
    if (active) panel.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [active]);
  if (run.phase === "idle") return null;
  const current = stepOf(run);
  const failed = run.phase === "failed";
  const pct = run.phase === "uploading" && run.total > 0 ? Math.round((run.loaded / run.total) * 100) : null;
  return (
    <section ref={panel} aria-labelledby="progress-title" className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200" data-testid="upload-progress">
      <h2 id="progress-title" className="font-medium text-slate-900">
        {failed ? "Sending stopped" : run.phase === "completed" ? "Done" : "Sending…"}
      </h2>
      <ol className="space-y-2" aria-live="polite">
        {STEPS.map((s, i) => {
          const state = i < current || run.phase === "completed" ? "done" : i === current ? (failed ? "failed" : "current") : "todo";
          return (
            <li key={s.status} className="flex items-center gap-2 text-sm" data-step={s.status} data-state={state} aria-current={state === "current" ? "step" : undefined}>
              <span aria-hidden="true" className="inline-flex size-5 items-center justify-center">
                {state === "done" ? "✓" : state === "failed" ? "✕" : state === "current" ? <Spinner /> : "○"}
              </span>
              <span className={state === "todo" ? "text-slate-500" : state === "failed" ? "font-medium text-red-700" : "text-slate-900"}>
                {s.label}
                <span className="sr-only"> ({state === "done" ? "done" : state === "failed" ? "failed" : state === "current" ? "in progress" : "to do"})</span>
              </span>
            </li>
          );
        })}
      </ol>
      {run.phase === "creating" ? <p className="text-sm text-slate-600">Creating the sending request…</p> : null}
      {run.phase === "uploading" ? (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct ?? 0}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${pct ?? 0}%` }} />
          </div>
          <div className="flex items-center justify-between text-xs text-slate-600">
            <span>
              {formatBytes(run.loaded)} of {formatBytes(run.total)} ({pct ?? 0}%)
            </span>
            <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={onCancel}>
              Cancel upload
            </Button>
          </div>
        </div>
      ) : null}
      {failed ? (
        <div className="space-y-3">
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200" data-testid="status-message">
            {run.message}
          </p>
          <Button type="button" onClick={onRestart}>
            Start again
          </Button>
          <p className="text-xs text-slate-500">Your file and answers are kept: change what needs changing and send again.</p>
        </div>
      ) : null}
      {run.phase === "completed" ? <p className="text-sm text-slate-700">Opening the document…</p> : null}
    </section>
  );
}
