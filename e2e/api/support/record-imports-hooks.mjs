// Module hooks (node:module register) for record-imports.mjs: run on the hooks thread.
import fs from "node:fs";

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (file) fs.appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
