// The table's first screen carries lib/motion.ts only; the live deal's motion (deal-flight.ts)
// comes with the later parts. Before it has come (this file's own module graph: nothing here
// imports it before the second test), the stand-ins draw every card and move nothing.
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

describe('a back dealt to a seat whose backs are hidden (a coinche auction on a short phone)', () => {
  it('flies a copy onto the seat\'s avatar, unread by screen readers, gone when it has landed', async () => {
    const { startDeal, stopDeal } = await import('./deal-flight.js');
    // (the dealer's seat 0, and seat 1 whose backs are hidden: jsdom lays nothing out, no element has a box)
    document.body.innerHTML = '<div data-seat="0"><div class="plate"></div></div><div data-seat="1"><div class="plate"><span class="avatar"></span></div><div class="backs"></div></div>';
    const node = document.createElement('span');
    node.className = 'slot';
    node.innerHTML = '<div class="back small"></div>';
    node.animate = (() => {
      throw new Error('the hidden back itself does not move');
    }) as unknown as HTMLElement['animate'];
    document.querySelector('.backs')!.append(node);
    const flights: { el: Element; frames: Keyframe[]; animation: { onfinish: (() => void) | null } }[] = [];
    const animate = vi.fn(function (this: Element, frames: Keyframe[]) {
      const animation = { onfinish: null, oncancel: null };
      flights.push({ el: this, frames, animation });
      return animation;
    });
    Element.prototype.animate = animate as unknown as Element['animate'];
    try {
      startDeal(dealMotion(0, false), new Map(), null, [0, 0, 0, 0]);
      expect(dealtBack(node, { seat: 1, index: 0 })).toEqual({ duration: 0 });
      await frame();
      expect(flights).toHaveLength(1);
      const { el, frames, animation } = flights[0]!;
      expect(el.parentElement?.className, 'onto the avatar').toBe('avatar');
      expect(el.getAttribute('aria-hidden')).toBe('true');
      expect(el.querySelector('.back')).not.toBeNull();
      expect(frames.at(-1)?.opacity, 'faded at the end').toBe(0);
      animation.onfinish?.();
      expect(document.querySelector('.avatar')!.children).toHaveLength(0);
    } finally {
      delete (Element.prototype as { animate?: unknown }).animate;
      stopDeal();
    }
  });
  it('drops a copy still flying when a snapshot replaces the deal (stopDeal)', async () => {
    const { startDeal, stopDeal } = await import('./deal-flight.js');
    document.body.innerHTML = '<div data-seat="0"><div class="plate"></div></div><div data-seat="1"><div class="plate"><span class="avatar"></span></div><div class="backs"></div></div>';
    const node = document.createElement('span');
    node.innerHTML = '<div class="back small"></div>';
    document.querySelector('.backs')!.append(node);
    let cancelled = 0;
    Element.prototype.animate = function () {
      const animation = {
        onfinish: null as (() => void) | null,
        oncancel: null as (() => void) | null,
        cancel: () => void (cancelled++, animation.oncancel?.()),
      };
      return animation;
    } as unknown as Element['animate'];
    try {
      startDeal(dealMotion(0, false), new Map(), null, [0, 0, 0, 0]);
      dealtBack(node, { seat: 1, index: 0 });
      await frame();
      expect(document.querySelector('.avatar')!.children).toHaveLength(1);
      stopDeal();
      expect(cancelled).toBe(1);
      expect(document.querySelector('.avatar')!.children).toHaveLength(0);
    } finally {
      delete (Element.prototype as { animate?: unknown }).animate;
      stopDeal();
    }
  });
});
