"use client";

import { useLayoutEffect, useRef, useState, type RefObject } from "react";

/** Zoom steps in percent of the width available to the pages (100 % = the pages fit the screen). */
export const ZOOM_STEPS = [50, 75, 100, 125, 150, 200, 300] as const;

type Anchor = { zoom: number; centreY: number; centreX: number };

/**
 * The zoom of the page viewer. Zooming keeps the point in the middle of the
 * screen where it was: its place in the pages (a fraction, as everything on
 * them scales with the width) is noted before the change and scrolled back to
 * after it. `scroller` is the viewer's sideways-scrolling box.
 */
export function useZoom(scroller: RefObject<HTMLElement | null>) {
  const [zoom, setZoom] = useState<number>(100);
  const anchor = useRef<Anchor | null>(null);

  function change(next: number) {
    const box = scroller.current;
    if (box && next !== zoom) {
      const top = box.getBoundingClientRect().top + window.scrollY;
      anchor.current = {
        zoom,
        centreY: (window.scrollY + window.innerHeight / 2 - top) / Math.max(1, box.scrollHeight),
        centreX: (box.scrollLeft + box.clientWidth / 2) / Math.max(1, box.scrollWidth),
      };
    }
    setZoom(next);
  }

  useLayoutEffect(() => {
    const box = scroller.current;
    const a = anchor.current;
    anchor.current = null;
    if (!box || !a || a.zoom === zoom) return;
    const top = box.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: Math.max(0, top + a.centreY * box.scrollHeight - window.innerHeight / 2), behavior: "instant" });
    box.scrollLeft = Math.max(0, a.centreX * box.scrollWidth - box.clientWidth / 2);
  }, [zoom, scroller]);

  const at = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);
  return {
    zoom,
    canZoomIn: at < ZOOM_STEPS.length - 1,
    canZoomOut: at > 0,
    zoomIn: () => change(ZOOM_STEPS[Math.min(at + 1, ZOOM_STEPS.length - 1)]!),
    zoomOut: () => change(ZOOM_STEPS[Math.max(at - 1, 0)]!),
    reset: () => change(100),
  };
}

const buttonClass =
  "inline-flex h-11 min-w-11 items-center justify-center rounded-md px-2 text-lg font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:ring-slate-200 sm:h-9 sm:min-w-9";

/** − 100 % + : zoom out, the zoom (press: back to fit the width), zoom in. Pinch zoom works as well. */
export function ZoomControls({ z }: { z: ReturnType<typeof useZoom> }) {
  return (
    <div role="group" aria-label="Zoom" className="flex items-center justify-end gap-1.5">
      <button type="button" onClick={z.zoomOut} disabled={!z.canZoomOut} aria-label="Zoom out" className={buttonClass}>
        <span aria-hidden="true">−</span>
      </button>
      <button
        type="button"
        onClick={z.reset}
        aria-label={`${z.zoom}% (fit to width)`}
        title="Fit to width"
        className={`${buttonClass} min-w-16 text-sm tabular-nums`}
      >
        {z.zoom}%
      </button>
      <button type="button" onClick={z.zoomIn} disabled={!z.canZoomIn} aria-label="Zoom in" className={buttonClass}>
        <span aria-hidden="true">+</span>
      </button>
      <span role="status" className="sr-only">
        {`Zoom ${z.zoom}%`}
      </span>
    </div>
  );
}
