import type { ReactNode } from "react";
import { notFoundUnlessVisible } from "../_lib/not-found-unless-visible";

/** Only here so a missing template answers HTTP 404 before loading.tsx streams a 200 (see notFoundUnlessVisible). */
export default async function TemplatesLayout({ children }: { children: ReactNode }) {
  await notFoundUnlessVisible("templates");
  return children;
}
