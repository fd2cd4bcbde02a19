/**
 * docs/rules/RECORD.md through `replayRecord` (what `pnpm verify` prints): the error-code precedence,
 * the unfinished and redeal shapes, and reading records (defaults, unknown fields, bad input).
 */
import { describe, expect, it } from 'vitest';
import { points as cardPoints } from './oracle.js';
import { formatIssues, parseRecord, playGame, recordOf, replayRecord, seededRng, type GameRecord, type RecordDeal } from '../src/index.js';

/** A finished game's record (pinned seed), deep-copied so tests may edit it. */
function gameRecord(seed: string, target: 301 | 1000 = 301): GameRecord {
  const { state } = playGame({ target }, seededRng(seed));
  return JSON.parse(JSON.stringify(recordOf(state))) as GameRecord;
}
const verify = (r: GameRecord): ReturnType<typeof replayRecord>['result'] => replayRecord(r).result;
const parse = (input: unknown): GameRecord => {
  const p = parseRecord(input);
  if (!p.success) throw new Error(formatIssues(p.error));
  return p.data;
};
const nextDeal = (r: GameRecord, shift = 1): RecordDeal => {
  const last = r.deals[r.deals.length - 1]!;
  return { dealer: ((last.dealer + shift) & 3) as RecordDeal['dealer'], deck: [...last.deck], actions: [] };
};

describe('error precedence for a new deal', () => {
  it('GAME_OVER first, even with a bad dealer and a bad deck; the deal gets no entry', () => {
    const r = gameRecord('pot-301');
    const n = r.deals.length;
    const ok = verify(r);
    expect(ok.winner).not.toBeNull();
    r.deals.push({ ...nextDeal(r, 2), deck: r.deals[0]!.deck.slice(1) });
    const res = verify(r);
    expect(res.error).toEqual({ deal: n, action: null, code: 'GAME_OVER', message: expect.any(String) });
    expect(res.deals).toHaveLength(n);
    expect(res.winner).toBe(ok.winner);
  });
  it('then BAD_DEALER, then BAD_DECK (short, duplicated)', () => {
    const base = gameRecord('pot-67', 1000);
    base.deals = base.deals.slice(0, 1);
    const r1 = { ...base, deals: [...base.deals, { ...nextDeal(base, 2), deck: base.deals[0]!.deck.slice(1) }] };
    expect(verify(r1).error).toMatchObject({ deal: 1, action: null, code: 'BAD_DEALER' });
    const r2 = { ...base, deals: [...base.deals, { ...nextDeal(base), deck: base.deals[0]!.deck.slice(1) }] };
    expect(verify(r2).error).toMatchObject({ deal: 1, action: null, code: 'BAD_DECK' });
    const dup = [...base.deals[0]!.deck];
    dup[5] = dup[6]!;
    const r3 = { ...base, deals: [...base.deals, { ...nextDeal(base), deck: dup }] };
    const res = verify(r3);
    expect(res.error).toMatchObject({ deal: 1, action: null, code: 'BAD_DECK' });
    expect(res.deals).toHaveLength(1);
  });
  it('the first deal\'s dealer is free', () => {
    for (const dealer of [0, 1, 2, 3] as const) {
      const r = gameRecord('pot-67', 1000);
      r.deals = [{ dealer, deck: r.deals[0]!.deck, actions: [] }];
      expect(verify(r).error).toBeNull();
    }
  });
  it('a deal after an unfinished deal is WRONG_PHASE with action null', () => {
    const r = gameRecord('pot-67', 1000);
    r.deals = r.deals.slice(0, 2);
    r.deals[0]!.actions = r.deals[0]!.actions.slice(0, 10);
    const res = verify(r);
    expect(res.error).toMatchObject({ deal: 1, action: null, code: 'WRONG_PHASE' });
    expect(res.deals).toHaveLength(1);
    expect(res.deals[0]!.outcome).toBe('unfinished');
  });
});

