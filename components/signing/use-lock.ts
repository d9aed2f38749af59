"use client";

import { useEffect, useState } from "react";

/** Whether an ISO time lies in the future; flips back by itself when it passes. */
export function useLockedUntil(until: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const ms = Date.parse(until) - Date.now();
    if (!(ms > 0)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(ms + 250, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [until]);
  return until ? Date.parse(until) > now : false;
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}
