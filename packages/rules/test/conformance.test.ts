/**
 * Conformance audit: hand-made records (test/conformance/fixtures/*.json, written by the
 * build-*.ts scripts beside them) replayed in-process through `replayRecord`. Each fixture's
 * `hand` fields were computed by hand from docs/rules/RULES.md / docs/rules/RECORD.md (coinche: docs/rules/COINCHE.md,
 * docs/rules/RECORD-COINCHE.md); `expect` is the full result of the auditor's independent reference model
 * (test/conformance/reference*.ts). Both must match. Random classic and coinche records and the
 * legality of every call and card are cross-checked against the reference too.
 */
import { describe, expect, it } from 'vitest';
import { apply, formatIssues, legalCalls, legalPlays, newGame, parseRecord, replayRecord, startDeal, type Action, type Card, type GameState, type Seat } from '../src/index.js';
import { handsAfter } from './conformance/build-helpers.js';
import { legalCards } from './conformance/reference.js';
import { readFixtures, subsetProblem } from './conformance/fixture-io.js';
import { lcg, randomCoincheDeal, randomCoincheRecord, randomDeal, randomRecord } from './conformance/random-records.js';
import { REF_VALUES, callAllowed, coincheHands, readAuction } from './conformance/reference-coinche.js';
import { refReplay, type RefAction } from './conformance/reference-replay.js';

/** The engine's result as plain JSON, without the free-text error message. */
function engine(record: unknown): unknown {
  const parsed = parseRecord(record);
  if (!parsed.success) return 'not a record';
  const r = JSON.parse(JSON.stringify(replayRecord(parsed.data).result)) as { error: Record<string, unknown> | null };
  if (r.error) {
    expect(typeof r.error.message).toBe('string');
    delete r.error.message;
  }
  return r;
}

const all = readFixtures();
const fixtures = all.filter((f) => f.exit !== 2);
const notRecords = all.filter((f) => f.exit === 2);

describe('conformance fixtures (replayRecord)', () => {
  it('has the hand-made fixtures', () => expect(fixtures.length).toBeGreaterThan(40));
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_, f) => {
    const got = engine(f.record);
    expect(subsetProblem(f.hand, got), f.rule).toBeNull();
    expect(got).toEqual(f.expect);
  });
});

describe('inputs that are not records (exit 2 in the CLI)', () => {
  it.each(notRecords.map((f) => [f.name, f] as const))('%s', (_, f) => {
    const items = Array.isArray(f.record) ? (f.record as unknown[]) : [f.record];
    const failures = items.map((x) => parseRecord(x)).filter((p) => !p.success);
    expect(failures.length, f.rule).toBe(1);
    const p = failures[0]!;
    if (p.success) return;
    for (const s of (f.hand as { stderr: string[] }).stderr) expect(formatIssues(p.error)).toContain(s);
  });
});

describe('random records: engine vs the independent reference model', () => {
  it('agree field by field on 400 random games (complete, cut and corrupted)', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const rec = randomRecord(seed);
      expect(engine(rec), `seed ${seed}`).toEqual(JSON.parse(JSON.stringify(refReplay(rec))));
    }
  }, 30_000);
});

