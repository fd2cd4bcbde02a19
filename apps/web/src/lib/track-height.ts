/**
 * Calls `set` with the element's height, its border box (padding included), now and whenever it
 * changes; returns the stop. Used rather than `bind:offsetHeight`, whose runtime part would land
 * in the chunk every page loads first (vite.config.ts: the Svelte runtime is one shared chunk).
 */
export function trackHeight(el: HTMLElement, set: (height: number) => void): () => void {
  // jsdom (unit tests) has no ResizeObserver and no layout: the caller keeps its default height.
  if (typeof ResizeObserver === 'undefined') return () => {};
  const ro = new ResizeObserver(() => set(el.offsetHeight));
  ro.observe(el, { box: 'border-box' });
  return () => ro.disconnect();
}
