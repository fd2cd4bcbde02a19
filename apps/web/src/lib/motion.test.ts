// The table's first screen carries lib/motion.ts only; the live deal's motion (deal-flight.ts)
// comes with the later parts. Before it has come (this file's own module graph: nothing here
// imports it until the last test), the stand-ins draw every card and move nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealtBack, dealtCard, drawnBack, drawnCard, toTaker, turnUp } from './motion.js';
import { dealMotion } from './deal-motion.js';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function watched(): { node: HTMLElement; animated: () => number } {
  const node = document.createElement('div');
  let n = 0;
  node.animate = (() => void n++) as unknown as HTMLElement['animate'];
  document.body.append(node);
  return { node, animated: () => n };
}
const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));

describe('before the live deal’s motion has loaded', () => {
  it('draws every card at once and moves nothing, asking for no frame', async () => {
    const raf = vi.fn(requestAnimationFrame);
    vi.stubGlobal('requestAnimationFrame', raf);
    const { node, animated } = watched();
    expect(drawnBack(1, 0)).toBe(true);
    expect(drawnCard('JH')).toBe(true);
    for (const t of [dealtBack(node, { seat: 1, index: 0 }), dealtCard(node, { card: 'JH' }), turnUp(node), toTaker(node)]) expect(t).toEqual({ duration: 0 });
    await new Promise((r) => setTimeout(r, 20));
    expect(raf).not.toHaveBeenCalled();
    expect(animated()).toBe(0);
  });

  it('hands over to it once a live step has dealt', async () => {
    const { startDeal, stopDeal } = await import('./deal-flight.js');
    const { node, animated } = watched();
    // Seat 1 is the eldest of dealer 0: its first card leaves at once, its fourth later.
    startDeal(dealMotion(0, true), new Map(), null, [0, 0, 0, 0]);
    expect(drawnBack(1, 0)).toBe(true);
    expect(drawnBack(1, 3)).toBe(false);
    expect(dealtBack(node, { seat: 1, index: 0 })).toEqual({ duration: 0 });
    await frame();
    expect(animated()).toBe(1);
    stopDeal();
    expect(drawnBack(1, 3)).toBe(true);
  });
});
