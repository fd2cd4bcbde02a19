/**
 * The part of `el` its ancestors up to `root` do not clip (overflow other than visible), or null
 * when nothing of it shows: a control scrolled out of a panel is clipped, not covered by what
 * lies over that spot. `clips` caches each ancestor's clip box for one measurement.
 */
export function shownPart(el: Element, root: Element, clips: Map<Element, DOMRect | null>): DOMRect | null {
  const r = el.getBoundingClientRect();
  let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
  for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
    let clip = clips.get(a);
    if (clip === undefined) {
      const style = getComputedStyle(a);
      clip = style.overflowX === 'visible' && style.overflowY === 'visible' ? null : a.getBoundingClientRect();
      clips.set(a, clip);
    }
    if (clip) [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
  }
  return right > left && bottom > top ? new DOMRect(left, top, right - left, bottom - top) : null;
}
