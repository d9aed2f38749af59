/**
 * A module loaded when first needed (a dynamic import), then at hand
 * synchronously: forms load the API's rules (zod schemas, and zod with them)
 * when the sender first submits, instead of with the page. `get()` is
 * undefined until `load()` has finished once.
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: () => value,
    load: () => (pending ??= load().then((v) => (value = v))),
  };
}
