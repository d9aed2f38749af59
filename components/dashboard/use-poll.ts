"use client";

import { useCallback, useEffect, useRef, useState } from "react";

type Options<T> = {
  /** What is shown before the first answer; with it, the first read waits for the first interval. */
  initial?: T;
  /** Milliseconds until the next read after this answer, or false to stop. */
  every: (data: T | undefined) => number | false;
  /** Reads retried after a failure before `error` is set (1 s, 2 s, 4 s apart). */
  retry?: number;
};

/**
 * Reads `load` now and again while `key` is not null (a new key starts over
 * with no data), as long as `every` asks for another read. A failure keeps
 * the last answer and is reported in `error` until a read succeeds. While
 * the tab is hidden no read is made; `refresh()` reads at once.
 */
export function usePoll<T>(key: string | null, load: () => Promise<T>, { initial, every, retry = 0 }: Options<T>) {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: Error | null }>({ key, data: initial, error: null });
  const latest = useRef({ load, every, retry });
  useEffect(() => {
    latest.current = { load, every, retry };
  });
  const lastData = useRef<T | undefined>(initial);
  const lastKey = useRef(key);
  // refresh() restarts the loop with an immediate read.
  const [round, setRound] = useState(0);
  const hasInitial = initial !== undefined;

  useEffect(() => {
    if (key === null) return;
    if (lastKey.current !== key) {
      lastKey.current = key;
      lastData.current = undefined;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (ms: number | false, failures = 0) => {
      if (ms !== false && !stopped) timer = setTimeout(() => void read(failures), ms);
    };
    const read = async (failures: number) => {
      if (document.visibilityState === "hidden") return schedule(1000, failures);
      try {
        const data = await latest.current.load();
        if (stopped) return;
        lastData.current = data;
        setState({ key, data, error: null });
        schedule(latest.current.every(data));
      } catch (err) {
        if (stopped) return;
        if (failures < latest.current.retry) return schedule(1000 * 2 ** failures, failures + 1);
        setState((s) => ({ key, data: s.key === key ? s.data : undefined, error: err instanceof Error ? err : new Error(String(err)) }));
        schedule(latest.current.every(lastData.current));
      }
    };
    if (round === 0 && hasInitial) schedule(latest.current.every(lastData.current));
    else void read(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, round, hasInitial]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  // Data of another key is never shown for this one.
  const current = state.key === key;
  return { data: current ? state.data : hasInitial ? initial : undefined, error: current ? state.error : null, refresh };
}
