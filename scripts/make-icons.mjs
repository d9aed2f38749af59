#!/usr/bin/env node
// Writes the app's icons into public/ from the two drawings below (run again after changing them):
// icon.svg (browsers that take SVG icons), favicon.ico (16, 32 and 48 px PNGs in one ICO, for the rest
// and for /favicon.ico requests), apple-touch-icon.png (180 px, square: iOS rounds the corners itself)
// and icon-192/512.png for the web manifest (full-bleed, so they also serve as "maskable").
import fs from "node:fs";
import path from "node:path";
import { createCanvas, Image } from "@napi-rs/canvas";

const BRAND = "#2552e8"; // --color-brand-600 in app/globals.css
// A signature stroke over a signing line: the service in one glyph, legible at 16 px.
const MARK = `
  <path d="M15 38c5-9 9-15 12-15 4 0-2 13 2 13 3 0 6-11 9-11 3 0-1 9 2 9 2 0 5-3 9-5" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M15 47h34" stroke="#fff" stroke-opacity=".7" stroke-width="3.5" stroke-linecap="round"/>`;
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${MARK}</svg>\n`;
// Full-bleed, the mark inside the central 80 % that maskable icons keep.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(6.4 6.4) scale(.8)">${MARK}</g></svg>\n`;

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../public");
fs.mkdirSync(out, { recursive: true });

function png(svg, size) {
  const image = new Image();
  image.src = Buffer.from(svg);
  const canvas = createCanvas(size, size);
  canvas.getContext("2d").drawImage(image, 0, 0, size, size);
  return canvas.toBuffer("image/png");
}

/** An ICO whose entries are PNGs (read by every browser since IE 11). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

fs.writeFileSync(path.join(out, "icon.svg"), rounded);
fs.writeFileSync(path.join(out, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, data: png(rounded, size) }))));
fs.writeFileSync(path.join(out, "apple-touch-icon.png"), png(square, 180));
fs.writeFileSync(path.join(out, "icon-192.png"), png(square, 192));
fs.writeFileSync(path.join(out, "icon-512.png"), png(square, 512));
console.log(`icons written to ${path.relative(process.cwd(), out)}/`);