describe('error precedence for an action', () => {
  it('an action after the game-ending trick is GAME_OVER; the deal is reported as scored', () => {
    const r = gameRecord('pot-301');
    const last = r.deals[r.deals.length - 1]!;
    const n = last.actions.length;
    last.actions.push({ type: 'pass', seat: 0 });
    const res = verify(r);
    expect(res.error).toMatchObject({ deal: r.deals.length - 1, action: n, code: 'GAME_OVER' });
    expect(res.deals[res.deals.length - 1]!.outcome).toBe('litige');
    expect(res.winner).not.toBeNull();
  });
  it('an action after a redeal or after the eighth trick is WRONG_PHASE', () => {
    const r = gameRecord('pot-67', 1000);
    expect(verify(r).deals[2]!.outcome).toBe('redeal');
    const redeal = { ...r, deals: r.deals.slice(0, 3) };
    redeal.deals[2] = { ...redeal.deals[2]!, actions: [...redeal.deals[2]!.actions, { type: 'play', seat: 0, card: '7S' }] };
    expect(verify(redeal).error).toMatchObject({ deal: 2, action: 8, code: 'WRONG_PHASE' });
    const played = { ...r, deals: r.deals.slice(0, 1) };
    played.deals[0] = { ...played.deals[0]!, actions: [...played.deals[0]!.actions, { type: 'pass', seat: 1 }] };
    const res = verify(played);
    expect(res.error).toMatchObject({ deal: 0, action: played.deals[0]!.actions.length - 1, code: 'WRONG_PHASE' });
    expect(res.deals[0]!.outcome).not.toBe('unfinished');
  });
  it('NOT_YOUR_TURN before WRONG_PHASE and ILLEGAL_BID; ILLEGAL_BID in round 1 with a suit', () => {
    const r = gameRecord('pot-67', 1000);
    const d = r.deals[0]!;
    const eldest = ((d.dealer + 1) & 3) as RecordDeal['dealer'];
    const other = ((d.dealer + 2) & 3) as RecordDeal['dealer'];
    const one = (actions: RecordDeal['actions']): GameRecord => ({ ...r, deals: [{ ...d, actions }] });
    expect(verify(one([{ type: 'play', seat: other, card: '7S' }])).error).toMatchObject({ action: 0, code: 'NOT_YOUR_TURN' });
    expect(verify(one([{ type: 'play', seat: eldest, card: '7S' }])).error).toMatchObject({ action: 0, code: 'WRONG_PHASE' });
    expect(verify(one([{ type: 'take', seat: eldest, suit: 'S' }])).error).toMatchObject({ action: 0, code: 'ILLEGAL_BID' });
  });
});

describe('result shapes', () => {
  it('an unfinished deal lists the trick in progress (winner null) and counts completed tricks only', () => {
    const r = gameRecord('pot-67', 1000);
    const full = verify(r);
    const d0 = r.deals[0]!;
    const bids = d0.actions.findIndex((a) => a.type === 'play');
    r.deals = [{ ...d0, actions: d0.actions.slice(0, bids + 6) }];
    const res = verify(r);
    expect(res.error).toBeNull();
    const u = res.deals[0]!;
    expect(u.outcome).toBe('unfinished');
    expect(u.tricks).toHaveLength(2);
    expect(u.tricks[0]).toEqual(full.deals[0]!.tricks[0]);
    expect(u.tricks[1]).toEqual({ ...full.deals[0]!.tricks[1]!, cards: full.deals[0]!.tricks[1]!.cards.slice(0, 2), winner: null });
    const t0 = full.deals[0]!.tricks[0]!;
    const want: [number, number] = [0, 0];
    want[t0.winner! & 1] = t0.cards.reduce((a, c) => a + cardPoints(c, full.deals[0]!.trump!), 0);
    expect(u.points).toEqual(want);
    expect(u).toMatchObject({ capot: null, taker: full.deals[0]!.taker, trump: full.deals[0]!.trump, belote: [0, 0], announcements: [0, 0], written: [0, 0], litigePot: 0, totals: [0, 0] });
  });
  it('the deal holding an error is reported up to it', () => {
    const r = gameRecord('pot-67', 1000);
    const d0 = r.deals[0]!;
    const bids = d0.actions.findIndex((a) => a.type === 'play');
    const lead = d0.actions[bids]!;
    const fourth = d0.actions[bids + 3]!;
    if (lead.type !== 'play') throw new Error('fixture');
    // the fourth seat plays the card the leader already played
    r.deals = [{ ...d0, actions: [...d0.actions.slice(0, bids + 3), { type: 'play', seat: fourth.seat, card: lead.card }] }];
    const res = verify(r);
    expect(res.error).toMatchObject({ deal: 0, action: bids + 3, code: 'CARD_NOT_IN_HAND' });
    expect(res.deals[0]!.tricks[0]!.cards).toHaveLength(3);
  });
  it('the JSON field order of docs/rules/RECORD.md', () => {
    const res = verify(gameRecord('pot-67', 1000));
    expect(Object.keys(res)).toEqual(['deals', 'winner', 'error']);
    expect(Object.keys(res.deals[0]!)).toEqual(['outcome', 'capot', 'taker', 'trump', 'tricks', 'points', 'belote', 'announcements', 'written', 'litigePot', 'totals']);
    expect(Object.keys(res.deals[0]!.tricks[0]!)).toEqual(['leader', 'cards', 'winner']);
  });
});

