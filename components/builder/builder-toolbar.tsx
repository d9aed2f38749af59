"use client";

export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];

const btn = "rounded-md px-2.5 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

/** Undo/redo and zoom. */
export function BuilderToolbar(p: { canUndo: boolean; canRedo: boolean; onUndo: () => void; onRedo: () => void; zoom: number; onZoom: (z: number) => void }) {
  const i = ZOOMS.indexOf(p.zoom);
  return (
    <div role="toolbar" aria-label="Editing" className="flex flex-wrap items-center gap-2">
      <button type="button" className={btn} onClick={p.onUndo} disabled={!p.canUndo} aria-keyshortcuts="Control+Z">
        Undo
      </button>
      <button type="button" className={btn} onClick={p.onRedo} disabled={!p.canRedo} aria-keyshortcuts="Control+Shift+Z Control+Y">
        Redo
      </button>
      <span className="mx-1 h-5 w-px bg-slate-300" aria-hidden />
      <button type="button" className={btn} onClick={() => p.onZoom(ZOOMS[i - 1]!)} disabled={i <= 0} aria-label="Zoom out">
        −
      </button>
      <label className="text-sm">
        <span className="sr-only">Zoom</span>
        <select className="rounded-md border-0 py-1.5 pl-2 pr-7 text-sm ring-1 ring-inset ring-slate-300" value={p.zoom} onChange={(e) => p.onZoom(Number(e.target.value))}>
          {ZOOMS.map((z) => (
            <option key={z} value={z}>
              {Math.round(z * 100)} %
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={btn} onClick={() => p.onZoom(ZOOMS[i + 1]!)} disabled={i >= ZOOMS.length - 1} aria-label="Zoom in">
        +
      </button>
    </div>
  );
}
