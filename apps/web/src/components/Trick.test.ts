import type { DealResult } from '@belote/rules';
import { render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { prefs } from '../lib/prefs.svelte.js';
import DealSummary from './DealSummary.svelte';
import DealBreakdown from './replay/DealBreakdown.svelte';
import Trick from './Trick.svelte';

describe('Trick', () => {
  it('lays each card toward the seat that played it, in play order', () => {
    prefs.setLang('en');
    render(Trick, { cards: [{ card: 'AS', pos: 'left' }, { card: '10S', pos: 'top' }, { card: '7S', pos: 'right' }] });
    const spots = [...document.querySelectorAll<HTMLElement>('[data-trick-card]')];
    expect(spots.map((s) => s.dataset.trickCard)).toEqual(['AS', '10S', '7S']);
    expect(spots.map((s) => [...s.classList].find((c) => ['left', 'top', 'right', 'bottom'].includes(c)))).toEqual(['left', 'top', 'right']);
    // Each card is named for screen readers; the printed letters are hidden from them.
    expect(spots[0]!.querySelector('.sr-only')!.textContent).toBe('ace of spades');
    expect([...spots[0]!.querySelectorAll('.corner')].every((c) => c.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('says who played each card with the language’s colon (French: a narrow no-break space before it), from the core texts', () => {
    for (const [lang, expected] of [['fr', 'Anna\u202f: as de pique'], ['en', 'Anna: ace of spades'], ['de', 'Anna: Pik-Ass']] as const) {
      prefs.setLang(lang);
      const { unmount } = render(Trick, { cards: [{ card: 'AS', pos: 'left', by: 'Anna' }] });
      expect([...document.querySelectorAll('[data-trick-card] .sr-only')].map((e) => e.textContent).join('')).toBe(expected);
      unmount();
    }
    prefs.setLang('en');
  });

  it('lets a won trick slide away, at once when the player prefers reduced motion', async () => {
    const cards = [{ card: 'AS', pos: 'left' }, { card: '10S', pos: 'top' }] as const;
    // jsdom has no Web Animations: a stand-in where a zero-length animation ends at once (next
    // task) and a longer one only when the test ends it (no race with the clock).
    const durations: number[] = [];
    const running: (() => void)[] = [];
    const original = Element.prototype.animate;
    Element.prototype.animate = function (_k: unknown, opts?: number | KeyframeAnimationOptions) {
      const duration = typeof opts === 'number' ? opts : Number(opts?.duration ?? 0);
      durations.push(duration);
      const a = { onfinish: null as null | (() => void), cancel() {}, play() {}, pause() {}, currentTime: 0, playState: 'running' };
      if (duration === 0) setTimeout(() => a.onfinish?.(), 0);
      else running.push(() => a.onfinish?.());
      return a as unknown as Animation;
    };
    const cardsShown = () => document.querySelectorAll('[data-trick-card]').length;
    for (const reduce of [false, true]) {
      vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
      const { rerender, unmount } = render(Trick, { cards: [...cards], winner: 'left' });
      durations.length = 0;
      await rerender({ cards: [], winner: 'left' });
      await tick();
      await new Promise((r) => setTimeout(r, 0)); // the zero-length animations' end
      if (reduce) {
        expect(cardsShown()).toBe(0);
        expect(durations.filter((d) => d > 0)).toEqual([]);
      } else {
        // the cards slide (380 ms) and stay until their animations end
        expect(durations).toContain(380);
        expect(cardsShown()).toBe(2);
        running.splice(0).forEach((end) => end());
        await vi.waitFor(() => expect(cardsShown()).toBe(0));
      }
      unmount();
      vi.unstubAllGlobals();
    }
    Element.prototype.animate = original;
  });
});

describe('DealSummary', () => {
  it('shows what each team writes, the outcome and the litige pot', () => {
    prefs.setLang('fr');
    const result: DealResult = {
      outcome: 'litige', capot: null, taker: 1, trump: 'H', tricks: [],
      points: [81, 81], belote: [0, 0], announcements: [0, 0], written: [80, 0], litigePot: 80, totals: [300, 220],
    };
    render(DealSummary, { result, number: 3, us: 0, teamNames: ['Nous', 'Eux'], takerName: 'Ben', onclose: vi.fn() });
    const box = screen.getByTestId('deal-summary');
    expect(box.textContent).toContain('Litige');
    expect(box.textContent).toContain('Donne 3');
    // French typography: a narrow no-break space before the colon (the language's text, not the component's).
    expect(box.querySelector('.pot')!.textContent).toBe('Réserve du litige\u202f: 80');
    const written = [...box.querySelectorAll('.written td')].map((td) => td.textContent);
    expect(written).toEqual(['80', '0']);
    // The taking team's column: a star, and the word for screen readers; no empty header cell.
    expect(box.querySelector('thead .sr-only')!.textContent).toBe(' (Preneur)');
    expect([...box.querySelectorAll('thead th')].every((th) => th.textContent!.trim() !== '')).toBe(true);
    prefs.setLang('en');
  });

  it('puts the language’s colon in the replay’s breakdown too', () => {
    const result: DealResult = {
      outcome: 'litige', capot: null, taker: 1, trump: 'H', tricks: [],
      points: [81, 81], belote: [0, 0], announcements: [0, 0], written: [80, 0], litigePot: 80, totals: [300, 220],
    };
    prefs.setLang('fr');
    render(DealBreakdown, { result, teams: ['Nous', 'Eux'] });
    expect(screen.getByTestId('deal-breakdown').querySelector('.pot')!.textContent).toBe('Réserve du litige\u202f: 80');
    prefs.setLang('en');
  });
});
