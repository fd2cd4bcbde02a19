import type { DealResult } from '@belote/rules';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { prefs } from '../lib/prefs.svelte.js';
import DealSummary from './DealSummary.svelte';
import Trick from './Trick.svelte';

describe('Trick', () => {
  it('lays each card toward the seat that played it, in play order', () => {
    prefs.setLang('en');
    render(Trick, { cards: [{ card: 'AS', pos: 'left' }, { card: '10S', pos: 'top' }, { card: '7S', pos: 'right' }] });
    const spots = [...document.querySelectorAll<HTMLElement>('[data-trick-card]')];
    expect(spots.map((s) => s.dataset.trickCard)).toEqual(['AS', '10S', '7S']);
    expect(spots.map((s) => [...s.classList].find((c) => ['left', 'top', 'right', 'bottom'].includes(c)))).toEqual(['left', 'top', 'right']);
    expect(screen.getByLabelText('ace of spades')).toBeTruthy();
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
    expect(box.textContent).toContain('Réserve du litige: 80');
    const written = [...box.querySelectorAll('.written td')].map((td) => td.textContent);
    expect(written).toEqual(['80', '0']);
    prefs.setLang('en');
  });
});
