import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

/**
 * First-load JavaScript per app route, from the build (Next 16 no longer
 * prints sizes, and app-build-manifest.json is gone). A route loads, on first
 * load, the root main files of build-manifest.json (runtime, React, router)
 * plus the client chunks of every segment on its path (layouts, error and
 * loading boundaries, the page), which the route's
 * server/app/<route>/page_client-reference-manifest.js lists under
 * entryJSFiles. Sizes are gzip level 9 (as `gzip-size` and Next's old table);
 * polyfillFiles are left out (nomodule: only old browsers load them).
 *
 * byHtml() is the cross-check: the `<script src>` tags of the HTML the
 * server actually answered for a route.
 */
export type RouteJs = { route: string; appPath: string; files: number; bytes: number; gzipBytes: number };

const gzipCache = new Map<string, { bytes: number; gzip: number }>();

function sizeOf(distDir: string, file: string) {
  let s = gzipCache.get(file);
  if (!s) {
    const buf = fs.readFileSync(path.join(distDir, file));
    s = { bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    gzipCache.set(file, s);
  }
  return s;
}

function total(distDir: string, files: Iterable<string>) {
  let bytes = 0;
  let gzipBytes = 0;
  let n = 0;
  for (const f of new Set(files)) {
    const s = sizeOf(distDir, f);
    bytes += s.bytes;
    gzipBytes += s.gzip;
    n++;
  }
  return { files: n, bytes, gzipBytes };
}

const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as T;

/** The JS every app route loads (build-manifest.json rootMainFiles). */
export function sharedJs(distDir: string) {
  return total(distDir, readJson<{ rootMainFiles: string[] }>(path.join(distDir, "build-manifest.json")).rootMainFiles);
}

export function byManifest(distDir: string): RouteJs[] {
  const { rootMainFiles } = readJson<{ rootMainFiles: string[] }>(path.join(distDir, "build-manifest.json"));
  const routes = readJson<Record<string, string>>(path.join(distDir, "app-path-routes-manifest.json"));
  const out: RouteJs[] = [];
  for (const [appPath, route] of Object.entries(routes)) {
    if (!appPath.endsWith("/page") || appPath.startsWith("/_")) continue;
    const file = path.join(distDir, "server/app", `${appPath}_client-reference-manifest.js`);
    if (!fs.existsSync(file)) continue;
    const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } = {};
    vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
    const manifest = sandbox.__RSC_MANIFEST?.[appPath];
    if (!manifest) throw new Error(`${file} has no entry for ${appPath}`);
    const files = [...rootMainFiles, ...Object.values(manifest.entryJSFiles).flat()];
    out.push({ route, appPath, ...total(distDir, files) });
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

/** Sizes of the scripts an HTML answer loads (module scripts only; /_next/static/… mapped into the dist dir). */
export function byHtml(distDir: string, html: string) {
  const files: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1]!;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (!src || /\bnomodule\b/i.test(attrs)) continue;
    const pathname = new URL(src.replace(/&amp;/g, "&"), "http://x").pathname;
    if (!pathname.startsWith("/_next/static/")) throw new Error(`script outside /_next/static: ${src}`);
    files.push(pathname.slice("/_next/".length));
  }
  return total(distDir, files);
}
