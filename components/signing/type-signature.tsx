"use client";

import "@fontsource/dancing-script/400.css";
import "@fontsource/marck-script/400.css";
import "@fontsource/aref-ruqaa/400.css";
import "@fontsource/kalam/400.css";
import "@fontsource/charm/400.css";
import "@fontsource/ma-shan-zheng/400.css";
import "@fontsource/yomogi/400.css";
import "@fontsource/nanum-pen-script/400.css";
import { useEffect, useId, useRef, useState } from "react";
import { toPngDataUrl } from "./image-utils";
import { cjkFamilyFirst, NOTO_FAMILIES } from "./script-fonts";

const RENDER_PX = 96;

/**
 * Handwriting faces, each for the letters the ones before it lack: Dancing
 * Script (Latin), Marck Script (Cyrillic), Aref Ruqaa (Arabic, the everyday
 * Ruqʿah hand), Kalam (Devanagari), Charm (Thai). For Han, kana and Hangul
 * one face by the name's language: Yomogi for Japanese (kana), Nanum Pen
 * Script for Korean (Hangul), Ma Shan Zheng (brush) for Chinese.
 */
const HANDWRITING = ['"Dancing Script"', '"Marck Script"', '"Aref Ruqaa"', '"Kalam"', '"Charm"'];

function cjkHandwriting(text: string): string[] {
  if (!/[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}]/u.test(text)) return [];
  const first = cjkFamilyFirst(text);
  if (first.includes("JP")) return ['"Yomogi"'];
  if (first.includes("KR")) return ['"Nanum Pen Script"'];
  return ['"Ma Shan Zheng"'];
}

/**
 * The typed name's font: a handwriting face for each script that has one
 * here, every other script (Greek, Hebrew, and any letter a handwriting face
 * lacks) in its Noto Sans family. All are self-hosted, so the name draws on
 * any machine, with or without fonts of its own for that script. Japanese or
 * Korean text puts its own CJK family first, so shared Han characters take
 * that language's shapes.
 */
export const signatureFontFamily = (text: string) =>
  [...HANDWRITING, ...cjkHandwriting(text), `${cjkFamilyFirst(text)}${NOTO_FAMILIES}`, "cursive"].join(", ");

/** Whether the text is right to left (its first strong character is Arabic or Hebrew). */
const isRtl = (text: string) => /^[^\p{L}]*[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u.test(text);

/** Renders the typed name on a canvas in its script's font (signatureFontFamily), once the fonts are loaded. */
export async function renderTypedSignature(text: string): Promise<string | null> {
  const value = text.trim();
  if (!value) return null;
  const font = `${RENDER_PX}px ${signatureFontFamily(value)}`;
  try {
    // Loads the slices of every listed family that the text's characters need.
    await document.fonts.load(font, value);
  } catch {
    // Fall back to whatever fonts are there.
  }
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.font = font;
  const metrics = ctx.measureText(value);
  const pad = RENDER_PX * 0.25;
  const ascent = metrics.actualBoundingBoxAscent || RENDER_PX * 0.8;
  const descent = metrics.actualBoundingBoxDescent || RENDER_PX * 0.3;
  const left = metrics.actualBoundingBoxLeft || 0;
  const width = Math.max(metrics.actualBoundingBoxRight || metrics.width, metrics.width) + left;
  canvas.width = Math.ceil(width + pad * 2);
  canvas.height = Math.ceil(ascent + descent + pad * 2);
  ctx.font = font; // resizing the canvas resets the context
  ctx.direction = isRtl(value) ? "rtl" : "ltr";
  ctx.textAlign = "left";
  ctx.fillStyle = "#0b1d51";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(value, pad + left, pad + ascent);
  return toPngDataUrl(canvas, 1200);
}

/** A text input whose value is shown live in a handwriting font and reported as a PNG. */
export function TypeSignature({
  kind,
  defaultText,
  onChange,
}: {
  kind: "signature" | "initials";
  defaultText: string;
  onChange: (dataUrl: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(defaultText);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      const url = await renderTypedSignature(text);
      if (!cancelled) onChangeRef.current(url);
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [text]);

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {kind === "signature" ? "Type your full name" : "Type your initials"}
        </label>
        <input
          id={id}
          type="text"
          value={text}
          maxLength={kind === "signature" ? 80 : 8}
          autoComplete={kind === "signature" ? "name" : "off"}
          dir="auto"
          onChange={(e) => setText(e.target.value)}
          className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
        />
      </div>
      <div
        aria-hidden="true"
        className="flex h-32 items-center justify-center overflow-hidden rounded-md bg-white px-3 text-center text-5xl text-[#0b1d51] ring-1 ring-inset ring-slate-300 sm:text-6xl"
        style={{ fontFamily: signatureFontFamily(text) }}
        dir="auto"
      >
        <span className="truncate">{text.trim() || <span className="text-2xl text-slate-500">Preview</span>}</span>
      </div>
    </div>
  );
}