describe('legalPlays vs the reference legality, at every play of random deals', () => {
  it('the same set of cards in 400 deals (12,800 positions)', () => {
    const rnd = lcg(4242);
    let checked = 0;
    for (let k = 0; k < 400; k++) {
      const d = randomDeal(rnd, k % 4, 0.6);
      const takeAt = d.actions.findIndex((a) => a.type === 'take');
      if (takeAt < 0) continue;
      const take = d.actions[takeAt]!;
      const trump = take.suit ?? d.deck[20]!.slice(-1);
      const hands = handsAfter(d.dealer, d.deck, take.seat);
      let state: GameState = (startDeal(newGame(), d.dealer as Seat, d.deck as Card[]) as { state: GameState }).state;
      let trick: string[] = [];
      for (const a of d.actions) {
        if (a.type === 'play') {
          const mine = legalCards(hands[a.seat]!, trick, trump as 'S').sort();
          expect([...legalPlays(state, a.seat as Seat)].sort(), `deal ${k}, trick ${trick.join(' ')}`).toEqual(mine);
          hands[a.seat]!.splice(hands[a.seat]!.indexOf(a.card!), 1);
          trick.push(a.card!);
          if (trick.length === 4) trick = [];
          checked++;
        }
        const r = apply(state, a as Action);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});

describe('random coinche records: engine vs the independent reference model', () => {
  it('agree field by field on 600 random coinche games (complete, cut and corrupted)', () => {
    const codes = new Set<string>();
    for (let seed = 1; seed <= 600; seed++) {
      const rec = randomCoincheRecord(seed);
      const want = JSON.parse(JSON.stringify(refReplay(rec))) as { error: { code: string } | null };
      if (want.error) codes.add(want.error.code);
      expect(engine(rec), `seed ${seed}`).toEqual(want);
    }
    // the corruptions reach every action-level code
    for (const c of ['NOT_YOUR_TURN', 'WRONG_PHASE', 'ILLEGAL_BID', 'CARD_NOT_IN_HAND', 'ILLEGAL_CARD', 'GAME_OVER']) expect(codes, c).toContain(c);
  }, 30_000);
});

describe('legalCalls and legalPlays vs the reference legality, at every step of random coinche deals', () => {
  const SUITS = ['S', 'H', 'D', 'C'] as const;
  /** Every call a seat could try: pass, coinche, surcoinche, each value (and some non-values) in each suit. */
  const tries = (seat: number): RefAction[] => [
    { seat, type: 'pass' }, { seat, type: 'coinche' }, { seat, type: 'surcoinche' },
    ...[...REF_VALUES, 70, 85, 170].flatMap((value) => SUITS.map((suit) => ({ seat, type: 'bid', value, suit }) as RefAction)),
  ];
  it('the same calls allowed (each tried and refused as ILLEGAL_BID otherwise) and the same cards, in 300 deals', () => {
    const rnd = lcg(5151);
    let calls = 0;
    let plays = 0;
    for (let k = 0; k < 300; k++) {
      const d = randomCoincheDeal(rnd, k % 4, [0.2, 0.4, 0.6][k % 3]);
      const hands = coincheHands(d.dealer, d.deck);
      let state: GameState = (startDeal(newGame({ variant: 'coinche' }), d.dealer as Seat, d.deck as Card[]) as { state: GameState }).state;
      const said: RefAction[] = [];
      let trick: string[] = [];
      for (const a of d.actions) {
        const seat = a.seat as Seat;
        if (a.type !== 'play') {
          const legal = legalCalls(state, seat);
          for (const t of tries(seat)) {
            const ok = callAllowed(said, t);
            const r = apply(state, t as Action);
            expect(r.ok ? 'ok' : r.error.code, JSON.stringify({ said, t })).toBe(ok ? 'ok' : 'ILLEGAL_BID');
            const listed = t.type === 'pass' ? legal.pass : t.type === 'coinche' ? legal.coinche : t.type === 'surcoinche' ? legal.surcoinche : legal.bids.includes(t.value as never);
            expect(listed, JSON.stringify(t)).toBe(ok);
          }
          // nobody else has calls
          for (const o of [1, 2, 3]) expect(legalCalls(state, ((seat + o) & 3) as Seat).pass).toBe(false);
          said.push(a);
          calls++;
        } else {
          const trump = readAuction(said).best!.suit;
          expect([...legalPlays(state, seat)].sort(), `deal ${k}`).toEqual(legalCards(hands[seat]!, trick, trump).sort());
          expect(legalCalls(state, seat).pass).toBe(false);
          hands[seat]!.splice(hands[seat]!.indexOf(a.card!), 1);
          trick.push(a.card!);
          if (trick.length === 4) trick = [];
          plays++;
        }
        const r = apply(state, a as Action);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
      }
    }
    expect(calls).toBeGreaterThan(1500);
    expect(plays).toBeGreaterThan(5000);
  }, 30_000);
});
