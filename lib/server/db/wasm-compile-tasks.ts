import v8 from "node:v8";

/**
 * Has V8 compile WebAssembly on one background task instead of up to 128.
 *
 * Why: the embedded database (PGlite) is a 10 MB WebAssembly module whose hot
 * functions V8 recompiles with its optimising compiler as they run (dynamic
 * tier-up). With many compile tasks, each background thread gets a malloc
 * arena of its own, and the arenas keep their compile memory after the work:
 * ~40–45 MB of an idle server's ~300 MB (bench/README.md, "Idle memory, third
 * pass"). One task optimises the same functions, one after another: query
 * speed once warm is unchanged (search p50 at 100,000 documents within noise),
 * and the first start is no slower. Not `--liftoff-only`, which saves ~45 MB
 * more but runs heavy queries ~45 % slower.
 *
 * Must run before the module is compiled (PGlite.create); the flag is
 * process-wide and read when compile work is scheduled, so setting it again
 * is harmless. Only wasm compilation is affected (not JavaScript).
 */
export function compileWasmOnOneTask(): void {
  v8.setFlagsFromString("--wasm-num-compilation-tasks=1");
}
