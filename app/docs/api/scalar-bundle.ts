import "server-only";
import fs from "node:fs/promises";
import path from "node:path";

// Scalar's standalone browser bundle, served by the app itself (no CDN: the
// reference works offline and under the pages' script policy). It is the
// file the CDN would serve, from the exact installed version.

const PACKAGE_DIR = path.join(process.cwd(), "node_modules", "@scalar", "api-reference");

let cached: Promise<{ code: string; version: string }> | undefined;

export function scalarBundle() {
  cached ??= (async () => {
    const [code, pkg] = await Promise.all([
      fs.readFile(path.join(PACKAGE_DIR, "dist", "browser", "standalone.js"), "utf8"),
      fs.readFile(path.join(PACKAGE_DIR, "package.json"), "utf8"),
    ]);
    return { code, version: (JSON.parse(pkg) as { version: string }).version };
  })();
  cached.catch(() => (cached = undefined));
  return cached;
}
