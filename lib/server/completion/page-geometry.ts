// Pure (no I/O, no secrets), so without "server-only": unit tests can import it directly.

// Field boxes are stored as fractions of the page *as displayed* (pdf.js's
// viewport: the crop box clipped to the media box, turned clockwise by
// /Rotate, y growing downwards), because that is what the sender and the
// signers saw when placing and filling them. pdf-lib draws in PDF user space
// (y up, no rotation). These pure functions translate between the two, so
// stamped values land where they were shown, upright on the displayed page.

export type Rotation = 0 | 90 | 180 | 270;

/** The visible area of a page in user space, and how the viewer turns it. */
export type PageView = {
  left: number;
  bottom: number;
  right: number;
  top: number;
  rotation: Rotation;
  /** Displayed size in points (width and height swap for 90 and 270). */
  width: number;
  height: number;
};

/** Fractions (0–1) of the displayed page, from its top-left corner. */
export type DisplayBox = { x: number; y: number; width: number; height: number };

/**
 * A box in user space as a local frame: `origin` is the box's displayed
 * bottom-left corner, the frame is turned counter-clockwise by `rotation`,
 * and `width`/`height` are the box's displayed size in points. Drawing at
 * local (lx, ly) with that rotation appears upright inside the box.
 */
export type Placement = {
  origin: { x: number; y: number };
  rotation: Rotation;
  width: number;
  height: number;
};

type Rect = readonly [number, number, number, number];

/** /Rotate as pdf.js reads it: anything not a multiple of 90 counts as 0. */
export function normalizeRotation(raw: number | undefined | null): Rotation {
  const r = raw ?? 0;
  if (!Number.isFinite(r) || r % 90 !== 0) return 0;
  return ((((r % 360) + 360) % 360) as Rotation);
}

const normalizeRect = ([a, b, c, d]: Rect) =>
  [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)] as const;

/**
 * The page as pdf.js shows it: the crop box intersected with the media box
 * (the media box alone when there is no crop box or they do not overlap),
 * corners in any order.
 */
export function pageViewOf(mediaBox: Rect, cropBox: Rect | null | undefined, rotate: number | null | undefined): PageView {
  const media = normalizeRect(mediaBox);
  let [left, bottom, right, top] = media;
  if (cropBox) {
    const crop = normalizeRect(cropBox);
    const l = Math.max(media[0], crop[0]);
    const b = Math.max(media[1], crop[1]);
    const r = Math.min(media[2], crop[2]);
    const t = Math.min(media[3], crop[3]);
    if (r > l && t > b) [left, bottom, right, top] = [l, b, r, t];
  }
  const rotation = normalizeRotation(rotate);
  const w = right - left;
  const h = top - bottom;
  const turned = rotation === 90 || rotation === 270;
  return { left, bottom, right, top, rotation, width: turned ? h : w, height: turned ? w : h };
}

/** A displayed point (points from the displayed top-left corner, y down) in user space. */
export function displayToUser(view: PageView, dx: number, dy: number): { x: number; y: number } {
  const { left, bottom, right, top } = view;
  switch (view.rotation) {
    case 90: // displayed top-left is the user-space bottom-left; across = up, down = right
      return { x: left + dy, y: bottom + dx };
    case 180:
      return { x: right - dx, y: bottom + dy };
    case 270: // displayed top-left is the user-space top-right; across = down, down = left
      return { x: right - dy, y: top - dx };
    default:
      return { x: left + dx, y: top - dy };
  }
}

/** Where a displayed box is in user space, as a frame to draw upright content in. */
export function placeBox(view: PageView, box: DisplayBox): Placement {
  const width = box.width * view.width;
  const height = box.height * view.height;
  // The box's displayed bottom-left corner.
  const origin = displayToUser(view, box.x * view.width, (box.y + box.height) * view.height);
  return { origin, rotation: view.rotation, width, height };
}

/** A point of the box's local frame (x right, y up, as displayed) in user space. */
export function localToUser(p: Placement, lx: number, ly: number): { x: number; y: number } {
  const [cos, sin] = COS_SIN[p.rotation];
  return { x: p.origin.x + lx * cos - ly * sin, y: p.origin.y + lx * sin + ly * cos };
}

// Exact values, so a box on a turned page does not drift by 1e-16 rounding.
const COS_SIN: Record<Rotation, [number, number]> = { 0: [1, 0], 90: [0, 1], 180: [-1, 0], 270: [0, -1] };

/** The user-space bounding rectangle of a placement (for checks and tests). */
export function userRectOf(p: Placement): { x: number; y: number; width: number; height: number } {
  const a = localToUser(p, 0, 0);
  const b = localToUser(p, p.width, p.height);
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}
