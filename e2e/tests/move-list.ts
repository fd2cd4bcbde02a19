/** Checks of the replay's move list, shared by the replay and coinche end-to-end tests. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SIZES, type Size } from './axe.js';
import { resize } from './browser.js';

/**
 * Every bid of the move list whole at both sizes: no text cut (an ellipsis) and nothing running
 * out of its cell, the marks (?! ? ??) included. The page is left at `after`.
 */
export async function bidsWhole(page: Page, what: string, after: Size): Promise<void> {
  for (const size of ['desktop', 'phone'] as const) {
    await resize(page, SIZES[size]);
    const cut = await page.$$eval('[data-testid=move-list] button.move.bid', (els) =>
      els.flatMap((b) => {
        const box = b.getBoundingClientRect();
        const out = (r: DOMRect): boolean => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
        const parts = [...b.querySelectorAll<HTMLElement>('.txt, .glyph')];
        const whole = b.scrollWidth <= b.clientWidth && parts.every((p) => p.scrollWidth <= p.clientWidth && ![...p.getClientRects()].some(out));
        return whole ? [] : [`"${parts.map((p) => p.textContent).join('')}" in ${Math.round(box.width)} px`];
      }),
    );
    expect(cut, `${what} @ ${size}: bids cut in the move list`).toEqual([]);
  }
  await page.setViewportSize(SIZES[after]);
}
