import "server-only";

// A minimal DER writer and reader: just enough to build a CMS SignedData and to
// lift the issuer and serial number out of a certificate. Buffers throughout
// (node-forge's ASN.1 works on binary strings, which is slow and awkward for
// the few fixed structures the signature needs).

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One tag-length-value element with the given (already encoded) contents. */
export function tlv(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), encodeLength(body.length), body]);
}

export const sequence = (...items: Buffer[]) => tlv(0x30, ...items);

/**
 * SET OF in DER order: elements sorted by their encodings (X.690 11.6). The
 * signed attributes are hashed as a SET, so a verifier that re-encodes them
 * canonically must arrive at the same bytes we signed.
 */
export const setOf = (...items: Buffer[]) => tlv(0x31, ...sortDer(items));
export const sortDer = (items: Buffer[]) => [...items].sort(Buffer.compare);

export const octetString = (bytes: Buffer) => tlv(0x04, bytes);
export const NULL = Buffer.from([0x05, 0x00]);

export function smallInteger(n: number): Buffer {
  if (!Number.isInteger(n) || n < 0 || n > 127) throw new Error("smallInteger: 0..127 only");
  return tlv(0x02, Buffer.from([n]));
}

export function objectIdentifier(oid: string): Buffer {
  const arcs = oid.split(".").map(Number);
  const [a = 0, b = 0, ...rest] = arcs;
  const bytes: number[] = [40 * a + b];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let n = Math.floor(arc / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift(0x80 | (n & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

export type DerElement = { tag: number; start: number; contentStart: number; end: number };

/** Reads the element starting at `offset` (definite lengths only, as DER requires). */
export function readElement(buf: Buffer, offset = 0): DerElement {
  const tag = buf[offset];
  let lengthByte = buf[offset + 1];
  if (tag === undefined || lengthByte === undefined) throw new Error("DER: truncated");
  let contentStart = offset + 2;
  let length = lengthByte;
  if (lengthByte & 0x80) {
    const count = lengthByte & 0x7f;
    if (count === 0 || count > 4) throw new Error("DER: unsupported length");
    length = 0;
    for (let i = 0; i < count; i++) {
      lengthByte = buf[contentStart + i];
      if (lengthByte === undefined) throw new Error("DER: truncated");
      length = length * 256 + lengthByte;
    }
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > buf.length) throw new Error("DER: truncated");
  return { tag, start: offset, contentStart, end };
}

/** The elements directly inside a constructed element. */
export function children(buf: Buffer, parent: DerElement): DerElement[] {
  const out: DerElement[] = [];
  for (let at = parent.contentStart; at < parent.end; ) {
    const el = readElement(buf, at);
    out.push(el);
    at = el.end;
  }
  return out;
}

export const bytesOf = (buf: Buffer, el: DerElement) => buf.subarray(el.start, el.end);
