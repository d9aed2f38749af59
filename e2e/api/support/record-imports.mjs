// Preloaded with `--import` (NODE_OPTIONS): registers record-imports-hooks.mjs, which appends the URL
// of every module the process resolves through `import` to RECORD_IMPORTS_FILE, one per line. The CLI
// test uses it to see which libraries a command loads.
import { register } from "node:module";

register(new URL("./record-imports-hooks.mjs", import.meta.url), { data: { file: process.env.RECORD_IMPORTS_FILE } });
