"use client";

import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type Ref } from "react";
import type { SignerView } from "@/lib/api/signing";
import type { SignerField } from "./field-utils";
import { fittedFontStyle } from "./text-fit";

type Page = SignerView["document"]["pages"][number];
type Box = { x: number; y: number; width: number; height: number };

/**
 * Places a box by its fractions of the page. The font follows the box height
 * (capped at 16 pt) in container-query units of the page, so it scales with
 * whatever width the page is rendered at.
 */
export function boxStyle(box: Box, page: Page, fontRatio = 0.62): CSSProperties {
  const fontPt = Math.max(4, Math.min(box.height * page.height * fontRatio, 16));
  return {
    left: `${box.x * 100}%`,
    top: `${box.y * 100}%`,
    width: `${box.width * 100}%`,
    height: `${box.height * 100}%`,
    fontSize: `${(fontPt / page.width) * 100}cqw`,
  };
}

/**
 * The document's pages stacked, each with an overlay for prefilled texts and
 * this signer's fields. `zoom` (percent of the available width) widens the
 * pages inside a box that scrolls sideways; boxes are placed in fractions of
 * their page and sized in its container units, so they stay aligned at any zoom.
 */
export function PageViewer({
  pages,
  prefilled,
  fields,
  renderField,
  zoom = 100,
  scrollerRef,
}: {
  pages: SignerView["document"]["pages"];
  prefilled: SignerView["prefilled"];
  /** In reading order: the overlay keeps it, so Tab walks the fields in that order. */
  fields: SignerField[];
  renderField: (field: SignerField, page: Page) => ReactNode;
  zoom?: number;
  /** The box that scrolls sideways when zoomed in. */
  scrollerRef?: Ref<HTMLDivElement>;
}) {
  if (pages.length === 0) {
    return <p className="rounded-lg bg-white p-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">This document has no pages to show.</p>;
  }
  return (
    <div ref={scrollerRef} className="overflow-x-auto" data-zoom={zoom}>
      <div className="mx-auto space-y-4" style={{ width: `${zoom}%` }}>
        {pages.map((page, i) => {
          const n = i + 1;
          return (
            <section
              key={`${n}-${page.url}`}
              aria-label={`Page ${n} of ${pages.length}`}
              className="relative w-full overflow-hidden bg-white shadow-sm ring-1 ring-slate-200"
              style={{ aspectRatio: `${page.width} / ${page.height}` }}
            >
              <PageImage page={page} n={n} total={pages.length} />
              <div className="@container absolute inset-0">
                {prefilled
                  .filter((p) => p.page === n && p.image)
                  .map((p, j) => (
                    // eslint-disable-next-line @next/next/no-img-element -- a signed, short-lived URL of an earlier signer's signature
                    <img
                      key={`image-${j}`}
                      src={p.image}
                      alt={p.text}
                      data-prefilled-signature=""
                      draggable={false}
                      className="pointer-events-none absolute select-none object-contain"
                      style={boxStyle(p, page)}
                    />
                  ))}
                {prefilled
                  .filter((p) => p.page === n && p.text && !p.image)
                  .map((p, j) => (
                    <div
                      key={j}
                      className="pointer-events-none absolute flex items-center overflow-hidden whitespace-nowrap px-[0.15em] leading-none text-slate-900"
                      // Merge values and earlier answers at the size the signed PDF draws them (text-fit.ts).
                      style={{ ...boxStyle(p, page), ...fittedFontStyle(p.text ?? "", p, page) }}
                    >
                      {p.text}
                    </div>
                  ))}
                {fields.filter((f) => f.page === n).map((f) => renderField(f, page))}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}

function PageImage({ page, n, total }: { page: Page; n: number; total: number }) {
  const [state, setState] = useState<"loading" | "loaded" | "error">("loading");
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLImageElement>(null);

  // The image may finish before hydration attaches onLoad/onError.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "error");
  }, [attempt]);

  return (
    <>
      {state !== "loaded" ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-slate-500">
          {state === "loading" ? (
            <span role="status">Loading page {n}…</span>
          ) : (
            <>
              <span role="alert">Page {n} could not be loaded.</span>
              <button
                type="button"
                onClick={() => {
                  setState("loading");
                  setAttempt((a) => a + 1);
                }}
                className="rounded-md bg-white px-3 py-1.5 font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
              >
                Retry page {n}
              </button>
            </>
          )}
        </div>
      ) : null}
      {/* eslint-disable-next-line @next/next/no-img-element -- signed, short-lived URLs of page renders */}
      <img
        key={attempt}
        ref={ref}
        src={page.url}
        alt={`Page ${n} of ${total}`}
        width={page.width}
        height={page.height}
        loading={n <= 2 ? "eager" : "lazy"}
        decoding="async"
        draggable={false}
        onLoad={() => setState("loaded")}
        onError={() => setState("error")}
        className={`absolute inset-0 h-full w-full select-none ${state === "loaded" ? "" : "opacity-0"}`}
      />
    </>
  );
}
