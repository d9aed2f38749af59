// The HTTP endpoints of the app, read from its route files, so that a test
// over "every endpoint" covers a route added later without being touched.
import fs from "node:fs";
import path from "node:path";

export type RouteEndpoint = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The URL path with its dynamic segments as in the folder names: `/public/[version]/documents/[id]`. */
  template: string;
};

/** Every exported handler of every route.ts below `app/` (route groups such as `(api)` left out of the path). */
export function routeEndpoints(root = path.resolve("app")): RouteEndpoint[] {
  const out: RouteEndpoint[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const segments = path.relative(root, dir).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
        const source = fs.readFileSync(full, "utf8");
        for (const m of source.matchAll(/export (?:const|async function) (GET|POST|PUT|PATCH|DELETE)\b/g)) {
          out.push({ method: m[1] as RouteEndpoint["method"], template: "/" + segments.join("/") });
        }
      }
    }
  };
  walk(root);
  return out;
}
