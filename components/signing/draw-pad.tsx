"use client";

import SignaturePad from "signature_pad";
import { useEffect, useRef, useState } from "react";
import { toPngDataUrl, trimCanvas } from "./image-utils";

/**
 * Draw with a mouse, pen or finger. The canvas is sized to its box times the
 * device pixel ratio, and keeps its strokes when the box is resized. Reports
 * the drawing, cut to its ink, as a PNG data URL (null when empty).
 */
export function DrawPad({ kind, onChange }: { kind: "signature" | "initials"; onChange: (dataUrl: string | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: "#0b1d51", minWidth: 0.8, maxWidth: 2.8, backgroundColor: "rgba(0,0,0,0)" });
    padRef.current = pad;

    const emit = () => {
      const trimmed = pad.isEmpty() ? null : trimCanvas(canvas);
      setEmpty(!trimmed);
      onChangeRef.current(trimmed ? toPngDataUrl(trimmed, 1200) : null);
    };

    let lastWidth = 0;
    let lastRatio = 0;
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      if (width === 0 || (width === lastWidth && ratio === lastRatio)) return;
      lastWidth = width;
      lastRatio = ratio;
      const data = pad.toData();
      canvas.width = width * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    pad.addEventListener("endStroke", emit);
    return () => {
      observer.disconnect();
      pad.removeEventListener("endStroke", emit);
      pad.off();
      padRef.current = null;
    };
  }, []);

  function clear() {
    padRef.current?.clear();
    setEmpty(true);
    onChangeRef.current(null);
  }

  return (
    <div className="space-y-2">
      <div className="relative">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Drawing area for your ${kind}`}
          className={`block w-full touch-none rounded-md bg-white ring-1 ring-inset ring-slate-300 ${kind === "signature" ? "h-40" : "h-32"}`}
        />
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-6 bottom-8 border-b border-dashed border-slate-300" />
        {empty ? (
          <p aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-3 text-center text-sm text-slate-500">
            Draw your {kind} here
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">Use a mouse, pen or finger. With a keyboard, use the Type tab.</p>
        <button
          type="button"
          onClick={clear}
          disabled={empty}
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Clear
        </button>
      </div>
    </div>
  );
}
