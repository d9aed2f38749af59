"use client";

import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";

// The rows selected for a bulk action. The table stays a server component;
// only its checkboxes and the toolbar are client leaves sharing this state.

type Selection = {
  /** Every row of the page, in order (id and name, for the toolbar's words). */
  rows: { id: string; name: string }[];
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  setAll: (on: boolean) => void;
  clear: () => void;
};

const SelectionContext = createContext<Selection | null>(null);

export function useBulkSelection(): Selection {
  const s = useContext(SelectionContext);
  if (!s) throw new Error("useBulkSelection outside BulkSelectionProvider");
  return s;
}

export function BulkSelectionProvider({ rows, children }: { rows: { id: string; name: string }[]; children: ReactNode }) {
  const [chosen, setSelected] = useState<ReadonlySet<string>>(new Set());
  // After a bulk action the page re-renders: rows that left the page (another filter, voided) leave the selection.
  const selected: ReadonlySet<string> = new Set([...chosen].filter((id) => rows.some((r) => r.id === id)));
  const value: Selection = {
    rows,
    selected,
    toggle: (id, on) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

const box = "size-4 rounded border-slate-400 accent-brand-600";

/** The header's checkbox: all rows of this page; mixed while some are. */
export function SelectAllCheckbox() {
  const { rows, selected, setAll } = useBulkSelection();
  const ref = useRef<HTMLInputElement>(null);
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const some = !all && rows.some((r) => selected.has(r.id));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input ref={ref} type="checkbox" className={box} checked={all} onChange={(e) => setAll(e.target.checked)} aria-label="Select all documents on this page" />
  );
}

export function SelectRowCheckbox({ id, name }: { id: string; name: string }) {
  const { selected, toggle } = useBulkSelection();
  return <input type="checkbox" className={box} checked={selected.has(id)} onChange={(e) => toggle(id, e.target.checked)} aria-label={`Select ${name}`} />;
}
