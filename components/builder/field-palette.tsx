"use client";

import { PALETTE, type PaletteKind } from "./builder-model";
import { PALETTE_MIME } from "./page-canvas";

/**
 * Drag an item onto a page to place it there; pressing it (mouse or
 * keyboard) places it in the middle of the current page instead.
 */
export function FieldPalette({ allowMerge, onAdd, disabled }: { allowMerge: boolean; onAdd: (kind: PaletteKind) => void; disabled?: boolean }) {
  const kinds = PALETTE.filter((p) => allowMerge || !p.kind.startsWith("merge_"));
  return (
    <section aria-labelledby="palette-title" className="space-y-2">
      <h2 id="palette-title" className="text-sm font-semibold text-slate-900">
        Fields
      </h2>
      <p className="text-xs text-slate-600">Drag onto a page, or press to add to the current page.</p>
      <ul className="grid grid-cols-2 gap-2">
        {kinds.map((p) => (
          <li key={p.kind}>
            <button
              type="button"
              draggable={!disabled}
              disabled={disabled}
              data-palette={p.kind}
              onDragStart={(e) => {
                e.dataTransfer.setData(PALETTE_MIME, p.kind);
                e.dataTransfer.effectAllowed = "copy";
              }}
              onClick={() => onAdd(p.kind)}
              className={`w-full cursor-grab rounded-md px-2 py-1.5 text-left text-xs font-medium ring-1 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 ${
                p.kind.startsWith("merge_") ? "border-dashed text-slate-700 ring-slate-400" : "text-slate-800 ring-slate-300"
              }`}
            >
              {p.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
