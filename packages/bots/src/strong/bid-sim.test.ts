import { apply, newGame, seededRng, shuffledDeck, startDeal, viewFor, type GameState, type GameView, type Seat } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { bidSamples, lastBid, simulatedBid } from './bid-sim.js';
import { strongBid } from './strong.js';

/** A classic deal's view for the seat to bid, in round 1 or (after four passes) round 2. */
function biddingView(seed: number, round: 1 | 2): GameView {
  const started = startDeal(newGame({}), (seed & 3) as Seat, shuffledDeck(seededRng(`bid-sim:${seed}`)));
  if (!started.ok) throw new Error(started.error.message);
  let state: GameState = started.state;
  if (round === 2) {
    for (let k = 0; k < 4; k++) {
      const r = apply(state, { type: 'pass', seat: ((seed + 1 + k) & 3) as Seat });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  }
  return viewFor(state, ((seed + 1) & 3) as Seat);
}

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
const argmax = (margins: readonly number[][]): number => margins.reduce((b, m, i) => (mean(m) > mean(margins[b]!) ? i : b), 0);

/** The rule restated: the best leads the next best by more than 2 standard errors of the paired difference. */
function clear(margins: readonly number[][]): boolean {
  const best = argmax(margins);
  const rest = margins.map((m, i) => (i === best ? -Infinity : mean(m)));
  const next = rest.indexOf(Math.max(...rest));
  const d = margins[best]!.map((m, n) => m - margins[next]![n]!);
  const mu = mean(d);
  const sd = Math.sqrt(d.reduce((a, x) => a + (x - mu) ** 2, 0) / (d.length - 1));
  return mu > (2 * sd) / Math.sqrt(d.length) || (sd === 0 && mu >= 0);
}

describe('simulatedBid: a second round of decks for close bids', () => {
  it('decides on the first decks when the best bid leads clearly, on twice as many when not', { timeout: 180_000 }, () => {
    const n = 8;
    let extended = 0;
    let settled = 0;
    let changedByMore = 0;
    for (let seed = 0; seed < 24; seed++) {
      const view = biddingView(seed, seed % 3 === 0 ? 2 : 1);
      const first = bidSamples(view, seededRng(seed), { bidSamples: n, timeMs: Infinity });
      const both = bidSamples(view, seededRng(seed), { bidSamples: 2 * n, timeMs: Infinity });
      // The first n decks of the longer run are the same decks (one seeded stream).
      expect(both.margins.map((m) => m.slice(0, n))).toEqual(first.margins);
      const expected = clear(first.margins) ? argmax(first.margins) : argmax(both.margins);
      const choice = simulatedBid(view, seededRng(seed), { bidSamples: n, timeMs: Infinity });
      expect(choice).toEqual(first.options[expected]);
      expect(lastBid.decks).toBe(clear(first.margins) ? n : 2 * n);
      if (clear(first.margins)) settled++;
      else {
        extended++;
        if (argmax(both.margins) !== argmax(first.margins)) changedByMore++;
      }
    }
    // Both branches are taken, and the second round changes some decisions (else this test could not fail).
    expect(settled).toBeGreaterThan(0);
    expect(extended).toBeGreaterThan(0);
    expect(changedByMore).toBeGreaterThan(0);
  });

  it('stops after the first decks once the clock cap is spent', () => {
    const view = biddingView(5, 1);
    let t = 0;
    simulatedBid(view, seededRng(1), { bidSamples: 4, timeMs: 10 }, 0, () => (t += 100));
    expect(lastBid.decks).toBe(1);
  });
});

describe('strongBid: the take margin of the budget', () => {
  it('passes hands it takes at margin 0 once a take must gain more than any deal can', () => {
    let took = 0;
    for (let seed = 0; seed < 12; seed++) {
      const view = biddingView(seed, 1);
      const plain = strongBid(view, seededRng(seed), { bidSamples: 8, timeMs: Infinity });
      // Margin 0 is the default: the same decision as simulatedBid's.
      expect(plain).toEqual(simulatedBid(view, seededRng(seed), { bidSamples: 8, timeMs: Infinity }));
      if (plain.type === 'take') took++;
      expect(strongBid(view, seededRng(seed), { bidSamples: 8, timeMs: Infinity, takeMargin: 1000 })).toEqual({ type: 'pass' });
    }
    expect(took).toBeGreaterThan(0);
  });
});
