"use client";

import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { clampBox, snapBox, TYPE_LABEL, type Box, type BuilderItem } from "./builder-model";

const STEP = 0.005; // 0.5 % of the page per arrow key; ×4 with Shift
const SNAP_PX = 6; // a dragged edge this close (screen pixels) to another field's edge joins it

type Props = {
  item: BuilderItem;
  /** The other fields on the same page, whose edges a drag snaps to. */
  others?: readonly Box[];
  colour: string;
  roleLabel: string;
  selected: boolean;
  onSelect: () => void;
  /** A new box; `gesture` groups one drag into one undo step. */
  onChange: (box: Box, gesture: string) => void;
  onDelete: () => void;
  onDuplicate: () => void;
};

/**
 * One field on a page: drag to move, drag the corner to resize; with the
 * keyboard, arrows move and Alt+arrows resize (Shift for bigger steps),
 * Delete removes and Ctrl+D copies.
 */
export function PlacedField({ item, others = [], colour, roleLabel, selected, onSelect, onChange, onDelete, onDuplicate }: Props) {
  const drag = useRef<{ mode: "move" | "resize"; x: number; y: number; box: Box; w: number; h: number; gesture: string } | null>(null);

  function start(e: PointerEvent<HTMLElement>, mode: "move" | "resize") {
    if (item.locked || e.button !== 0) return;
    e.stopPropagation();
    onSelect();
    const page = (e.currentTarget.closest("[data-page]") as HTMLElement).getBoundingClientRect();
    drag.current = { mode, x: e.clientX, y: e.clientY, box: item, w: page.width, h: page.height, gesture: `${mode}-${item.key}-${e.timeStamp}` };
    e.currentTarget.setPointerCapture(e.pointerId);
  }

  function move(e: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.x) / d.w;
    const dy = (e.clientY - d.y) / d.h;
    const b = d.box;
    const next = d.mode === "move" ? { ...b, x: b.x + dx, y: b.y + dy } : { ...b, width: Math.min(b.width + dx, 1 - b.x), height: Math.min(b.height + dy, 1 - b.y) };
    const box = clampBox({ page: b.page, x: next.x, y: next.y, width: next.width, height: next.height });
    onChange(snapBox(box, others, d.mode, SNAP_PX / d.w, SNAP_PX / d.h), d.gesture);
  }

  function key(e: KeyboardEvent<HTMLDivElement>) {
    if (item.locked) return;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const dir = arrows[e.key];
    if (dir) {
      e.preventDefault();
      const s = e.shiftKey ? STEP * 4 : STEP;
      const b: Box = { page: item.page, x: item.x, y: item.y, width: item.width, height: item.height };
      const next = e.altKey
        ? { ...b, width: Math.min(b.width + dir[0] * s, 1 - b.x), height: Math.min(b.height + dir[1] * s, 1 - b.y) }
        : { ...b, x: b.x + dir[0] * s, y: b.y + dir[1] * s };
      onChange(clampBox(next), `key-${item.key}-${e.altKey ? "size" : "move"}`);
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      onDelete();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "d") {
      e.preventDefault();
      onDuplicate();
    }
  }

  const label = item.kind === "merge" ? `Merge ${item.type === "date" ? "date" : "text"} field ${item.name}` : `${TYPE_LABEL[item.type]} field ${item.name} for ${roleLabel}`;
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`${label}, page ${item.page}${item.locked ? " (placed by the template)" : ""}`}
      aria-describedby="builder-keys"
      data-field-key={item.key}
      data-field-name={item.name}
      onPointerDown={(e) => start(e, "move")}
      onPointerMove={move}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onFocus={onSelect}
      onKeyDown={key}
      className={`absolute touch-none select-none overflow-hidden rounded-sm text-[11px] leading-tight outline-none ${item.locked ? "cursor-default" : "cursor-move"} ${selected ? "z-10 ring-2 ring-offset-1" : ""}`}
      style={{
        left: `${item.x * 100}%`,
        top: `${item.y * 100}%`,
        width: `${item.width * 100}%`,
        height: `${item.height * 100}%`,
        border: `1.5px ${item.kind === "merge" ? "dashed" : "solid"} ${colour}`,
        background: `${colour}1a`,
        color: colour,
        ["--tw-ring-color" as string]: colour,
      }}
    >
      <span className="pointer-events-none block truncate bg-white/80 px-0.5 font-semibold">{item.locked && item.value ? item.value : item.name}</span>
      {selected && !item.locked ? (
        <span
          aria-hidden
          data-resize-handle
          onPointerDown={(e) => start(e, "resize")}
          className="absolute bottom-0 right-0 h-3 w-3 cursor-nwse-resize border border-white"
          style={{ background: colour }}
        />
      ) : null}
    </div>
  );
}
