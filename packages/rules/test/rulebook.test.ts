/**
 * The rule book's worked examples (docs/rules/) are tests, so the book cannot drift from the
 * engine: every `<!-- verify: examples/NAME.json -->` block must be a part of what the record
 * replays to, through the engine and through the independent reference model of
 * test/conformance/; the tables marked `hands`, `tricks`, `combinations`, `comparisons` and
 * `summary` are recomputed from their cards; each row of docs/rules/COINCHE.md §7 matches its conformance
 * fixture; every record in docs/rules/examples/ is quoted by the book.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectCombinations, maskOf, parseRecord, replayRecord, resolveAnnouncements, suitId, type Card, type Suit } from '../src/index.js';
import { handsAfter } from './conformance/build-helpers.js';
import { readFixtures, subsetProblem } from './conformance/fixture-io.js';
import { announcementPoints, cardPoints, combosOf } from './conformance/reference.js';
import { refReplay, type RefRecord } from './conformance/reference-replay.js';

// Paths from the repository root (docs/rules/…), the way the rest of the tree cites the book.
const ROOT = new URL('../../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');
const DOCS = ['README', 'RULES', 'COINCHE', 'RECORD', 'RECORD-COINCHE'].map((n) => `docs/rules/${n}.md`).map((name) => ({ name, text: read(name) }));
const EXAMPLES = readdirSync(new URL('docs/rules/examples/', ROOT)).filter((n) => n.endsWith('.json')).sort();

interface Replayed { engine: Record<string, unknown> & { deals: Deal[] }; reference: unknown }
interface Deal { taker: number | null; tricks: { leader: number; cards: string[]; winner: number | null }[]; written: [number, number]; trump: Suit | null }

/** An example record replayed by the engine (error message dropped) and by the reference model. */
function replay(file: string): Replayed {
  const record: unknown = JSON.parse(read(`docs/rules/${file}`));
  const parsed = parseRecord(record);
  if (!parsed.success) throw new Error(`${file} is not a record`);
  const engine = JSON.parse(JSON.stringify(replayRecord(parsed.data).result)) as Replayed['engine'] & { error: { message?: string } | null };
  if (engine.error) delete engine.error.message;
  return { engine, reference: JSON.parse(JSON.stringify(refReplay(record as RefRecord))) };
}

/** The rows (cells trimmed) of the first table after `<!-- marker -->` in a document. */
function table(text: string, marker: string): string[][] {
  const at = text.indexOf(`<!-- ${marker} -->`);
  if (at < 0) throw new Error(`no <!-- ${marker} --> in the book`);
  const lines = text.slice(at).split('\n').slice(1);
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split('|').map((c) => c.trim()));
  }
  return rows.slice(2); // header and separator
}

const doc = (name: string): string => DOCS.find((d) => d.name === `docs/rules/${name}.md`)!.text;
const cards = (cell: string): Card[] => (cell.match(/\b(?:10|[7-9JQKA])[SHDC]\b/g) ?? []) as Card[];
const numbers = (cell: string): number[] => (cell.match(/\d+/g) ?? []).map(Number);
const bold = (cell: string): number => Number(/\*\*(\d+)\*\*/.exec(cell)?.[1]);
const sorted = <T>(xs: T[]): T[] => [...xs].sort();

const verifyBlocks = DOCS.flatMap(({ name, text }) =>
  [...text.matchAll(/<!-- verify: (examples\/[\w.-]+\.json) -->\s*```json\n([\s\S]*?)```/g)].map((m) => ({ where: name, file: m[1]!, excerpt: JSON.parse(m[2]!) as unknown })),
);

describe('the book quotes what the records replay to', () => {
  it('has the worked examples', () => {
    expect(verifyBlocks.length).toBeGreaterThanOrEqual(10);
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(10);
  });

  it.each(verifyBlocks.map((b) => [`${b.where}: ${b.file}`, b] as const))('%s', (_, b) => {
    const { engine, reference } = replay(b.file);
    expect(subsetProblem(b.excerpt, engine), 'the engine').toBeNull();
    expect(subsetProblem(b.excerpt, reference), 'the reference model').toBeNull();
    expect(engine).toEqual(reference);
  });

  it('every record in docs/rules/examples is quoted by the book, and every record it names exists', () => {
    const all = DOCS.map((d) => d.text).join('\n');
    for (const name of EXAMPLES) expect(all, name).toContain(`examples/${name}`);
    const named = new Set([...all.matchAll(/examples\/([a-z][a-z0-9-]*\.json)/g), ...all.matchAll(/`([a-z][a-z0-9-]*\.json)` \|/g)].map((m) => m[1]!));
    for (const name of named) expect(EXAMPLES, name).toContain(name);
  });
});

