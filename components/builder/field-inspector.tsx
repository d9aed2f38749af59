"use client";

import { Button } from "@/components/ui/button";
import { clampBox, TYPE_LABEL, type BuilderItem, type BuilderRole } from "./builder-model";

const input = "mt-1 block w-full rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600";
const pct = (v: number) => Math.round(v * 10000) / 100;

type Props = {
  item: BuilderItem | null;
  roles: BuilderRole[];
  pageCount: number;
  /** `group` merges the keystrokes of one input into one undo step. */
  onChange: (next: BuilderItem, group: string) => void;
  onDelete: () => void;
  onDuplicate: () => void;
};

/** The selected field's settings: role, name, required, help text, font size and exact position. */
export function FieldInspector({ item, roles, pageCount, onChange, onDelete, onDuplicate }: Props) {
  if (!item) {
    return (
      <section aria-labelledby="inspector-title" className="space-y-1">
        <h2 id="inspector-title" className="text-sm font-semibold text-slate-900">
          Selected field
        </h2>
        <p className="text-sm text-slate-600">Select a field on a page to edit it.</p>
      </section>
    );
  }
  const set = (patch: Partial<BuilderItem>, what: string) => onChange({ ...item, ...patch }, `${what}-${item.key}`);
  const setBox = (patch: Partial<BuilderItem>, what: string) => onChange(clampBox({ ...item, ...patch }), `${what}-${item.key}`);
  const typed = item.kind === "merge" || item.type === "text" || item.type === "date";
  const locked = !!item.locked;
  const title = item.kind === "merge" ? `Merge ${item.type} field` : `${TYPE_LABEL[item.type]} field`;

  return (
    <section aria-labelledby="inspector-title" className="space-y-3" data-testid="field-inspector">
      <h2 id="inspector-title" className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {locked ? <p className="text-sm text-slate-600">Placed by the template and filled when the draft was made: {item.value || "(empty)"}.</p> : null}
      {item.kind === "field" ? (
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Role</span>
          <select className={input} value={item.role} disabled={locked} onChange={(e) => set({ role: e.target.value }, "role")}>
            {roles.map((r) => (
              <option key={r.key} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="block text-sm">
        <span className="font-medium text-slate-700">{item.kind === "merge" ? "Merge field name" : "Field name"}</span>
        <input className={input} value={item.name} disabled={locked} onChange={(e) => set({ name: e.target.value }, "name")} aria-invalid={!item.name.trim() || undefined} />
        {!item.name.trim() ? <span className="text-xs text-red-700">A name is required.</span> : null}
      </label>
      {item.kind === "field" ? (
        <>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={item.required} disabled={locked} onChange={(e) => set({ required: e.target.checked }, "required")} />
            <span className="font-medium text-slate-700">Required</span>
          </label>
          <label className="block text-sm">
            <span className="font-medium text-slate-700">Help text</span>
            <input className={input} value={item.help_text} disabled={locked} maxLength={500} onChange={(e) => set({ help_text: e.target.value }, "help")} />
          </label>
        </>
      ) : null}
      {typed ? (
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Font size (pt)</span>
          <input
            className={input}
            type="number"
            min={6}
            max={72}
            placeholder="Fit to box"
            disabled={locked}
            value={item.font_size ?? ""}
            onChange={(e) => set({ font_size: e.target.value ? Math.min(72, Math.max(6, Number(e.target.value))) : undefined }, "font")}
          />
        </label>
      ) : null}
      <fieldset className="grid grid-cols-2 gap-2" disabled={locked}>
        <legend className="col-span-2 text-sm font-medium text-slate-700">Position (% of the page)</legend>
        {(
          [
            ["x", "Left"],
            ["y", "Top"],
            ["width", "Width"],
            ["height", "Height"],
          ] as const
        ).map(([k, label]) => (
          <label key={k} className="block text-xs">
            <span className="text-slate-700">{label}</span>
            <input className={input} type="number" step={0.1} min={0} max={100} value={pct(item[k])} onChange={(e) => setBox({ [k]: Number(e.target.value) / 100 }, k)} />
          </label>
        ))}
        <label className="col-span-2 block text-xs">
          <span className="text-slate-700">Page</span>
          <input className={input} type="number" min={1} max={pageCount} value={item.page} onChange={(e) => setBox({ page: Math.min(pageCount, Math.max(1, Math.round(Number(e.target.value)) || 1)) }, "page")} />
        </label>
      </fieldset>
      {!locked ? (
        <div className="flex gap-2">
          <Button type="button" variant="secondary" onClick={onDuplicate}>
            Copy
          </Button>
          <Button type="button" variant="danger" onClick={onDelete}>
            Delete
          </Button>
        </div>
      ) : null}
    </section>
  );
}
