// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.

export type ImageSize = { width: number; height: number };

/**
 * The size an image declares in its header, read without decoding it, so an
 * image bomb (a small file declaring a huge bitmap) is refused before any
 * pixel memory is taken. undefined when the header cannot be read (the
 * decoder then reports the file as damaged).
 */
export function declaredImageSize(bytes: Uint8Array, kind: "png" | "jpeg"): ImageSize | undefined {
  return kind === "png" ? pngSize(bytes) : jpegSize(bytes);
}

/** Width and height from the IHDR chunk, which a PNG must start with. */
function pngSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * Width and height from the first start-of-frame marker (SOF0–SOF15 except
 * DHT, JPG and DAC), walking the marker segments before the image data.
 */
function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return undefined;
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2; // markers without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // image data before any frame header
    const length = view.getUint16(pos + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (pos + 9 > bytes.length) return undefined;
      return { height: view.getUint16(pos + 5), width: view.getUint16(pos + 7) };
    }
    pos += 2 + length;
  }
  return undefined;
}
