import "server-only";

/**
 * How a completion saves its PDFs: without object streams. pdf-lib packs
 * objects into streams it compresses with pako (JavaScript), and
 * @libpdf/core, which seals the file next, inflates them again to reach the
 * pages; written plainly, neither happens (bench/completion: ~5 % of a
 * completion). The files grow by the objects' uncompressed dictionaries, a
 * few KB; page contents, fonts and images stay compressed.
 */
export const COMPLETION_SAVE = { useObjectStreams: false } as const;