describe('reading records', () => {
  const r = gameRecord('pot-67', 1000);
  it('omitted settings take the defaults; direction, unknown fields and a missing format are accepted', () => {
    const input = {
      players: ['a', 'b', 'c', 'd'],
      rules: { direction: 'clockwise', speed: 'fast' },
      deals: r.deals.map((d) => ({ ...d, startedAt: 123, actions: d.actions.map((a) => ({ ...a, at: 1 })) })),
    };
    const parsed = parse(input);
    expect(parsed.format).toBe('belote-record/1');
    const res = replayRecord(parsed);
    expect(res.state.rules).toEqual({ target: 1000, announcements: false, tie: 'litige', direction: 'clockwise' });
    expect(res.result).toEqual(verify(r));
    expect(replayRecord(parse({ format: 'belote-record/1', deals: r.deals })).result).toEqual(verify(r));
  });
  it('not a record: a bad card, seat, dealer, action type, setting value or format, with the field named', () => {
    const bad = (edit: (x: Record<string, unknown>) => void): string => {
      const x = JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
      edit(x);
      const p = parseRecord(x);
      return p.success ? 'parsed' : formatIssues(p.error);
    };
    type D = { deck: unknown[]; dealer: unknown; actions: Record<string, unknown>[] };
    const deal0 = (x: Record<string, unknown>): D => (x.deals as D[])[0]!;
    expect(bad((x) => void (deal0(x).deck[3] = '11S'))).toMatch(/^deals\[0\]\.deck\[3\]: not a card: "11S"/);
    expect(bad((x) => void (deal0(x).dealer = 4))).toMatch(/^deals\[0\]\.dealer: not a seat/);
    expect(bad((x) => void (deal0(x).actions[0]!.seat = -1))).toMatch(/^deals\[0\]\.actions\[0\]\.seat/);
    expect(bad((x) => void (deal0(x).actions[0]!.type = 'double'))).toMatch(/^deals\[0\]\.actions\[0\].*unknown action type: "double"/);
    expect(bad((x) => void (x.rules = { target: 500 }))).toMatch(/^rules\.target: target must be one of/);
    expect(bad((x) => void (x.rules = { tie: 'split' }))).toMatch(/^rules\.tie/);
    expect(bad((x) => void (x.rules = { announcements: 'yes' }))).toMatch(/^rules\.announcements/);
    expect(bad((x) => void (x.format = 'belote-record/2'))).toMatch(/^format/);
    expect(bad((x) => void delete x.deals)).toMatch(/^deals/);
    // docs/rules/RECORD.md §1.5: a mistyped field or a non-string commitment or salt is not a record either;
    // a card or suit on a pass is a field the engine does not know.
    expect(bad((x) => void (x.rules = 'x'))).toMatch(/^rules/);
    expect(bad((x) => void (deal0(x).deck = 'AS KS' as unknown as unknown[]))).toMatch(/^deals\[0\]\.deck/);
    expect(bad((x) => void ((deal0(x) as unknown as Record<string, unknown>).commitment = 5))).toMatch(/^deals\[0\]\.commitment/);
    expect(bad((x) => void ((deal0(x) as unknown as Record<string, unknown>).salt = 5))).toMatch(/^deals\[0\]\.salt/);
    expect(bad((x) => void (deal0(x).actions[0] = { ...deal0(x).actions[0], type: 'pass', card: 'ZZ', suit: 'X' }))).toBe('parsed');
  });
});
