// The pixels of the PNGs the completion draws (signers' images, re-encoded by
// us), decoded with Node's zlib. Pure (bytes in, pixels out; no
// "server-only"), so tests compare it with pdf-lib's decoder.
import zlib from "node:zlib";

/** 8-bit samples: RGB (grey repeated), and alpha only when some pixel is not opaque (as pdf-lib keeps them). */
export type Pixels = { width: number; height: number; rgb: Uint8Array; alpha: Uint8Array | null };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples per pixel of the 8-bit colour types handled here: grey, RGB, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * The pixels of an 8-bit, non-interlaced grey or RGB PNG, with or without
 * alpha and without a tRNS chunk; null for anything else (or anything
 * malformed), which pdf-lib then decodes. The inflated size is bounded by
 * what the header declares.
 */
export function decodeSimplePng(bytes: Uint8Array): Pixels | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 33 || SIGNATURE.some((b, i) => buf[i] !== b) || buf.toString("latin1", 12, 16) !== "IHDR") return null;
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const [depth, colourType, , , interlace] = buf.subarray(24, 29);
  const channels = CHANNELS[colourType!];
  if (depth !== 8 || !channels || interlace !== 0 || width < 1 || height < 1) return null;
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    if (at + 12 + length > buf.length) return null;
    if (type === "IDAT") idat.push(buf.subarray(at + 8, at + 8 + length));
    else if (type === "tRNS" || type === "IEND") {
      if (type === "tRNS") return null;
      break;
    }
    at += 12 + length;
  }
  const stride = width * channels;
  const expected = (stride + 1) * height;
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    return null;
  }
  if (raw.length !== expected) return null;
  const samples = unfilter(raw, stride, height, channels);
  return samples && split(samples, width * height, channels, width, height);
}

/** PNG row filters undone (none, sub, up, average, Paeth); null on an unknown filter. One loop per filter: this runs per byte. */
function unfilter(raw: Buffer, stride: number, height: number, bpp: number): Uint8Array | null {
  const out = new Uint8Array(stride * height);
  const zeros = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const src = y * (stride + 1) + 1;
    const row = out.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? out.subarray((y - 1) * stride, y * stride) : zeros;
    const filter = raw[src - 1];
    if (filter === 0) row.set(raw.subarray(src, src + stride));
    else if (filter === 1) {
      for (let i = 0; i < stride; i++) row[i] = raw[src + i]! + (i >= bpp ? row[i - bpp]! : 0);
    } else if (filter === 2) {
      for (let i = 0; i < stride; i++) row[i] = raw[src + i]! + prev[i]!;
    } else if (filter === 3) {
      for (let i = 0; i < stride; i++) row[i] = raw[src + i]! + (((i >= bpp ? row[i - bpp]! : 0) + prev[i]!) >> 1);
    } else if (filter === 4) {
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const b = prev[i]!;
        const c = i >= bpp ? prev[i - bpp]! : 0;
        const pa = Math.abs(b - c); // |p - a| with p = a + b - c
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        row[i] = raw[src + i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
    } else return null;
  }
  return out;
}

/** RGB samples (grey repeated, as pdf-lib writes them) and the alpha samples, kept only when some pixel is not opaque. */
function split(samples: Uint8Array, count: number, channels: number, width: number, height: number): Pixels {
  const rgb = new Uint8Array(count * 3);
  const grey = channels < 3;
  const hasAlpha = channels === 2 || channels === 4;
  const alpha = hasAlpha ? new Uint8Array(count) : null;
  let translucent = false;
  for (let p = 0, s = 0; p < count; p++, s += channels) {
    const r = samples[s]!;
    rgb[p * 3] = r;
    rgb[p * 3 + 1] = grey ? r : samples[s + 1]!;
    rgb[p * 3 + 2] = grey ? r : samples[s + 2]!;
    if (alpha) {
      const a = samples[s + channels - 1]!;
      alpha[p] = a;
      if (a < 255) translucent = true;
    }
  }
  return { width, height, rgb, alpha: translucent ? alpha : null };
}
