/**
 * The fold is the structural no-leak guarantee of protocol v2: a client that starts from a
 * view and applies the public events of every step (plus its own cards when dealt) holds
 * exactly `viewFor(state, viewer)` after each step — so the server never needs to send more
 * than public events and a seat's own cards. Checked for every viewer (four seats and a
 * spectator) and every step of thousands of random games: announcements on and off, redeals,
 * capot, litige, whole games to the target, classic and coinche (its auction, coinche and
 * surcoinche).
 */
import { describe, expect, it } from 'vitest';
import {
  SEATS,
  applyEvents,
  initialView,
  newGame,
  ownCardsAfter,
  playGame,
  seededRng,
  viewFor,
  type GameEvent,
  type GameState,
  type GameView,
  type Rules,
  type Viewer,
} from '../src/index.js';

const GAMES = Number(process.env.FOLD_GAMES ?? 2000);
const VIEWERS: Viewer[] = [...SEATS, 'spectator'];

/** Same value; JSON first (the fold builds keys in viewFor's order), a structural diff on mismatch. */
function expectSame(folded: GameView, truth: GameView, where: string): void {
  if (JSON.stringify(folded) === JSON.stringify(truth)) return;
  expect(folded, where).toEqual(truth);
}

describe('applyEvents', () => {
  it(`rebuilds viewFor exactly for every viewer after every step of ${GAMES} random games`, { timeout: 240_000 }, () => {
    const seen = { steps: 0, redeal: 0, capot: 0, litige: 0, dedans: 0, made: 0, announced: 0, shown: 0, belote: 0, gameOver: 0, lateJoins: 0, coinche: 0, coinched: 0, surcoinched: 0 };
    for (let g = 0; g < GAMES; g++) {
      const rng = seededRng(`fold-${g}`);
      const coinche = g % 4 === 3;
      const rules: Partial<Rules> = {
        ...(coinche ? { variant: 'coinche' as const } : {}),
        announcements: g % 2 === 0,
        tie: g % 3 === 0 ? 'dedans' : 'litige',
        target: (coinche ? 501 : g % 7 === 0 ? 1000 : g % 5 === 0 ? 501 : 301) as Rules['target'],
      };
      if (coinche) seen.coinche++;
      const full = newGame(rules);
      let views = VIEWERS.map((v) => initialView(full.rules, v));
      for (const [i, v] of VIEWERS.entries()) expectSame(views[i]!, viewFor(full, v), `game ${g}: initial view of ${v}`);
      // a viewer who joins at a random step: it starts from the snapshot, then folds too
      const joinAt = Math.floor(rng() * 60);
      let late: GameView | null = null;
      let step = 0;
      const onStep = (state: GameState, events: GameEvent[]) => {
        seen.steps++;
        views = views.map((view, i) => {
          const viewer = VIEWERS[i]!;
          const own = viewer === 'spectator' ? null : ownCardsAfter(state, viewer, events);
          const next = applyEvents(view, events, own);
          expectSame(next, viewFor(state, viewer), `game ${g} step ${step}: ${viewer} after ${JSON.stringify(events)}`);
          return next;
        });
        if (late) {
          late = applyEvents(late, events, ownCardsAfter(state, 2, events));
          expectSame(late, viewFor(state, 2), `game ${g} step ${step}: late joiner`);
        } else if (step === joinAt) {
          late = viewFor(state, 2);
          seen.lateJoins++;
        }
        step++;
        for (const e of events) {
          if (e.type === 'redeal') seen.redeal++;
          if (e.type === 'dealScored') {
            if (e.result.capot !== null) seen.capot++;
            seen[e.result.outcome as 'made' | 'dedans' | 'litige']++;
          }
          if (e.type === 'announcementsDeclared' && e.declarations.some((d) => d.kinds.length > 0)) seen.announced++;
          if (e.type === 'announcementsShown' && e.combinations.length > 0) seen.shown++;
          if (e.type === 'belote') seen.belote++;
          if (e.type === 'gameOver') seen.gameOver++;
          if (e.type === 'call' && e.call.type === 'coinche') seen.coinched++;
          if (e.type === 'call' && e.call.type === 'surcoinche') seen.surcoinched++;
        }
      };
      playGame(rules, rng, undefined, { onStep });
    }
    console.log(`fold: ${GAMES} games, ${JSON.stringify(seen)}`);
    // every kind of deal was folded, not just the common ones
    for (const k of ['redeal', 'capot', 'litige', 'dedans', 'made', 'announced', 'shown', 'belote', 'lateJoins', 'coinche', 'coinched', 'surcoinched'] as const) expect(seen[k], k).toBeGreaterThan(0);
    expect(seen.gameOver).toBe(GAMES);
  });

  it('never mutates the view it is given', () => {
    const rng = seededRng('fold-immutable');
    let view = initialView(newGame().rules, 0);
    playGame({ target: 301 }, rng, undefined, {
      onStep: (state, events) => {
        const before = JSON.stringify(view);
        const next = applyEvents(view, events, ownCardsAfter(state, 0, events));
        expect(JSON.stringify(view)).toBe(before);
        view = next;
      },
    });
  });

  it('sends own cards only with the dealing steps', () => {
    const seen: string[] = [];
    playGame({ target: 301 }, seededRng('fold-own'), undefined, {
      maxDeals: 3,
      onStep: (state, events) => {
        const own = ownCardsAfter(state, 1, events);
        if (own) seen.push(`${events.map((e) => e.type).join('+')}:${own.hand.length}`);
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) expect(s).toMatch(/^(dealStarted:5|.*trumpChosen.*:8)$/);
  });

  it('sends a coinche seat all eight cards with the deal, and nothing at the contract (the fold re-sorts them)', () => {
    const seen: string[] = [];
    playGame({ variant: 'coinche', target: 501 }, seededRng('fold-own-coinche'), undefined, {
      maxDeals: 3,
      onStep: (state, events) => {
        const own = ownCardsAfter(state, 1, events);
        if (own) seen.push(`${events.map((e) => e.type).join('+')}:${own.hand.length}`);
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) expect(s).toBe('dealStarted:8');
  });
});
