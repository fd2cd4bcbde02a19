/**
 * The analysis board's pure parts: the move list of any record equals its actions (a property
 * over random records of both variants), the charts' geometry, the marks and their stepping,
 * and the verdict's words.
 */
import type { Decision, DealAnalysis } from '@belote/bots';
import { playGame, recordOf, replayTimeline, seededRng, type GameRecord, type Rules } from '@belote/rules';
import { describe, expect, it } from 'vitest';
import { areaPath, clearBox, linear, linePath, nearestIndex, niceStep, segmentMeetsBox, ticks } from './chart.js';
import { MARK_SYMBOL, markCounts, markedCursors, markOf, nextCursor } from './marks.js';
import { listedActions, moveListOf, seatOrder } from './move-list.js';
import type { Lang } from '../i18n.js';
import type { Plural } from '../i18n/plural.js';
import { REPLAY_DE } from '../i18n/replay-de.js';
import { REPLAY_EN } from '../i18n/replay-en.js';
import { REPLAY_FR } from '../i18n/replay-fr.js';
import { seatNames, type Names } from './describe.js';
import { exactSentence, marksNote, measuredSentence, verdictBrief, verdictSentence, whySentence } from './verdict-words.js';

/** A random game (seeded): random players, some rules varied, sometimes cut short mid-deal. */
function randomRecord(seed: number): GameRecord {
  const rng = seededRng(`moves-${seed}`);
  const coinche = seed % 2 === 1;
  const rules: Partial<Rules> = coinche ? { variant: 'coinche', target: 1000, announcements: seed % 4 === 1 } : { target: seed % 3 === 0 ? 301 : 501, announcements: seed % 4 === 0 };
  const record = JSON.parse(JSON.stringify(recordOf(playGame(rules, rng, undefined, { maxDeals: 1 + (seed % 5) }).state))) as GameRecord;
  // Every fifth record loses the end of its last deal (an unfinished deal is left out of the replay).
  if (seed % 5 === 4) record.deals.at(-1)!.actions.splice(-3);
  return record;
}

describe('the move list', () => {
  it('of any record holds every action of every finished deal, in order, grouped as the deal went', () => {
    let deals = 0;
    let tricks = 0;
    for (let seed = 0; seed < 160; seed++) {
      const record = randomRecord(seed);
      const tl = replayTimeline(record);
      for (const deal of tl.deals) {
        deals++;
        const groups = moveListOf(deal);
        // The property: the list's actions are the record's.
        expect(listedActions(groups)).toEqual(record.deals[deal.index]!.actions);
        // Each entry points at the frame its action leads to, in order.
        const entries = groups.flatMap((g) => g.entries);
        entries.forEach((e, i) => {
          expect(e.step).toBe(i + 1);
          expect(deal.frames[e.step]!.action).toEqual(e.action);
          expect(e.column).toBe(seatOrder(deal).indexOf(e.seat));
        });
        // Bids first (at most one group), then the tricks in order with their winner and points.
        const bidding = groups.filter((g) => g.kind === 'bidding');
        expect(bidding.length).toBeLessThanOrEqual(1);
        if (bidding.length) expect(groups[0]!.kind).toBe('bidding');
        // The bids go round the table from the eldest, so the grid's auto-placement (a new row when a
        // seat is not right of the last) lays them out in rows of four.
        if (bidding.length) bidding[0]!.entries.forEach((e, i) => expect(e.column).toBe(i % 4));
        groups
          .filter((g) => g.kind === 'trick')
          .forEach((g, k) => {
            if (g.kind !== 'trick') return;
            tricks++;
            expect(g.number).toBe(k + 1);
            expect(g.entries).toHaveLength(4);
            expect(g.leader).toBe(g.entries[0]!.seat);
            const won = deal.frames[g.entries[3]!.step]!.events.find((e) => e.type === 'trickWon');
            expect(won && { winner: won.winner, points: won.points }).toEqual({ winner: g.winner, points: g.points });
            expect(deal.result.tricks[k]!.winner).toBe(g.winner);
          });
      }
    }
    // Both variants, played deals and redeals were met.
    expect(deals).toBeGreaterThan(300);
    expect(tricks).toBeGreaterThan(400);
  }, 60_000);
});

