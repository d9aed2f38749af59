"use client";

import { Button } from "@/components/ui/button";
import type { BuilderSettings } from "./builder-model";

const input = "mt-1 block w-full rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600";

/** Template settings: expiry, identity check, PIN, KBA, tags and who it is shared with. */
export function SettingsPanel({ settings, kbaAllowed, onChange }: { settings: BuilderSettings; kbaAllowed: boolean; onChange: (s: BuilderSettings, group: string) => void }) {
  const set = (patch: Partial<BuilderSettings>, what: string) => onChange({ ...settings, ...patch }, `settings-${what}`);
  return (
    <section aria-labelledby="settings-title" className="space-y-3">
      <h2 id="settings-title" className="text-sm font-semibold text-slate-900">
        Template settings
      </h2>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Expires after (days)</span>
        <input
          className={input}
          type="number"
          min={1}
          max={365}
          value={settings.expires_in}
          onChange={(e) => set({ expires_in: Math.min(365, Math.max(1, Math.round(Number(e.target.value)) || 1)) }, "expiry")}
        />
      </label>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Identity method</span>
        <select className={input} value={settings.identity_method} onChange={(e) => set({ identity_method: e.target.value as BuilderSettings["identity_method"] }, "identity")}>
          <option value="email">E-mail (signers open their own link)</option>
          <option value="none">None</option>
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={settings.passcode} onChange={(e) => set({ passcode: e.target.checked }, "passcode")} />
        <span className="text-slate-700">Ask for a PIN/passcode when sending</span>
      </label>
      {kbaAllowed || settings.kba ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={settings.kba} onChange={(e) => set({ kba: e.target.checked }, "kba")} />
          <span className="text-slate-700">Knowledge-based authentication (KBA)</span>
        </label>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Tags</legend>
        {settings.tags.map((t, i) => (
          <div key={i} className="flex items-end gap-1">
            <label className="min-w-0 flex-1 text-xs">
              <span className="text-slate-700">Tag {i + 1} name</span>
              <input className={input} value={t.key} onChange={(e) => set({ tags: settings.tags.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) }, `tagk${i}`)} />
            </label>
            <label className="min-w-0 flex-1 text-xs">
              <span className="text-slate-700">Tag {i + 1} value</span>
              <input className={input} value={t.value} onChange={(e) => set({ tags: settings.tags.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) }, `tagv${i}`)} />
            </label>
            <button type="button" className="mb-1 rounded px-1.5 text-red-700 ring-1 ring-slate-300" aria-label={`Remove tag ${i + 1}`} onClick={() => set({ tags: settings.tags.filter((_, j) => j !== i) }, `tagrm${Date.now()}`)}>
              ✕
            </button>
          </div>
        ))}
        <Button type="button" variant="secondary" className="px-2 py-1 text-xs" onClick={() => set({ tags: [...settings.tags, { key: "", value: "" }] }, `tagadd${Date.now()}`)}>
          Add tag
        </Button>
      </fieldset>
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Shared with (one e-mail per line)</span>
        <textarea
          className={input}
          rows={2}
          value={settings.shared_with.join("\n")}
          onChange={(e) => set({ shared_with: e.target.value.split(/\n/) }, "shared")}
        />
      </label>
    </section>
  );
}
