"use client";

import { useId, useState, type ChangeEvent } from "react";
import { Spinner } from "./spinner";
import { toPngDataUrl } from "./image-utils";

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ["image/png", "image/jpeg"];

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("decode"));
    };
    img.src = url;
  });
}

/** Pick a PNG or JPEG of a signature; it is scaled to at most 1200 px wide and turned into a PNG. */
export function UploadSignature({ kind, onChange }: { kind: "signature" | "initials"; onChange: (dataUrl: string | null) => void }) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setError(null);
    setPreview(null);
    onChange(null);
    if (!file) return;
    const typeOk = ACCEPTED.includes(file.type) || (!file.type && /\.(png|jpe?g)$/i.test(file.name));
    if (!typeOk) {
      setError("Choose a PNG or JPEG image.");
      e.target.value = "";
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(`That image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 5 MB. Choose a smaller one.`);
      e.target.value = "";
      return;
    }
    setBusy(true);
    try {
      const img = await loadImage(file);
      const url = toPngDataUrl(img, 1200);
      if (!url) throw new Error("encode");
      setPreview(url);
      onChange(url);
    } catch {
      setError("That image could not be read. Try another PNG or JPEG file.");
      e.target.value = "";
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {kind === "signature" ? "Image of your signature" : "Image of your initials"}
        </label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          onChange={onFile}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          PNG or JPEG, up to 5 MB. A dark signature on a white or clear background works best.
        </p>
      </div>
      <div aria-live="polite">
        {busy ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Preparing the image…
          </p>
        ) : error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      {preview ? (
        <div className="flex h-32 items-center justify-center rounded-md bg-white p-2 ring-1 ring-inset ring-slate-300">
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on this page */}
          <img src={preview} alt={`Preview of the uploaded ${kind}`} className="max-h-full max-w-full object-contain" />
        </div>
      ) : null}
    </div>
  );
}
