"use client";

import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import type { BuilderPage } from "@/lib/api/builder";
import { Alert } from "@/components/ui/alert";
import { createItem, freeSpot, newKey, uniqueName, withMinimumSize, type Box, type BuilderItem, type BuilderRole, type BuilderState, type PaletteKind } from "./builder-model";
import { BuilderToolbar } from "./builder-toolbar";
import { problemsOf } from "./check-state";
import { FieldInspector } from "./field-inspector";
import { FieldPalette } from "./field-palette";
import { PageCanvas } from "./page-canvas";
import { RolesPanel } from "./roles-panel";
import { SettingsPanel } from "./settings-panel";
import { useHistory } from "./use-history";
import { UI_FONT_STACK } from "@/components/signing/script-fonts";

type Props = {
  mode: "template" | "document";
  pages: BuilderPage[];
  initial: BuilderState;
  kbaAllowed?: boolean;
  /** Save/send buttons and status; gets the current state, the problems found, and a way to select an item. */
  actions: (api: { state: BuilderState; problems: string[]; dirty: boolean; markSaved: (s: BuilderState) => void; select: (key: string | null) => void }) => ReactNode;
  /** A line under the title (version, state). */
  subtitle?: ReactNode;
  readOnly?: boolean;
};

const isTyping = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

/**
 * The editor of a template or a draft: roles, fields placed on the page
 * images (drag, resize, keyboard), settings, undo/redo and zoom. Saving is
 * the caller's (`actions`), so one editor serves new templates, new
 * versions and drafts.
 */
