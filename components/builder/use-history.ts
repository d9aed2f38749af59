"use client";

import { useCallback, useReducer } from "react";

type History<T> = { past: T[]; present: T; future: T[]; group: string | null };
type Action<T> = { type: "set"; next: T; group?: string } | { type: "undo" } | { type: "redo" } | { type: "reset"; present: T };

const LIMIT = 200;

function reducer<T>(h: History<T>, a: Action<T>): History<T> {
  switch (a.type) {
    case "set":
      if (a.next === h.present) return h;
      // One drag or one typed word is one step: changes in the same group replace each other.
      if (a.group && a.group === h.group) return { ...h, present: a.next, future: [] };
      return { past: [...h.past, h.present].slice(-LIMIT), present: a.next, future: [], group: a.group ?? null };
    case "undo": {
      const prev = h.past.at(-1);
      return prev === undefined ? h : { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], group: null };
    }
    case "redo": {
      const [next, ...rest] = h.future;
      return next === undefined ? h : { past: [...h.past, h.present], present: next, future: rest, group: null };
    }
    case "reset":
      return { past: [], present: a.present, future: [], group: null };
  }
}

/** State with undo/redo. `group` merges consecutive changes of one gesture into one step. */
export function useHistory<T>(initial: T) {
  const [h, dispatch] = useReducer(reducer<T>, { past: [], present: initial, future: [], group: null });
  return {
    state: h.present,
    set: useCallback((next: T, group?: string) => dispatch({ type: "set", next, group }), []),
    undo: useCallback(() => dispatch({ type: "undo" }), []),
    redo: useCallback(() => dispatch({ type: "redo" }), []),
    reset: useCallback((present: T) => dispatch({ type: "reset", present }), []),
    canUndo: h.past.length > 0,
    canRedo: h.future.length > 0,
  };
}