describe('the charts', () => {
  it('share linear scales, round ticks, paths and the nearest point', () => {
    const y = linear(100, -100, 0, 200);
    expect([y(100), y(0), y(-100), y(50)]).toEqual([0, 100, 200, 50]);
    expect(linear(3, 3, 10, 20)(3)).toBe(15);
    expect(niceStep(400, 4)).toBe(100);
    expect(niceStep(130, 4)).toBe(50);
    expect(niceStep(17, 4)).toBe(5);
    expect(ticks(-200, 200, 4)).toEqual([-200, -100, 0, 100, 200]);
    expect(ticks(0, 1000, 4)).toEqual([0, 500, 1000]);
    expect(ticks(-120, 120, 4)).toEqual([-100, 0, 100]);
    expect(linePath([{ x: 0, y: 1 }, { x: 2.25, y: 3 }])).toBe('M0.0,1.0L2.3,3.0');
    expect(areaPath([{ x: 0, y: 1 }, { x: 2, y: 3 }], 5)).toBe('M0.0,5.0L0.0,1.0L2.0,3.0L2.0,5.0Z');
    expect(areaPath([], 5)).toBe('');
    expect(nearestIndex([0, 10, 20], 14)).toBe(1);
    expect(nearestIndex([0, 10, 20], 16)).toBe(2);
    expect(nearestIndex([], 3)).toBe(-1);
  });

  it("find a label's box clear of the lines", () => {
    const box = { x: 10, y: 10, width: 20, height: 10 };
    const meets = (ax: number, ay: number, bx: number, by: number) => segmentMeetsBox({ x: ax, y: ay }, { x: bx, y: by }, box);
    // across it, into it, inside it, a point in it; beside it, past its corner, a point outside
    expect([meets(0, 0, 40, 30), meets(0, 15, 12, 15), meets(12, 12, 14, 14), meets(20, 15, 20, 15)]).toEqual([true, true, true, true]);
    expect([meets(0, 0, 40, 5), meets(0, 16, 8, 24), meets(31, 0, 31, 40), meets(5, 5, 5, 5)]).toEqual([false, false, false, false]);
    const line = [{ x: 0, y: 40 }, { x: 50, y: 12 }];
    const right = { x: 40, y: 5, width: 10, height: 10 };
    const left = { x: 0, y: 5, width: 10, height: 10 };
    expect(clearBox([right, left], [line], 0)).toBe(1);
    expect(clearBox([left, right], [line], 0)).toBe(0);
    // grown by the pad, the left box meets the line too: none clear, the first
    expect(clearBox([right, left], [[{ x: 0, y: 18 }, { x: 50, y: 12 }]], 4)).toBe(0);
  });
});

const decision = (over: Partial<Decision>): Decision => ({
  step: 0,
  seat: 1,
  kind: 'card',
  played: 'AH',
  options: [
    { option: '9D', value: 10, ahead: 5, exact: 0, points: 60 },
    { option: 'AH', value: -20, ahead: 2, exact: 0, points: 50 },
  ],
  best: '9D',
  loss: 15,
  se: 1.5,
  exactLoss: 0,
  verdict: 'mistake',
  samples: 24,
  why: { kind: 'contract', defending: true, played: 2, best: 5, samples: 24 },
  ...over,
});

describe('marks', () => {
  const tl = replayTimeline(randomRecord(3));
  const played = tl.deals.map((d, i) => ({ d, i })).filter(({ d }) => d.frames.length > 9);
  const analyses: Record<number, DealAnalysis> = {};
  for (const { d } of played)
    analyses[d.index] = {
      version: 3,
      deal: d.index,
      stake: 162,
      scale: 1,
      evaluation: [],
      seats: [0, 1, 2, 3].map(() => ({ givenAway: 0, decisions: 0, accurate: 0 })) as DealAnalysis['seats'],
      decisions: [decision({ step: 2, seat: 1, verdict: 'mistake' }), decision({ step: 5, seat: 1, verdict: 'mistake' }), decision({ step: 6, seat: 1, verdict: 'blunder' }), decision({ step: 7, seat: 2, verdict: 'good' })],
    };

  it('are counted per player and stepped through in the order of the game, round and round', () => {
    expect(played.length).toBeGreaterThan(0);
    expect(MARK_SYMBOL).toEqual({ inaccuracy: '?!', mistake: '?', blunder: '??' });
    expect(markOf('good')).toBeNull();
    expect(markOf('blunder')).toBe('blunder');
    expect(markCounts(Object.values(analyses), 1)).toEqual({ inaccuracy: 0, mistake: 2 * played.length, blunder: played.length });
    expect(markCounts(Object.values(analyses), 2)).toEqual({ inaccuracy: 0, mistake: 0, blunder: 0 });
    const all = markedCursors(tl, analyses, 1, 'mistake');
    expect(all).toEqual(played.flatMap(({ i }) => [{ deal: i, step: 3 }, { deal: i, step: 6 }]));
    const one = played[0]!.i;
    expect(markedCursors(tl, analyses, 1, 'mistake', one)).toEqual([{ deal: one, step: 3 }, { deal: one, step: 6 }]);
    // From the start, the first; from the first, the second; from the last, back to the first.
    expect(nextCursor(all, { deal: 0, step: 0 })).toEqual(all[0]);
    expect(nextCursor(all, all[0]!)).toEqual(all[1]);
    expect(nextCursor(all, all.at(-1)!)).toEqual(all[0]);
    expect(nextCursor([], { deal: 0, step: 0 })).toBeNull();
  });
});

