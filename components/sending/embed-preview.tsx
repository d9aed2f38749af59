"use client";

import { useMemo } from "react";
import Link from "next/link";
import type { SentDocument } from "@/app/(dashboard)/templates/actions";
import { CopyButton } from "@/components/ui/copy-button";

type Frame = { src: string; width: number; height: number };

/**
 * Reads an embed code (`<iframe src=… width=… height=…>`) without ever
 * inserting it as HTML: the markup is parsed inertly by DOMParser (which runs
 * nothing) and only an http(s) src and numeric sizes are taken from it.
 */
export function parseEmbedCode(html: string): Frame | null {
  const frame = new DOMParser().parseFromString(html, "text/html").querySelector("iframe");
  const src = frame?.getAttribute("src") ?? "";
  if (!URL.canParse(src) || !/^https?:$/.test(new URL(src).protocol)) return null;
  const size = (attr: string, fallback: number) => {
    const n = Number.parseInt(frame?.getAttribute(attr) ?? "", 10);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return { src, width: size("width", 706), height: size("height", 500) };
}

function EmbedPreview({ code, role, email }: { code: string; role: string; email: string | null }) {
  const frame = useMemo(() => parseEmbedCode(code), [code]);
  return (
    <li className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-slate-900">
          {role}
          {email ? <span className="ml-2 text-sm font-normal text-slate-600">{email}</span> : null}
        </h3>
        <CopyButton value={code} label="Copy embed code" />
      </div>
      {frame ? (
        <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
          <iframe
            src={frame.src}
            width={frame.width}
            height={frame.height}
            title={`Signing page for ${role}`}
            allow="clipboard-write"
            className="block max-w-none border-0"
          />
        </div>
      ) : (
        <p className="text-sm text-red-700">This embed code has no usable address.</p>
      )}
    </li>
  );
}

/** The live previews of an embedded document: one signing iframe per role, as a host application would show it. */
export function EmbedPreviews({ document }: { document: SentDocument }) {
  return (
    <section aria-labelledby="embed-previews-title" className="mt-8 space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="embed-previews-title" className="text-lg font-semibold">
          Embedded signing preview
        </h2>
        <Link href={`/documents/${document.id}`} className="text-sm font-medium text-brand-700 underline">
          Open the document
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        &ldquo;{document.name}&rdquo; is ready. Each signer signs inside one of these frames; what you do here is real signing.
      </p>
      <ul className="space-y-6">
        {document.embed_codes.map((c) => (
          <EmbedPreview key={c.embed_code} code={c.embed_code} role={c.signer_role_name} email={c.signer_email} />
        ))}
      </ul>
    </section>
  );
}
