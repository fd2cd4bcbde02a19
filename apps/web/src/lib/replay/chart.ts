/**
 * The little geometry the replay's charts share (SVG, no library): linear scales, round tick
 * values, line and area paths, the point nearest the pointer, and a spot for a label clear of the lines.
 */

export interface Point {
  x: number;
  y: number;
}

/** A linear map from [d0, d1] onto [r0, r1] (a constant domain maps to the middle). */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

/** A round step (1, 2 or 5 times a power of ten) giving about `count` intervals over `span`. */
export function niceStep(span: number, count: number): number {
  if (span <= 0 || count <= 0) return 1;
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/** Round tick values from `min` to `max` (inclusive), about `count` intervals apart. */
export function ticks(min: number, max: number, count: number): number[] {
  const step = niceStep(max - min, count);
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) out.push(Math.abs(v) < 1e-9 ? 0 : v);
  return out;
}

const f = (v: number): string => v.toFixed(1);

/** An SVG path through the points. */
export const linePath = (pts: readonly Point[]): string => pts.map((p, i) => `${i ? 'L' : 'M'}${f(p.x)},${f(p.y)}`).join('');

/** The area between the line through the points and the horizontal line at `base` (closed). */
export const areaPath = (pts: readonly Point[], base: number): string =>
  pts.length ? `M${f(pts[0]!.x)},${f(base)}${pts.map((p) => `L${f(p.x)},${f(p.y)}`).join('')}L${f(pts.at(-1)!.x)},${f(base)}Z` : '';

/** The index of the x nearest `x` (xs ascending); −1 for none. */
export function nearestIndex(xs: readonly number[], x: number): number {
  let best = -1;
  let d = Infinity;
  xs.forEach((v, i) => {
    if (Math.abs(v - x) < d) {
      d = Math.abs(v - x);
      best = i;
    }
  });
  return best;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether the segment a–b passes through the box (Liang–Barsky clipping; a == b: the point). */
export function segmentMeetsBox(a: Point, b: Point, box: Box): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  // Each edge as p·t ≤ q: left, right, top, bottom.
  const edges: [number, number][] = [
    [-dx, a.x - box.x],
    [dx, box.x + box.width - a.x],
    [-dy, a.y - box.y],
    [dy, box.y + box.height - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else if (p < 0) t0 = Math.max(t0, q / p);
    else t1 = Math.min(t1, q / p);
  }
  return t0 <= t1;
}

/** Whether a line through the points (or its only point) passes through the box. */
export const lineMeetsBox = (pts: readonly Point[], box: Box): boolean => pts.some((p, i) => segmentMeetsBox(pts[Math.max(0, i - 1)]!, p, box));

/** The index of the first box no line passes through (each box grown by `pad` all round); 0 when none is clear. */
export function clearBox(boxes: readonly Box[], lines: readonly (readonly Point[])[], pad: number): number {
  const i = boxes.findIndex((b) => !lines.some((l) => lineMeetsBox(l, { x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad })));
  return Math.max(0, i);
}
