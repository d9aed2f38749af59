"use client";

import { useState } from "react";

/**
 * The document's pages: a strip of thumbnails, the chosen one large. The
 * thumbnails are buttons (keyboard and screen-reader reachable) and the large
 * page links to the full-size image. `signed`: these are the executed
 * document's pages as signed (values and footer stamped in), not the original's.
 */
export function PageGallery({ pages, title, signed = false }: { pages: string[]; title: string; signed?: boolean }) {
  const [current, setCurrent] = useState(0);
  if (pages.length === 0) return <p className="text-sm text-slate-600">No page images yet.</p>;
  const src = pages[Math.min(current, pages.length - 1)]!;
  return (
    <div className="grid gap-4 md:grid-cols-[7rem_1fr]">
      <ul className="flex gap-2 overflow-x-auto md:max-h-[36rem] md:flex-col md:overflow-y-auto md:overflow-x-visible" aria-label="Pages">
        {pages.map((url, i) => (
          <li key={url} className="shrink-0">
            <button
              type="button"
              onClick={() => setCurrent(i)}
              aria-pressed={i === current}
              aria-label={`Show page ${i + 1}`}
              className={`block w-20 overflow-hidden rounded ring-2 md:w-24 ${i === current ? "ring-brand-600" : "ring-transparent hover:ring-slate-300"}`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- signed, expiring file addresses; not for the image optimizer */}
              <img src={url} alt="" loading="lazy" className="w-full bg-white ring-1 ring-slate-200" />
            </button>
          </li>
        ))}
      </ul>
      <figure className="space-y-2">
        <a href={src} target="_blank" rel="noreferrer" className="block">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={src} alt={`${title}, ${signed ? "signed " : ""}page ${current + 1} of ${pages.length}`} className="mx-auto max-h-[40rem] w-auto rounded bg-white shadow ring-1 ring-slate-200" />
        </a>
        <figcaption className="text-center text-xs text-slate-500">
          {signed ? "Signed page" : "Page"} {current + 1} of {pages.length} · select the page to open it full size
        </figcaption>
      </figure>
    </div>
  );
}
