"use client";

import { useState } from "react";
import { Button } from "./button";

/**
 * Copies a value to the clipboard. `getValue` may fetch the value first (a
 * secret that is not on the page until asked for).
 */
export function CopyButton({ value, getValue, label = "Copy" }: { value?: string; getValue?: () => Promise<string | null>; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      const text = value ?? (await getValue?.());
      if (!text) throw new Error("nothing to copy");
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2500);
  }

  return (
    <Button type="button" variant="secondary" onClick={copy} className="px-3 py-1.5">
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}</span>
    </Button>
  );
}
