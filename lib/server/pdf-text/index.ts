// Text on PDF pages in every script: see text-writer.ts (drawing), shape-line.ts (fonts per
// character, bidi, shaping), embed-fonts.ts (subsets, ToUnicode), font-catalog.ts (the Noto fonts).
export { TextWriter, type LineStyle } from "./text-writer";
export { fontsReady } from "./font-catalog";
