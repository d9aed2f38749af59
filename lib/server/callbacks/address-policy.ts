import "server-only";
import net from "node:net";

// Which IP addresses a callback may never reach (SSRF protection): anything
// that is not a public unicast address. Written out by hand rather than with
// net.BlockList so that every refusal can say *why*, and so that addresses
// embedding an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by the IPv4
// address they actually lead to.

type Range = { base: number; bits: number; kind: string };

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const IPV4_RANGES: Range[] = [
  { base: v4(0, 0, 0, 0), bits: 8, kind: "an unspecified" },
  { base: v4(10, 0, 0, 0), bits: 8, kind: "a private" },
  { base: v4(100, 64, 0, 0), bits: 10, kind: "a CGNAT (shared)" },
  { base: v4(127, 0, 0, 0), bits: 8, kind: "a loopback" },
  { base: v4(169, 254, 0, 0), bits: 16, kind: "a link-local" },
  { base: v4(172, 16, 0, 0), bits: 12, kind: "a private" },
  { base: v4(192, 0, 0, 0), bits: 24, kind: "a reserved" },
  { base: v4(192, 0, 2, 0), bits: 24, kind: "a reserved (documentation)" },
  { base: v4(192, 168, 0, 0), bits: 16, kind: "a private" },
  { base: v4(198, 18, 0, 0), bits: 15, kind: "a reserved (benchmarking)" },
  { base: v4(198, 51, 100, 0), bits: 24, kind: "a reserved (documentation)" },
  { base: v4(203, 0, 113, 0), bits: 24, kind: "a reserved (documentation)" },
  { base: v4(224, 0, 0, 0), bits: 4, kind: "a multicast" },
  { base: v4(240, 0, 0, 0), bits: 4, kind: "a reserved" }, // includes 255.255.255.255 (broadcast)
];

function parseV4(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

function v4Kind(n: number): string | null {
  for (const r of IPV4_RANGES) {
    const mask = r.bits === 0 ? 0 : (0xffffffff << (32 - r.bits)) >>> 0;
    if ((n & mask) >>> 0 === r.base) return r.kind;
  }
  return null;
}

/** Eight 16-bit groups, or null. Handles "::" and a trailing dotted IPv4 part. */
function parseV6(address: string): number[] | null {
  let text = address.split("%")[0] ?? ""; // zone id (fe80::1%eth0)
  const groups: number[] = [];
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  let extra: number[] = [];
  if (tail.includes(".")) {
    const n = parseV4(tail);
    if (n === null) return null;
    extra = [n >>> 16, n & 0xffff];
    text = text.slice(0, lastColon + 1) + "0"; // placeholder group, replaced below
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if (extra.length) (rest.length ? rest : head).pop();
  const fill = 8 - head.length - rest.length - extra.length;
  if (halves.length === 2 ? fill < 0 : fill !== 0) return null;
  groups.push(...head, ...new Array<number>(fill).fill(0), ...rest, ...extra);
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : null;
}

function v6Kind(g: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = ((g6 << 16) | g7) >>> 0;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return "an unspecified";
  if (zeroTo(7) && g7 === 1) return "a loopback";
  // ::ffff:a.b.c.d (IPv4-mapped) and the deprecated ::a.b.c.d (IPv4-compatible) reach the IPv4 address.
  if (zeroTo(5) && (g5 === 0xffff || g5 === 0)) return mapped(embedded);
  // NAT64 (64:ff9b::/96) translates to the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return mapped(embedded);
  // 6to4 (2002:aabb:ccdd::/48) tunnels to the IPv4 address in groups 1-2.
  if (g0 === 0x2002) return mapped(((g1 << 16) | g2) >>> 0);
  if ((g0 & 0xffc0) === 0xfe80) return "a link-local";
  if ((g0 & 0xffc0) === 0xfec0) return "a site-local (private)";
  if ((g0 & 0xfe00) === 0xfc00) return "a unique-local";
  if ((g0 & 0xff00) === 0xff00) return "a multicast";
  if (g0 === 0x2001 && g1 === 0x0db8) return "a reserved (documentation)";
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return "a reserved (discard)";
  return null;
}

function mapped(n: number): string | null {
  const kind = v4Kind(n);
  return kind ? `an IPv4-mapped ${kind.replace(/^an? /, "")}` : null;
}

/**
 * Why a callback must not connect to this IP address ("127.0.0.1 is a loopback
 * address"), or null for a public address. Anything unparsable is refused.
 */
export function forbiddenAddressReason(address: string): string | null {
  const family = net.isIP(address);
  let kind: string | null;
  if (family === 4) kind = v4Kind(parseV4(address) ?? 0);
  else if (family === 6) {
    const groups = parseV6(address);
    kind = groups ? v6Kind(groups) : "an unrecognised";
  } else kind = "an unrecognised";
  return kind ? `${address} is ${kind} address` : null;
}
