/**
 * Calls `set` with the element's width now and whenever it changes; returns the stop. The
 * charts use this rather than `bind:clientWidth`, whose runtime part would land in the chunk
 * every page loads first (vite.config.ts: the Svelte runtime is one shared chunk).
 */
export function trackWidth(el: HTMLElement, set: (width: number) => void): () => void {
  // jsdom (unit tests) has no ResizeObserver and no layout: the chart keeps its default width.
  if (typeof ResizeObserver === 'undefined') return () => {};
  const ro = new ResizeObserver((entries) => {
    const w = entries.at(-1)?.contentRect.width;
    if (w) set(w);
  });
  ro.observe(el);
  return () => ro.disconnect();
}
