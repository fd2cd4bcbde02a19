/**
 * Whole games drawn state by state, as a player and as a spectator: every state a game passes
 * through (random play: takes, coinches, surcoinches, capots, announcements, all-pass deals) is
 * rendered without an error, and what each seat declared is on its plate.
 *
 * (A seat declaring two of a kind, "Tierce" twice, once threw while the first trick was played.)
 */
import { playGame, seededRng, type GameState, type Rules, type Viewer } from '@belote/rules';
import { cleanup, render } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { TABLE_ID, updateFor } from '../../test/fixtures.js';
import { prefs } from '../lib/prefs.svelte.js';
import { TableClient } from '../lib/store.svelte.js';
import TableView from './TableView.svelte';

/** The states of the first seeded random game (of `tries`) that `wanted` accepts. */
function gameWhere(rules: Partial<Rules>, wanted: (states: GameState[]) => boolean, tries = 300): { seed: number; states: GameState[] } {
  for (let seed = 1; seed <= tries; seed++) {
    const states: GameState[] = [];
    playGame(rules, seededRng(seed), undefined, { onStep: (s) => states.push(s) });
    if (wanted(states)) return { seed, states };
  }
  throw new Error(`no game of ${tries} seeds had what the test needs`);
}

/** A state where a seat's declarations, still on the plates, hold two of a kind. */
const twoOfAKind = (s: GameState): boolean => {
  const view = updateFor(s, 'spectator', 1).view?.deal;
  return view?.declared?.some((d) => new Set(d.kinds).size < d.kinds.length) ?? false;
};

/** Mounts a table for `viewer` and draws every state; returns the plates' announcements seen at each. */
async function drawAll(states: GameState[], viewer: Viewer): Promise<string[][][]> {
  const errors: unknown[] = [];
  const onError = (e: ErrorEvent): void => void errors.push(e.error ?? e.message);
  window.addEventListener('error', onError);
  try {
    const store = new TableClient(TABLE_ID);
    store.receive(updateFor(states[0]!, viewer, 1));
    render(TableView, { id: TABLE_ID, storeFactory: () => store });
    const seen: string[][][] = [];
    for (let i = 0; i < states.length; i++) {
      store.receive(updateFor(states[i]!, viewer, i + 2));
      await tick();
      seen.push([0, 1, 2, 3].map((seat) => [...document.querySelectorAll(`[data-seat="${seat}"] .announce`)].map((e) => e.textContent ?? '')));
    }
    expect(errors).toEqual([]);
    return seen;
  } finally {
    window.removeEventListener('error', onError);
  }
}

afterEach(() => cleanup());

describe('whole games drawn state by state', () => {
  it('classic with announcements: a seat declaring two of a kind keeps both on its plate; no state throws, for a player or a spectator', async () => {
    prefs.setLang('en');
    const { states } = gameWhere({ target: 501, announcements: true }, (all) => all.some(twoOfAKind));
    const at = states.findIndex(twoOfAKind);
    const declared = updateFor(states[at]!, 'spectator', 1).view!.deal!.declared!;
    for (const viewer of [0, 'spectator'] as const) {
      const seen = await drawAll(states, viewer);
      for (const d of declared) expect(seen[at]![d.seat], `${viewer}: seat ${d.seat}'s plate`).toHaveLength(d.kinds.length);
      expect(seen[at]!.some((texts) => new Set(texts).size < texts.length), 'two of a kind shown').toBe(true);
      cleanup();
    }
  });

  it('coinche with announcements, to the end: every state with coinches, surcoinches and capot bids drawn without an error, for a player and a spectator', async () => {
    prefs.setLang('en');
    const calls = (all: GameState[], type: string): boolean =>
      all.some((s) => s.deals.some((d) => d.auction?.calls.some((c) => c.call.type === type || (type === 'capot' && c.call.type === 'bid' && c.call.value === 'capot'))));
    const { states } = gameWhere({ variant: 'coinche', target: 1000, announcements: true }, (all) => calls(all, 'surcoinche') && calls(all, 'capot'));
    for (const viewer of [2, 'spectator'] as const) {
      await drawAll(states, viewer);
      cleanup();
    }
  });
});
