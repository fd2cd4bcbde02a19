import { currentDeal, legalPlays, viewFor, type Seat } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { step, taken, updateFor } from '../../test/fixtures.js';
import { LiveTable, share } from './store-state.svelte.js';

describe('share (structural sharing of the folded view)', () => {
  it('keeps every part equal to the previous one, and makes the changed ones new', () => {
    const prev = { hand: ['7S', 'AH'], trick: { leader: 0, cards: ['KD'] }, points: [10, 0], none: null };
    const next = { hand: ['7S', 'AH'], trick: { leader: 0, cards: ['KD', 'QD'] }, points: [10, 0], none: null };
    const out = share(prev, next);
    expect(out).toEqual(next);
    expect(out).not.toBe(prev);
    expect(out.hand).toBe(prev.hand);
    expect(out.points).toBe(prev.points);
    expect(out.trick).not.toBe(prev.trick);
    expect(out.trick.cards).toEqual(['KD', 'QD']);
    // nothing changed: the previous object itself
    expect(share(prev, structuredClone(prev))).toBe(prev);
  });

  it('tells added and removed keys and lengths apart, and leaves objects that are not plain data alone', () => {
    expect(share({ a: 1 } as Record<string, number>, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    const gone = share({ a: 1, b: 2 } as Record<string, number>, { a: 1 });
    expect(gone).toEqual({ a: 1 });
    expect(share([1, 2, 3], [1, 2])).toEqual([1, 2]);
    expect(share({ x: undefined } as Record<string, unknown>, {})).toEqual({});
    const day = new Date(0);
    expect(share({ d: new Date(0) }, { d: day }).d).toBe(day);
    expect(share([1], { 0: 1 } as unknown as number[])).toEqual({ 0: 1 });
  });
});

describe('LiveTable: a step keeps what it did not change', () => {
  it('the viewer’s hand, the scores and the history stay the same objects when another seat plays', () => {
    const s0 = taken(3);
    const turn = currentDeal(s0)!.turn!;
    const me = ((turn + 1) % 4) as Seat;
    const live = new LiveTable(() => 0);
    live.load(updateFor(s0, me, 1));
    const before = live.deal!;
    const history = live.view!.history;
    const played = step(s0, { type: 'play', seat: turn, card: legalPlays(s0, turn)[0]! });
    expect(live.step({ seq: 2, version: 2, events: played.events })).toBe('applied');
    const after = live.deal!;
    // the same as the rules' own view of the new state…
    expect(live.view).toEqual(viewFor(played.state, me));
    // …with the unchanged parts shared
    expect(after.hand).toBe(before.hand);
    expect(after.points).toBe(before.points);
    expect(after.tricksWon).toBe(before.tricksWon);
    expect(live.view!.history).toBe(history);
    // and the changed ones new
    expect(after.trick).not.toBe(before.trick);
    expect(after.trick.cards).toHaveLength(before.trick.cards.length + 1);
    expect(after.handCounts).not.toBe(before.handCounts);
  });
});