describe('RULES §9: the tables of the worked examples', () => {
  it('§9 summary: what each team writes', () => {
    const rows = table(doc('RULES'), 'summary');
    expect(rows.map((r) => r[0])).toEqual(['9.1', '9.2', '9.3', '9.4', '9.5', '9.6']);
    for (const [section, , takers, defenders, file] of rows) {
      const deal = replay(`examples/${file!.replace(/`/g, '')}`).engine.deals[0]!;
      const t = deal.taker! % 2;
      expect([numbers(takers!).at(-1), numbers(defenders!).at(-1)], section).toEqual([deal.written[t], deal.written[1 - t]]);
    }
  });

  it('§9.1 hands: each seat gets its deck positions (RULES §3, §4.5)', () => {
    const file = /<!-- hands: (examples\/[\w.-]+\.json) -->/.exec(doc('RULES'))![1]!;
    const record = JSON.parse(read(`docs/rules/${file}`)) as { deals: { dealer: number; deck: string[] }[] };
    const { dealer, deck } = record.deals[0]!;
    const taker = replay(file).engine.deals[0]!.taker!;
    const dealt = handsAfter(dealer, deck, taker);
    const rows = table(doc('RULES'), `hands: ${file}`);
    expect(rows).toHaveLength(4);
    for (const [seat, round1, round2, rest] of rows) {
      const s = Number(seat);
      const k = (s - dealer + 3) % 4; // 0 for the eldest
      expect(cards(round1!), `seat ${s} round 1`).toEqual(deck.slice(3 * k, 3 * k + 3));
      expect(cards(round2!), `seat ${s} round 2`).toEqual(deck.slice(12 + 2 * k, 14 + 2 * k));
      expect(sorted([...cards(round1!), ...cards(round2!), ...cards(rest!)]), `seat ${s}`).toEqual(sorted(dealt[s]!));
    }
  });

  it('§9.1 tricks: leader, cards, winner and points', () => {
    const file = /<!-- tricks: (examples\/[\w.-]+\.json) -->/.exec(doc('RULES'))![1]!;
    const deal = replay(file).engine.deals[0]!;
    const rows = table(doc('RULES'), `tricks: ${file}`);
    expect(rows).toHaveLength(8);
    rows.forEach(([n, leader, played, winner, points], i) => {
      const trick = deal.tricks[i]!;
      expect(Number(n)).toBe(i + 1);
      expect({ leader: Number(leader), cards: cards(played!), winner: Number(winner) }, `trick ${n}`).toEqual(trick);
      const worth = trick.cards.reduce((a, c) => a + cardPoints(c, deal.trump!), 0) + (i === 7 ? 10 : 0);
      expect(numbers(points!).reduce((a, b) => a + b, 0), `trick ${n} points`).toBe(worth);
    });
  });
});

describe('RULES §6: the combination tables', () => {
  const KINDS: Record<string, string> = { tierce: 'tierce', quarte: 'quarte', quinte: 'quinte', 'carré': 'carre' };

  it('§6.2 which combinations a player\'s cards make', () => {
    const rows = table(doc('RULES'), 'combinations');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [hand, listed] of rows) {
      const want = [...listed!.matchAll(/(tierce|quarte|quinte|carré) \((\d+)\)/g)].map((m) => `${KINDS[m[1]!]} ${m[2]}`);
      const engine = detectCombinations(maskOf(cards(hand!))).map((c) => `${c.kind} ${c.points}`);
      expect(sorted(engine), hand).toEqual(sorted(want));
      expect(sorted(combosOf(cards(hand!)).map((c) => c.points)), hand).toEqual(sorted(want.map((w) => Number(w.split(' ')[1]))));
    }
  });

  it('§6.5 which team scores', () => {
    const rows = table(doc('RULES'), 'comparisons');
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const [a, b, trump, who, points] of rows) {
      const t0 = cards(a!);
      const t1 = cards(b!);
      expect(new Set([...t0, ...t1]).size, `${a} / ${b}: a card held twice`).toBe(t0.length + t1.length);
      const team = who === 'nobody' ? null : Number(/team (\d)/.exec(who!)![1]);
      const want: [number, number] = [team === 0 ? Number(points) : 0, team === 1 ? Number(points) : 0];
      const engine = resolveAnnouncements([maskOf(t0), maskOf(t1), 0, 0], suitId(trump as Suit));
      expect({ winner: engine.winner, points: engine.points }, `${a} / ${b}`).toEqual({ winner: team, points: want });
      expect(announcementPoints([t0, t1, [], []], trump as Suit), `${a} / ${b} (reference)`).toEqual(want);
    }
  });
});

describe('COINCHE §7: the 22 worked examples against their conformance fixtures', () => {
  const fixtures = new Map(readFixtures().map((f) => [f.name, f]));
  const rows = table(doc('COINCHE'), 'coinche-examples');

  it('has rows 1 to 22', () => expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: 22 }, (_, i) => i + 1)));

  it.each(rows.map((r) => [r[0]!, r] as const))('example %s', (n, [, contract, , result, takers, defenders]) => {
    const f = fixtures.get(`coinche-example-${n.padStart(2, '0')}`)!;
    const deal = f.expect!.deals.at(-1)! as unknown as Deal & { outcome: string; contract: number | 'capot'; coinche: number };
    const [, value, mult] = /^(\d+|capot)♥( coinché| surcoinché)?/.exec(contract!)!;
    expect({ contract: deal.contract, coinche: deal.coinche, trump: deal.trump }).toEqual({
      contract: value === 'capot' ? 'capot' : Number(value),
      coinche: mult === ' coinché' ? 2 : mult === ' surcoinché' ? 4 : 1,
      trump: 'H',
    });
    expect(deal.outcome).toBe(/^(made|dedans|litige)/.exec(result!)![1]);
    const t = deal.taker! % 2;
    expect([bold(takers!), bold(defenders!)]).toEqual([deal.written[t], deal.written[1 - t]]);
  });
});
