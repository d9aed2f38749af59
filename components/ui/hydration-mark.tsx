"use client";

import { useEffect } from "react";

/**
 * Marks <html data-hydrated> once React has hydrated the page: until then a
 * click submits the form natively and typing is lost. Browser tests wait for
 * the mark instead of guessing from network silence (slow on a busy machine).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return null;
}