describe('the verdict in words', () => {
  const names: [string, string, string, string] = ['Ann', 'Bob', 'Cid', 'Dee'];

  it('names the mark, what it gave away against the best, and what it is measured against', () => {
    expect(verdictSentence(decision({}), 1, 'en', 'S')).toBe('Mistake (?): gives away 15 points against 9♦, at least 10 beyond chance.');
    expect(verdictSentence(decision({ verdict: 'good', loss: 3 }), 1, 'en', 'S')).toBe('Good: 3 points less than 9♦, too little to mark.');
    // Above the mark but within the noise: said so.
    expect(verdictSentence(decision({ verdict: 'good', loss: 6, se: 4 }), 1, 'en', 'S')).toMatch(/^Good: 9♦ may be 6 points better, but that is within/);
    expect(verdictSentence(decision({ verdict: 'good', loss: 6, se: 4 }), 2, 'en', 'S')).toMatch(/too little to mark/);
    expect(verdictSentence(decision({ verdict: 'forced' }), 1, 'en', 'S')).toBe('The only legal card.');
    // The phone's docked line: only a marked decision's difference, the badge names the mark.
    expect(verdictBrief(decision({}), 'en', 'S')).toBe('9♦ was 15 points better');
    expect(verdictBrief(decision({}), 'fr', 'S')).toMatch(/^9♦ valait 15 points de plus$/);
    expect(verdictBrief(decision({ verdict: 'good', loss: 3 }), 'en', 'S')).toBe('');
    expect(verdictBrief(decision({ verdict: 'forced' }), 'en', 'S')).toBe('');
    expect(measuredSentence(decision({}), names, 'en')).toBe('Judged with what Bob could know: 24 deals that fit everything Bob had seen, each played out with every hand visible.');
    expect(measuredSentence(decision({ kind: 'bid', samples: 60 }), names, 'fr')).toMatch(/^Jugé avec ce que Bob pouvait savoir\u202f: la donne jouée 60 fois/);
  });

  it('says why in one sentence', () => {
    expect(whySentence(decision({}), names, 'en', 'S')).toBe('The contract is beaten in 2 of those 24 deals, against 5 with 9♦.');
    expect(whySentence(decision({ why: { kind: 'contract', defending: false, played: 10, best: 20, samples: 24 } }), names, 'en', 'S')).toBe('The contract is made in 10 of those 24 deals, against 20 with 9♦.');
    expect(whySentence(decision({ why: { kind: 'trick', points: 18 } }), names, 'en', 'S')).toBe('Gives the other team the trick: 18 points.');
    expect(whySentence(decision({ why: { kind: 'points', points: 7 } }), names, 'en', 'S')).toBe('Loses 7 card points on average; 9♦ keeps them.');
    expect(whySentence(decision({ kind: 'bid', best: 'take', played: 'pass', why: { kind: 'ahead', played: 12, best: 40, samples: 60 } }), names, 'en', 'H')).toBe(
      'In 12 of those 60 deals Bob & Dee come out ahead, against 40 after Take ♥.',
    );
    // The reader's own team, inside the sentence, in each language's form that fits it.
    const ahead = decision({ kind: 'bid', best: 'take', played: 'pass', why: { kind: 'ahead', played: 12, best: 40, samples: 60 } });
    const partner = names[(ahead.seat + 2) % 4]!;
    expect(whySentence(ahead, seatNames(names, 'en', ahead.seat), 'en', 'H')).toBe(`In 12 of those 60 deals you & ${partner} come out ahead, against 40 after Take ♥.`);
    expect(whySentence(ahead, seatNames(names, 'fr', ahead.seat), 'fr', 'H')).toMatch(new RegExp(`^12 de ces 60 donnes finissent avec vous & ${partner} devant, contre 40 après `));
    expect(whySentence(ahead, seatNames(names, 'de', ahead.seat), 'de', 'H')).toMatch(new RegExp(`^In 12 dieser 60 Verteilungen ein Vorsprung für dich & ${partner}, gegenüber 40 nach `));
    expect(whySentence(decision({ why: { kind: 'score' } }), names, 'de', 'S')).toBe('Verschenkt im Schnitt 15 Punkte gegenüber 9♦.');
    expect(whySentence(decision({ why: null, verdict: 'best' }), names, 'en', 'S')).toBeNull();
  });

  it('explains the "every hand visible" column when it tells another story', () => {
    expect(exactSentence(decision({ exactLoss: 0 }), names, 1, 'en')).toMatch(/^If every hand were visible, A♥ would lose nothing here/);
    expect(exactSentence(decision({ exactLoss: 3, loss: 15 }), names, 1, 'en')).toMatch(/would cost 3 points here, less than the risk Bob took/);
    expect(exactSentence(decision({ verdict: 'good', loss: 1, exactLoss: 30 }), names, 1, 'en')).toBe('If every hand were visible, A♥ would cost 30 points here: Bob could not see that.');
    // They agree: nothing to add.
    expect(exactSentence(decision({ exactLoss: 14 }), names, 1, 'en')).toBeNull();
    expect(exactSentence(decision({ kind: 'bid', exactLoss: null }), names, 1, 'en')).toBeNull();
  });

  it('speaks to the player of a practice game in the second person, in each language’s grammar, and of the others as before', () => {
    // A practice record: seat 1 is the player, stored with the name "You" ("Vous", "Du" in French and German).
    const you = (lang: Lang, name: string): Names => seatNames([name, name, 'Cid', 'Dee'], lang, 1);
    const card = decision({ samples: 24 });
    const one = decision({ samples: 1 });
    const bid = decision({ kind: 'bid', samples: 60 });
    expect(measuredSentence(card, you('en', 'You'), 'en')).toBe('Judged with what you could know: 24 deals that fit everything you had seen, each played out with every hand visible.');
    expect(measuredSentence(one, you('en', 'You'), 'en')).toBe('Judged with what you could know: 1 deal that fits everything you had seen, played out with every hand visible.');
    expect(measuredSentence(bid, you('en', 'You'), 'en')).toBe('Judged with what you could know: the deal played out 60 times from your cards and the bids so far, after each choice.');
    expect(exactSentence(decision({ exactLoss: 0 }), you('en', 'You'), 1, 'en')).toBe('If every hand were visible, A♥ would lose nothing here: the cards lay well this time, which you could not know.');
    expect(exactSentence(decision({ exactLoss: 3, loss: 15 }), you('en', 'You'), 1, 'en')).toBe('If every hand were visible, A♥ would cost 3 points here, less than the risk you took with what could be known.');
    expect(exactSentence(decision({ verdict: 'good', loss: 1, exactLoss: 30 }), you('en', 'You'), 1, 'en')).toBe('If every hand were visible, A♥ would cost 30 points here: you could not see that.');
    expect(measuredSentence(card, you('fr', 'Vous'), 'fr')).toBe('Jugé avec ce que vous pouviez savoir\u202f: 24 donnes compatibles avec tout ce que vous aviez vu, chacune jouée toutes mains visibles.');
    expect(measuredSentence(bid, you('fr', 'Vous'), 'fr')).toBe('Jugé avec ce que vous pouviez savoir\u202f: la donne jouée 60 fois à partir de vos cartes et des enchères déjà faites, après chaque choix.');
    expect(exactSentence(decision({ exactLoss: 0 }), you('fr', 'Vous'), 1, 'fr')).toBe('Toutes mains visibles, A♥ ne coûterait rien ici\u202f: les cartes étaient bien placées cette fois, ce que vous ne pouviez pas savoir.');
    expect(exactSentence(decision({ exactLoss: 3, loss: 15 }), you('fr', 'Vous'), 1, 'fr')).toBe('Toutes mains visibles, A♥ coûterait 3 points ici, moins que le risque que vous avez pris avec ce qu’on pouvait savoir.');
    expect(exactSentence(decision({ verdict: 'good', loss: 1, exactLoss: 30 }), you('fr', 'Vous'), 1, 'fr')).toBe('Toutes mains visibles, A♥ coûterait 30 points ici\u202f: vous ne pouviez pas le voir.');
    expect(measuredSentence(one, you('de', 'Du'), 'de')).toBe('Bewertet mit dem, was du wissen konntest: 1 Verteilung, die zu allem passt, was du gesehen hattest, mit offenen Karten ausgespielt.');
    expect(measuredSentence(bid, you('de', 'Du'), 'de')).toBe('Bewertet mit dem, was du wissen konntest: die Runde 60-mal von deinen Karten und den bisherigen Geboten aus nach jeder Wahl ausgespielt.');
    expect(exactSentence(decision({ exactLoss: 0 }), you('de', 'Du'), 1, 'de')).toBe('Mit offenen Karten würde A♥ hier nichts kosten: Diesmal lagen die Karten gut, was du nicht wissen konntest.');
    expect(exactSentence(decision({ exactLoss: 3, loss: 15 }), you('de', 'Du'), 1, 'de')).toBe('Mit offenen Karten würde A♥ hier 3 Punkte kosten, weniger als das Risiko, das du mit dem Wissbaren eingingst.');
    expect(exactSentence(decision({ verdict: 'good', loss: 1, exactLoss: 30 }), you('de', 'Du'), 1, 'de')).toBe('Mit offenen Karten würde A♥ hier 30 Punkte kosten: Das konntest du nicht sehen.');
    // Another seat of the same game: by its name, in the third person.
    const cid = { ...card, seat: 2 as const };
    expect(measuredSentence(cid, you('en', 'You'), 'en')).toBe('Judged with what Cid could know: 24 deals that fit everything Cid had seen, each played out with every hand visible.');
    expect(measuredSentence({ ...bid, seat: 2 }, you('fr', 'Vous'), 'fr')).toBe('Jugé avec ce que Cid pouvait savoir\u202f: la donne jouée 60 fois à partir des cartes de Cid et des enchères déjà faites, après chaque choix.');
    expect(exactSentence({ ...decision({ verdict: 'good', loss: 1, exactLoss: 30 }), seat: 2 }, you('de', 'Du'), 1, 'de')).toBe('Mit offenen Karten würde A♥ hier 30 Punkte kosten: Das konnte Cid nicht sehen.');
  });

  it('has a second-person text for each of its sentences about a seat, with the same placeholders but the name, in every language', () => {
    const holes = (x: string | Plural): string[] => [...new Set(Object.values(typeof x === 'string' ? { x } : x).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
    for (const dict of [REPLAY_EN, REPLAY_FR, REPLAY_DE] as Record<string, string | Plural>[]) {
      const own = Object.keys(dict).filter((k) => k.endsWith('You'));
      expect(own.length).toBeGreaterThan(15);
      for (const k of own) expect([k, holes(dict[k]!)]).toEqual([k, holes(dict[k.slice(0, -3)]!).filter((h) => h !== 'name')]);
    }
  });

  it('gives the marks in points, scaled by a coinche deal’s stake', () => {
    expect(marksNote(1, 162, 'en')).toBe(
      'Marks from 4 (?!), 10 (?) and 20 (??) points surely given away: the points given away (half the score difference lost against the best choice) less 3.25 standard errors of the sampled deals.',
    );
    expect(marksNote(260 / 162, 260, 'en')).toMatch(/^Marks from 6\.4 \(\?!\), 16 \(\?\) and 32\.1 \(\?\?\).*This deal puts 260 points at stake against a classic deal’s 162: its marks are 1\.6 times as many points\.$/);
  });

  it('writes the scaled marks with the language’s decimal comma, as the rest of the note (found by the coinche replay audit: “6.4” beside “3,25”)', () => {
    expect(marksNote(260 / 162, 260, 'fr')).toMatch(/^Marqué à partir de 6,4 \(\?!\), 16 \(\?\) et 32,1 \(\?\?\) .* moins 3,25 erreurs types/);
    expect(marksNote(260 / 162, 260, 'de')).toMatch(/^Markiert ab 6,4 \(\?!\), 16 \(\?\) und 32,1 \(\?\?\) .* abzüglich 3,25 Standardfehlern/);
  });
});
