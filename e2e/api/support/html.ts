// Reading server-rendered HTML the way a browser submits it: the forms of a
// page (action, method, fields, submit buttons) and its visible text.

export const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x2F;/gi, "/")
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, "&");

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s=<>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

export type HtmlForm = { action: string; method: string; fields: Record<string, string>; buttons: { name: string; value: string; label: string }[] };

/** The forms of a page: action, method, hidden and pre-filled inputs, submit buttons. */
export function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const fa = attributes(m[1]!);
    const inner = m[2]!;
    const fields: Record<string, string> = {};
    for (const im of inner.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributes(im[1]!);
      if (!a.name || ["submit", "button", "image", "reset"].includes(a.type ?? "")) continue;
      if ((a.type === "checkbox" || a.type === "radio") && !("checked" in a)) continue;
      fields[a.name] = a.value ?? "";
    }
    const buttons: HtmlForm["buttons"] = [];
    for (const bm of inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)) {
      const a = attributes(bm[1]!);
      if (a.type && a.type !== "submit") continue;
      buttons.push({ name: a.name ?? "", value: a.value ?? "", label: decodeEntities(bm[2]!.replace(/<[^>]*>/g, "")).trim() });
    }
    forms.push({ action: fa.action ?? "", method: (fa.method ?? "get").toLowerCase(), fields, buttons });
  }
  return forms;
}

/** The page's text without tags, for "the page names X" checks. */
export const pageText = (html: string) =>
  decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