export function TemplateBuilder({ mode, pages, initial, kbaAllowed = false, actions, subtitle, readOnly = false }: Props) {
  const history = useHistory(initial);
  const state = history.state;
  const [saved, setSaved] = useState(initial);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const selected = state.items.find((i) => i.key === selectedKey) ?? null;
  const dirty = state !== saved;
  const problems = useMemo(() => problemsOf(state, mode), [state, mode]);

  // Leaving with unsaved changes asks first (a draft stays as last saved).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const setItems = (items: BuilderItem[], group?: string) => history.set({ ...state, items }, group);
  // Every change of a box keeps the type's readable minimum (the server refuses smaller boxes too).
  const sized = (i: BuilderItem) => withMinimumSize(i, pages[i.page - 1]);
  const patchItem = (key: string, patch: Partial<BuilderItem>, group?: string) => setItems(state.items.map((i) => (i.key === key ? sized({ ...i, ...patch }) : i)), group);
  const select = (key: string | null) => {
    setSelectedKey(key);
    const item = state.items.find((i) => i.key === key);
    if (item) setCurrentPage(item.page);
  };

  /** The page most in view, and how far down it the view starts (a fraction of its height). */
  function pageInView(): { page: number; fromY: number } {
    let best = { page: currentPage, fromY: 0, seen: 0 };
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid="builder-pages"] [data-page]')) {
      const r = el.getBoundingClientRect();
      const seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
      if (seen > best.seen) best = { page: Number(el.dataset.page), fromY: Math.max(0, -r.top / r.height), seen };
    }
    return best;
  }

  function add(kind: PaletteKind, at?: { page: number; cx: number; cy: number }) {
    if (readOnly) return;
    const role = (selected?.kind === "field" ? selected.role : state.roles[0]?.name) ?? "";
    let item: BuilderItem;
    if (at) {
      // Dropped: where the sender let go.
      item = sized(createItem(kind, at, pages[at.page - 1]!, state, role));
    } else {
      // Pressed: the next free spot of the page in view (then of the pages after it), never on top of another field.
      const view = pageInView();
      const order = [...pages.keys()].map((i) => ((view.page - 1 + i) % pages.length) + 1);
      const made = sized(createItem(kind, { page: view.page, cx: 0.5, cy: 0.5 }, pages[view.page - 1]!, state, role));
      item = made;
      for (const n of order) {
        const candidate = n === view.page ? made : sized(createItem(kind, { page: n, cx: 0.5, cy: 0.5 }, pages[n - 1]!, state, role));
        const spot = freeSpot(state.items, n, candidate.width, candidate.height, n === view.page ? view.fromY : 0);
        if (spot) {
          item = { ...candidate, ...spot };
          break;
        }
      }
    }
    setItems([...state.items, item]);
    setSelectedKey(item.key);
    setCurrentPage(item.page);
    if (!at) requestAnimationFrame(() => document.querySelector(`[data-field-key="${item.key}"]`)?.scrollIntoView({ block: "nearest" }));
    // Focus the new field so the arrow keys move it straight away.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field-key="${item.key}"]`)?.focus());
  }

  function remove(key: string) {
    setItems(state.items.filter((i) => i.key !== key));
    setSelectedKey(null);
  }

  function duplicate(key: string) {
    const from = state.items.find((i) => i.key === key);
    if (!from || from.locked) return;
    // The copy goes to the next free spot below the original (never on top of a field), else slightly offset.
    const spot = freeSpot(state.items, from.page, from.width, from.height, Math.max(0, from.y - 0.04)) ?? { x: Math.min(from.x + 0.02, 1 - from.width), y: Math.min(from.y + 0.02, 1 - from.height) };
    const copy: BuilderItem = { ...from, key: newKey(), id: undefined, name: from.kind === "merge" ? from.name : uniqueName(state.items, from.type), ...spot };
    setItems([...state.items, copy]);
    setSelectedKey(copy.key);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-field-key="${copy.key}"]`)?.focus());
  }

  function shortcuts(e: KeyboardEvent<HTMLDivElement>) {
    if (isTyping(e.target) || !(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) {
      e.preventDefault();
      history.undo();
    } else if ((k === "z" && e.shiftKey) || k === "y") {
      e.preventDefault();
      history.redo();
    }
  }

  const markSaved = (s: BuilderState) => {
    history.reset(s);
    setSaved(s);
    setSelectedKey(null);
  };

  return (
    <div className="space-y-4" onKeyDown={shortcuts} style={{ fontFamily: UI_FONT_STACK }}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-64 flex-1 space-y-1">
          <label className="block text-sm">
            <span className="font-medium text-slate-700">{mode === "template" ? "Template name" : "Document name"}</span>
            <input
              className="mt-1 block w-full max-w-xl rounded-md border-0 px-3 py-2 text-lg font-semibold ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
              value={state.settings.name}
              disabled={readOnly}
              onChange={(e) => history.set({ ...state, settings: { ...state.settings, name: e.target.value } }, "name")}
            />
          </label>
          {subtitle ? <div className="text-sm text-slate-600">{subtitle}</div> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">{actions({ state, problems, dirty, markSaved, select })}</div>
      </header>
      {readOnly ? null : <BuilderToolbar canUndo={history.canUndo} canRedo={history.canRedo} onUndo={history.undo} onRedo={history.redo} zoom={zoom} onZoom={setZoom} />}
      <p id="builder-keys" className="sr-only">
        {readOnly ? "This document can no longer be changed." : "Arrow keys move the field, Alt and arrow keys resize it, Shift makes bigger steps; Delete removes it; Control D copies it."}
      </p>
      {problems.length && !readOnly ? (
        <Alert tone="info">
          <span className="font-medium">Before saving:</span> {problems.slice(0, 3).join(" ")}
          {problems.length > 3 ? ` (and ${problems.length - 3} more)` : ""}
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)_17rem]">
        {/* The side columns stay in view while the pages scroll, so a field can be dragged to any page. */}
        <aside className="space-y-6 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-1" aria-label="Palette and roles">
          {readOnly ? null : <FieldPalette allowMerge={mode === "template"} onAdd={(k) => add(k)} />}
          <RolesPanel
            mode={mode}
            roles={state.roles}
            items={state.items}
            sequential={state.settings.signer_sequencing}
            onSequential={(v) => history.set({ ...state, settings: { ...state.settings, signer_sequencing: v } })}
            onChange={(roles: BuilderRole[], items, group) => history.set({ ...state, roles, items }, group)}
          />
        </aside>
        <PageCanvas
          pages={pages}
          items={state.items}
          roles={state.roles}
          zoom={zoom}
          selectedKey={selectedKey}
          onSelect={select}
          onDropNew={(kind, at) => add(kind, at)}
          onChangeBox={(key, box: Box, gesture) => !readOnly && patchItem(key, box, gesture)}
          onDelete={(key) => !readOnly && remove(key)}
          onDuplicate={(key) => !readOnly && duplicate(key)}
        />
        <aside className="space-y-6 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-1" aria-label="Field and template settings">
          <FieldInspector
            item={selected}
            roles={state.roles}
            pageCount={pages.length}
            onChange={(next, group) => !readOnly && setItems(state.items.map((i) => (i.key === next.key ? sized(next) : i)), group)}
            onDelete={() => selected && remove(selected.key)}
            onDuplicate={() => selected && duplicate(selected.key)}
          />
          {mode === "template" ? <SettingsPanel settings={state.settings} kbaAllowed={kbaAllowed} onChange={(settings, group) => history.set({ ...state, settings }, group)} /> : null}
        </aside>
      </div>
    </div>
  );
}
