"use client";

import { useEffect } from "react";

/** Moves the focus to the control with `id` once the page is shown (the first field sign-up refused). */
export function FocusOnMount({ id }: { id: string }) {
  useEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]);
  return null;
}
