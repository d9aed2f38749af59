"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { BuilderPage } from "@/lib/api/builder";
import { followUpload } from "./new-template-upload";

/**
 * Shown when the builder's address is opened while the file is still being
 * processed: shows the pages stored so far (page 1 comes long before the last
 * page of a long file), waits, then reloads into the builder.
 */
export function UploadFollower({ id, status, pages: initialPages = [] }: { id: string; status: string; pages?: BuilderPage[] }) {
  const router = useRouter();
  const [pages, setPages] = useState<BuilderPage[]>(initialPages);
  useEffect(() => {
    const signal = { cancelled: false };
    // Each answer signs the addresses anew: pages already shown keep theirs (no reload), new ones are added.
    const onProgress = (u: { pages: BuilderPage[] }) => !signal.cancelled && setPages((shown) => [...shown, ...u.pages.slice(shown.length)]);
    void followUpload(id, signal, onProgress).then(() => !signal.cancelled && router.refresh(), () => router.refresh());
    return () => {
      signal.cancelled = true;
    };
  }, [id, router]);
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
        <Spinner /> Processing the file (page images, text tags)… ({status.replace(/_/g, " ")}
        {pages.length ? `, ${pages.length} ${pages.length === 1 ? "page" : "pages"} ready` : ""})
      </p>
      {pages.length ? (
        <ol className="max-w-3xl space-y-4" aria-label="Pages ready so far">
          {pages.map((p, i) => (
            <li key={i} className="relative w-full overflow-hidden border border-slate-200 bg-white shadow-sm" style={{ aspectRatio: `${p.width} / ${p.height}` }}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a signed, expiring address */}
              <img src={p.image_url} alt={`Page ${i + 1}`} loading={i < 2 ? "eager" : "lazy"} className="absolute inset-0 h-full w-full" />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
