"use client";

import { Button } from "@/components/ui/button";
import { newKey, roleColour, type BuilderItem, type BuilderRole } from "./builder-model";

const input = "mt-1 block w-full rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 disabled:bg-slate-50";

type Props = {
  mode: "template" | "document";
  roles: BuilderRole[];
  items: BuilderItem[];
  sequential: boolean;
  onChange: (roles: BuilderRole[], items: BuilderItem[], group: string) => void;
  onSequential?: (v: boolean) => void;
};

/**
 * Who signs, in order. In a template the roles are defined here (a rename
 * carries the role's fields along); in a draft the roles are fixed and the
 * people filling them are edited.
 */
export function RolesPanel({ mode, roles, items, sequential, onChange, onSequential }: Props) {
  const template = mode === "template";
  const update = (i: number, patch: Partial<BuilderRole>, what: string) => {
    const before = roles[i]!;
    const next = roles.map((r, j) => (j === i ? { ...r, ...patch } : r));
    const renamed = patch.name !== undefined && patch.name !== before.name;
    onChange(next, renamed ? items.map((it) => (it.role === before.name ? { ...it, role: patch.name! } : it)) : items, `${what}-${before.key}`);
  };
  const moveRole = (i: number, d: -1 | 1) => {
    const next = [...roles];
    [next[i], next[i + d]] = [next[i + d]!, next[i]!];
    onChange(next, items, `order-${newKey()}`);
  };
  const remove = (i: number) => onChange(roles.filter((_, j) => j !== i), items, `remove-${newKey()}`);
  const add = () => {
    const taken = new Set(roles.map((r) => r.name));
    let n = roles.length + 1;
    while (taken.has(`Signer ${n}`)) n++;
    onChange([...roles, { key: newKey(), name: `Signer ${n}`, message: "", signer_name: "", signer_email: "" }], items, `add-${newKey()}`);
  };

  return (
    <section aria-labelledby="roles-title" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="roles-title" className="text-sm font-semibold text-slate-900">
          {template ? "Roles" : "Signers"}
        </h2>
        {template ? (
          <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={add}>
            Add role
          </Button>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={sequential} disabled={!template} onChange={(e) => onSequential?.(e.target.checked)} />
        <span className="text-slate-700">Sign in order (one after another)</span>
      </label>
      <ol className="space-y-3">
        {roles.map((r, i) => {
          const used = items.filter((it) => it.role === r.name).length;
          const colour = roleColour(roles, r.name);
          const names = template ? r.name || `Role ${i + 1}` : r.name;
          return (
            <li key={r.key} className="space-y-2 rounded-md p-2 ring-1 ring-slate-200" style={{ borderLeft: `4px solid ${colour}` }} data-role={r.name}>
              <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
                <span>
                  {i + 1}. {used} field{used === 1 ? "" : "s"}
                  {r.omitted ? " · omitted" : ""}
                </span>
                {template ? (
                  <span className="flex gap-1">
                    <button type="button" className="rounded px-1 ring-1 ring-slate-300 disabled:opacity-40" aria-label={`Move ${names} up`} disabled={i === 0} onClick={() => moveRole(i, -1)}>
                      ↑
                    </button>
                    <button type="button" className="rounded px-1 ring-1 ring-slate-300 disabled:opacity-40" aria-label={`Move ${names} down`} disabled={i === roles.length - 1} onClick={() => moveRole(i, 1)}>
                      ↓
                    </button>
                    <button
                      type="button"
                      className="rounded px-1 text-red-700 ring-1 ring-slate-300 disabled:opacity-40"
                      aria-label={`Remove ${names}`}
                      title={used ? "Move or delete this role's fields first." : undefined}
                      disabled={used > 0 || roles.length === 1}
                      onClick={() => remove(i)}
                    >
                      ✕
                    </button>
                  </span>
                ) : null}
              </div>
              <label className="block text-xs">
                <span className="font-medium text-slate-700">Role name</span>
                <input className={input} value={r.name} disabled={!template} aria-label={`Role ${i + 1} name`} onChange={(e) => update(i, { name: e.target.value }, "name")} />
              </label>
              <label className="block text-xs">
                <span className="font-medium text-slate-700">{template ? "Fixed signer name (optional)" : "Signer name"}</span>
                <input className={input} value={r.signer_name} aria-label={`${names}: signer name`} onChange={(e) => update(i, { signer_name: e.target.value }, "sname")} />
              </label>
              <label className="block text-xs">
                <span className="font-medium text-slate-700">{template ? "Fixed signer e-mail (optional)" : "Signer e-mail"}</span>
                <input className={input} type="email" value={r.signer_email} aria-label={`${names}: signer e-mail`} onChange={(e) => update(i, { signer_email: e.target.value }, "semail")} />
              </label>
              {template ? (
                <label className="block text-xs">
                  <span className="font-medium text-slate-700">Default message</span>
                  <textarea className={input} rows={2} value={r.message} aria-label={`${names}: default message`} onChange={(e) => update(i, { message: e.target.value }, "msg")} />
                </label>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
