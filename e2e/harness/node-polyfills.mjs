// vitest 5 calls Map.groupBy (Node ≥ 21) when it prints failures; on Node 20
// the reporter then crashes and hides every error. Imported by vitest.config.ts.
if (typeof Map.groupBy !== "function") {
  Object.defineProperty(Map, "groupBy", {
    configurable: true,
    writable: true,
    value(items, keyOf) {
      const map = new Map();
      let i = 0;
      for (const item of items) {
        const key = keyOf(item, i++);
        const group = map.get(key);
        if (group) group.push(item);
        else map.set(key, [item]);
      }
      return map;
    },
  });
}
if (typeof Object.groupBy !== "function") {
  Object.defineProperty(Object, "groupBy", {
    configurable: true,
    writable: true,
    value(items, keyOf) {
      const out = Object.create(null);
      let i = 0;
      for (const item of items) (out[keyOf(item, i++)] ??= []).push(item);
      return out;
    },
  });
}
