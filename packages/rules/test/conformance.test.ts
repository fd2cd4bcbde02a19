/**
 * Conformance audit: hand-made records (test/conformance/fixtures/*.json, written by the
 * build-*.ts scripts beside them) replayed in-process through `replayRecord`. Each fixture's
 * `hand` fields were computed by hand from RULES.md/RECORD.md; `expect` is the full result of the
 * auditor's independent reference model (test/conformance/reference*.ts). Both must match.
 */
import { describe, expect, it } from 'vitest';
import { apply, formatIssues, legalPlays, newGame, parseRecord, replayRecord, startDeal, type Action, type Card, type GameState, type Seat } from '../src/index.js';
import { handsAfter } from './conformance/build-helpers.js';
import { legalCards } from './conformance/reference.js';
import { readFixtures, subsetProblem } from './conformance/fixture-io.js';
import { lcg, randomDeal, randomRecord } from './conformance/random-records.js';
import { refReplay } from './conformance/reference-replay.js';

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
