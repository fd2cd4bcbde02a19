import { sortHand, type Card } from '@belote/rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tick } from 'svelte';
import { compile } from 'svelte/compiler';
import { describe, expect, it, vi } from 'vitest';
import Hand from './Hand.svelte';

const hand: Card[] = sortHand(['7C', 'JH', 'AS', '9H', '10D', 'KS', 'QD', 'AH'], 'H');

describe('Hand', () => {
  it('shows the cards in the order given, trump first (sortHand)', () => {
    render(Hand, { cards: hand, legal: [], active: false, ontap: () => {} });
    const shown = screen.getAllByRole('button').map((b) => b.getAttribute('data-card'));
    expect(shown).toEqual(hand);
    expect(shown.slice(0, 3)).toEqual(['JH', '9H', 'AH']);
  });

  it('has its slots, named, at once, and draws the faces in the next frame (not dealt live: a snapshot)', async () => {
    const { container } = render(Hand, { cards: hand, legal: [], active: false, ontap: () => {} });
    expect(screen.getAllByRole('button')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'jack of hearts' })).toBeTruthy();
    // (lib/frame-late.svelte.ts: the table's first frame does not draw the faces too)
    expect(container.querySelectorAll('[data-face]')).toHaveLength(0);
    expect(container.querySelectorAll('.waiting')).toHaveLength(8);
    await waitFor(() => expect(container.querySelectorAll('[data-face]')).toHaveLength(8));
    expect(container.querySelectorAll('.waiting')).toHaveLength(0);
  });

  it('lifts playable cards, dims the others and labels them for screen readers', () => {
    render(Hand, { cards: hand, legal: ['JH', '9H', 'AH'], active: true, ontap: () => {} });
    const jack = screen.getByRole('button', { name: 'jack of hearts, playable' });
    expect(jack.classList.contains('playable')).toBe(true);
    const seven = screen.getByRole('button', { name: 'seven of clubs, not playable' });
    expect(seven.classList.contains('dim')).toBe(true);
    expect(seven.classList.contains('playable')).toBe(false);
  });

  it("draws a focused card's ring above its neighbours, the card left in its place; a dimmed card's outside its dimming", async () => {
    const { container } = render(Hand, { cards: hand, legal: ['JH', '9H', 'AH'], active: true, ontap: () => {} });
    await waitFor(() => expect(container.querySelectorAll('[data-face]')).toHaveLength(8));
    // The hand's own styles, scoped as the rendered hand is (vitest leaves a component's CSS out).
    // jsdom cascades by order, not specificity, which these rules do not need, and matches
    // :focus-visible only on the last element of a selector: :focus stands in for it (a card
    // focused from the keyboard, as here, is both).
    const scope = [...container.querySelector('.hand')!.classList].find((c) => c.startsWith('svelte-'))!;
    const source = readFileSync(join(import.meta.dirname, 'Hand.svelte'), 'utf8');
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = compile(source, { filename: 'Hand.svelte', cssHash: () => scope }).css!.code.replaceAll(':focus-visible', ':focus');
    try {
      const outlined = (slot: HTMLElement): HTMLElement[] =>
        [slot, ...slot.querySelectorAll<HTMLElement>('*')].filter((el) => /solid/.test(getComputedStyle(el).outline));
      const dimmed = (el: HTMLElement | null, top: Element): boolean => {
        for (; el && el !== top; el = el.parentElement) if (/brightness|opacity/.test(getComputedStyle(el).filter) || Number(getComputedStyle(el).opacity || 1) < 1) return true;
        return false;
      };
      // jsdom computes no ::after: its declarations, from the rules (outside @media) whose element part matches, in order.
      const after = (sheet: CSSStyleSheet, el: Element): CSSStyleDeclaration => {
        const out = document.createElement('i').style;
        for (const r of sheet.cssRules)
          if (r instanceof CSSStyleRule && r.selectorText.split(',').some((sel) => sel.trim().endsWith('::after') && el.matches(sel.trim().slice(0, -'::after'.length))))
            for (const prop of r.style) out.setProperty(prop, r.style.getPropertyValue(prop));
        return out;
      };
      for (const card of ['7C', 'JH'] as const) {
        const slot = container.querySelector<HTMLElement>(`[data-card="${card}"]`)!;
        slot.focus();
        expect(slot.matches(':focus-visible')).toBe(true);
        // The ring is the slot's ::after, stacked above every card: the slot itself makes no
        // stacking context (no z-index, transform, filter) that would keep it under the next card,
        // nor is it raised (it would hide the next card's index). No other ring, under a neighbour.
        const ring = after(style.sheet!, slot);
        expect(ring.getPropertyValue('border'), card).toMatch(/solid/);
        expect(Number(ring.getPropertyValue('z-index')), card).toBeGreaterThan(0);
        expect(ring.getPropertyValue('pointer-events'), card).toBe('none');
        const own = getComputedStyle(slot);
        expect([own.zIndex || 'auto', own.transform || 'none', own.filter || 'none'], card).toEqual(['auto', 'none', 'none']);
        expect(outlined(slot), card).toEqual([]);
        expect(dimmed(slot, container), card).toBe(false);
      }
      // The dimmed card itself stays dimmed (not playable), focused or not.
      expect(getComputedStyle(container.querySelector('[data-card="7C"] .card')!).filter).toMatch(/brightness/);
    } finally {
      style.remove();
    }
  });

  it('keeps the keyboard in the hand: the last focused card takes Tab, and a played card hands the focus to the one in its place', async () => {
    const { rerender } = render(Hand, { cards: hand, legal: hand, active: true, ontap: () => {} });
    const buttons = (): HTMLElement[] => screen.getAllByRole('button');
    await fireEvent.keyDown(window, { key: 'Tab' }); // a keyboard player
    buttons()[3]!.focus();
    await tick();
    expect(buttons().map((b) => b.tabIndex)).toEqual([-1, -1, -1, 0, -1, -1, -1, -1]); // a roving tab stop
    const played = buttons()[3]!.getAttribute('data-card');
    await rerender({ cards: hand.filter((c) => c !== played), legal: hand, active: false, ontap: () => {} });
    expect(document.activeElement).toBe(buttons()[3]); // not lost to the page's body
    expect(document.activeElement!.getAttribute('data-card')).toBe(hand[4]);
  });

  it('keeps a keyboard player\'s focus at the hand when the deal\'s last card is played, and gives it to the next deal\'s cards', async () => {
    const { rerender } = render(Hand, { cards: ['AS'], legal: ['AS'], active: true, ontap: () => {} });
    await fireEvent.keyDown(window, { key: 'Tab' }); // a keyboard player
    screen.getByRole('button', { name: 'ace of spades, playable' }).focus();
    await rerender({ cards: [], legal: [], active: false, ontap: () => {} });
    // not the page's body (a screen reader would start over from the top) until the summary takes it
    expect(document.activeElement).toBe(screen.getByRole('toolbar', { name: 'Your hand' }));
    await rerender({ cards: hand, legal: [], active: false, ontap: () => {} });
    expect(document.activeElement).toBe(screen.getAllByRole('button')[0]);
    // a dialog that took the focus from the empty hand gives it back to the row: the row hands it on
    (document.activeElement as HTMLElement).blur();
    screen.getByRole('toolbar').focus();
    expect(document.activeElement).toBe(screen.getAllByRole('button')[0]);
  });

  it('the player\'s turn to play brings a keyboard player\'s focus to the hand when it was nowhere', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    const { rerender } = render(Hand, { cards: hand, legal: hand, active: false, ontap: () => {} });
    expect(document.activeElement).toBe(document.body);
    // with a mouse or a finger, no focus is moved by script (a focused card rises over its neighbour)
    await fireEvent.pointerDown(window);
    await rerender({ cards: hand, legal: hand, active: true, ontap: () => {} });
    expect(document.activeElement).toBe(document.body);
    await rerender({ cards: hand, legal: hand, active: false, ontap: () => {} });
    await fireEvent.keyDown(window, { key: 'Tab' });
    await rerender({ cards: hand, legal: hand, active: true, ontap: () => {} });
    expect(document.activeElement).toBe(screen.getAllByRole('button')[0]);
  });

  it('counts the keys pressed before the hand was on screen (Tab and Enter in the lobby): the first turn brings the focus', async () => {
    await fireEvent.pointerDown(window);
    await fireEvent.keyDown(window, { key: 'Enter' }); // "Start" pressed from the keyboard, before any hand
    (document.activeElement as HTMLElement | null)?.blur();
    const { rerender } = render(Hand, { cards: hand, legal: hand, active: false, ontap: () => {} });
    expect(document.activeElement).toBe(document.body);
    await rerender({ cards: hand, legal: hand, active: true, ontap: () => {} });
    expect(document.activeElement).toBe(screen.getAllByRole('button')[0]);
  });

  it('reports taps, and plays with the keyboard (arrows + Enter)', async () => {
    const ontap = vi.fn();
    render(Hand, { cards: hand, legal: hand, active: true, ontap });
    await fireEvent.click(screen.getByRole('button', { name: /queen of diamonds/ }));
    expect(ontap).toHaveBeenLastCalledWith('QD');
    const first = screen.getAllByRole('button')[0]!;
    first.focus();
    await fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-card')).toBe(hand[1]);
    await fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.getAttribute('data-card')).toBe(hand[7]);
  });
});
