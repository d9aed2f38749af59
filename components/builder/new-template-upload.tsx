"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createTemplateUploadAction, getTemplateUploadAction, markTemplateUploadedAction } from "@/app/(dashboard)/templates/builder-actions";
import { FileDrop } from "@/components/sending/file-drop";
import { putFile } from "@/components/sending/put-file";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { TemplateUpload } from "@/lib/api/builder";

type Run = { phase: "idle" } | { phase: "uploading"; percent: number } | { phase: "processing" } | { phase: "failed"; message: string };

const unwrap = <T,>(r: { ok: true; data: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.data;
};

/** Waits for the processing job, then answers the upload's final state; `onProgress` sees each state on the way (pages stored so far). */
export async function followUpload(id: string, signal: { cancelled: boolean }, onProgress?: (upload: TemplateUpload) => void) {
  for (;;) {
    const upload = unwrap(await getTemplateUploadAction(id));
    if (upload.status === "completed" || upload.status === "errored" || signal.cancelled) return upload;
    onProgress?.(upload);
    await new Promise((r) => setTimeout(r, 800));
  }
}

/**
 * A new template starts from a file: it goes straight from the browser to
 * the signed upload address (with progress), is processed by the same
 * pipeline as sending requests, and the builder opens on its pages.
 */
export function NewTemplateUpload() {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [run, setRun] = useState<Run>({ phase: "idle" });
  const busy = run.phase === "uploading" || run.phase === "processing";

  async function start() {
    if (!file) return setRun({ phase: "failed", message: "Choose a PDF, PNG or JPEG file first." });
    try {
      setRun({ phase: "uploading", percent: 0 });
      const upload = unwrap(await createTemplateUploadAction(file.name));
      await putFile(upload.upload_url!, file, (loaded, total) => setRun({ phase: "uploading", percent: Math.round((loaded / Math.max(1, total)) * 100) }));
      setRun({ phase: "processing" });
      unwrap(await markTemplateUploadedAction(upload.id));
      const done = await followUpload(upload.id, { cancelled: false });
      if (done.status === "errored") return setRun({ phase: "failed", message: done.status_message ?? "The file could not be processed." });
      router.push(`/templates/new/${upload.id}`);
    } catch (e) {
      setRun({ phase: "failed", message: e instanceof Error ? e.message : String(e) });
    }
  }

  return (
    <div className="max-w-2xl space-y-4">
      <FileDrop file={file} onFile={setFile} disabled={busy} error={run.phase === "failed" ? run.message : undefined} />
      <p className="text-sm text-slate-600">
        Text tags in a PDF (for example <code>[[signature|Buyer]]</code>) become fields and roles; you can place every other field in the builder.
      </p>
      <Button type="button" onClick={() => void start()} disabled={busy || !file}>
        {busy ? <Spinner /> : null}
        Upload and open the builder
      </Button>
      {run.phase === "uploading" ? (
        <div className="space-y-1">
          <div role="progressbar" aria-label="Uploading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={run.percent} className="h-2 overflow-hidden rounded bg-slate-100">
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${run.percent}%` }} />
          </div>
          <p className="text-sm text-slate-600" aria-live="polite">
            Uploading… {run.percent} %
          </p>
        </div>
      ) : null}
      {run.phase === "processing" ? (
        <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
          <Spinner /> Processing the file (page images, text tags)…
        </p>
      ) : null}
      {run.phase === "failed" && !file ? <Alert>{run.message}</Alert> : null}
    </div>
  );
}
