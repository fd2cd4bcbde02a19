/** Bid bubbles put on the table in place, for the layout checks of a crowded auction. */
import type { Page } from 'playwright-core';

/**
 * A bid bubble at every seat (or at the seats at `positions`: top, left, right, bottom) that has
 * none (a copy of the first one's look, "Surcoinche!": the widest call), as if each had spoken:
 * the worst case for what the bubbles may cover.
 */
export function bubbleEverySeat(page: Page, positions?: readonly string[]): Promise<void> {
  return page.evaluate((positions) => {
    const scoped = [...document.querySelector('[data-seat] .plate')!.classList].find((c) => c.startsWith('svelte-')) ?? '';
    // (a position named must have its seat: a missing one throws)
    const seats = positions ? positions.map((pos) => document.querySelector(`[data-seat][data-pos=${pos}]`)!) : [...document.querySelectorAll('[data-seat]')];
    for (const seat of seats) {
      if (seat.querySelector('.bubble')) continue;
      const bubble = document.createElement('div');
      bubble.className = `bubble coinche ${scoped}`;
      bubble.dataset.call = 'surcoinche';
      bubble.textContent = 'Surcoinche!';
      seat.querySelector('.plate')!.after(bubble);
    }
  }, positions ?? null);
}
