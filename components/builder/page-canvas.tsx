"use client";

import { useEffect, useRef, useState, type DragEvent } from "react";
import type { BuilderPage } from "@/lib/api/builder";
import { roleColour, type Box, type BuilderItem, type BuilderRole, type PaletteKind } from "./builder-model";
import { PlacedField } from "./placed-field";

export const PALETTE_MIME = "application/x-builder-field";

type Props = {
  pages: BuilderPage[];
  items: BuilderItem[];
  roles: BuilderRole[];
  zoom: number;
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  onDropNew: (kind: PaletteKind, at: { page: number; cx: number; cy: number }) => void;
  onChangeBox: (key: string, box: Box, gesture: string) => void;
  onDelete: (key: string) => void;
  onDuplicate: (key: string) => void;
};

/** The page images with their fields; a palette item dropped on a page is placed where it was dropped. */
export function PageCanvas({ pages, items, roles, zoom, selectedKey, onSelect, onDropNew, onChangeBox, onDelete, onDuplicate }: Props) {
  // At 100 % the widest page fills the column; other pages keep their size relative to it.
  const container = useRef<HTMLDivElement>(null);
  const [avail, setAvail] = useState(640);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => setAvail(Math.max(240, el.clientWidth - 32));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const widest = Math.max(1, ...pages.map((p) => p.width));

  function drop(e: DragEvent<HTMLDivElement>, page: number) {
    const kind = e.dataTransfer.getData(PALETTE_MIME) as PaletteKind;
    if (!kind) return;
    e.preventDefault();
    const r = e.currentTarget.getBoundingClientRect();
    onDropNew(kind, { page, cx: (e.clientX - r.left) / r.width, cy: (e.clientY - r.top) / r.height });
  }

  return (
    <div ref={container} className="space-y-6 overflow-auto rounded-lg bg-slate-100 p-4" data-testid="builder-pages">
      {pages.map((p, i) => {
        const n = i + 1;
        const width = Math.round((avail * zoom * p.width) / widest);
        return (
          <figure key={n} className="mx-auto space-y-1" style={{ width }}>
            <figcaption className="text-xs font-medium text-slate-600">
              Page {n} of {pages.length}
            </figcaption>
            <div
              data-page={n}
              aria-label={`Page ${n}`}
              role="group"
              className="relative bg-white shadow ring-1 ring-slate-300"
              style={{ width, height: Math.round((width * p.height) / p.width) }}
              onDragOver={(e) => {
                if (e.dataTransfer.types.includes(PALETTE_MIME)) e.preventDefault();
              }}
              onDrop={(e) => drop(e, n)}
              onPointerDown={(e) => {
                if (e.target === e.currentTarget || (e.target as HTMLElement).tagName === "IMG") onSelect(null);
              }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={p.image_url} alt="" draggable={false} className="pointer-events-none absolute inset-0 h-full w-full select-none" />
              {items
                .filter((it) => it.page === n)
                .map((it) => (
                  <PlacedField
                    key={it.key}
                    item={it}
                    others={items.filter((o) => o.page === n && o.key !== it.key)}
                    colour={roleColour(roles, it.role)}
                    roleLabel={it.role}
                    selected={it.key === selectedKey}
                    onSelect={() => onSelect(it.key)}
                    onChange={(box, gesture) => onChangeBox(it.key, box, gesture)}
                    onDelete={() => onDelete(it.key)}
                    onDuplicate={() => onDuplicate(it.key)}
                  />
                ))}
            </div>
          </figure>
        );
      })}
    </div>
  );
}
