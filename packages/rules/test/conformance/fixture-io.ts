/**
 * The fixture file shape and its writer. A fixture holds a record, the fields the auditor
 * computed by hand from docs/rules/RULES.md / docs/rules/RECORD.md (`hand`, matched as a subset), and the complete
 * expected result (`expect`, produced by the independent reference model, which the writer
 * first checks against `hand`).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { refReplay, type RefRecord, type RefResult } from './reference-replay.js';

export interface Fixture {
  name: string;
  rule: string;
  record: unknown;
  hand: unknown;
  expect: RefResult | null;
  exit: 0 | 1 | 2;
}

export const FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** Deep subset match: every field of `want` equals the same field of `got`. */
export function subsetProblem(want: unknown, got: unknown, path = '$'): string | null {
  if (want === null || typeof want !== 'object') return Object.is(want, got) ? null : `${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`;
  if (got === null || typeof got !== 'object') return `${path}: want an object/array, got ${JSON.stringify(got)}`;
  if (Array.isArray(want) && (!Array.isArray(got) || got.length !== want.length)) return `${path}: want ${want.length} items, got ${JSON.stringify(got)}`;
  for (const [k, v] of Object.entries(want)) {
    const p = subsetProblem(v, (got as Record<string, unknown>)[k], `${path}.${k}`);
    if (p) return p;
  }
  return null;
}

export function writeFixture(f: Omit<Fixture, 'expect' | 'exit'> & { exit?: 0 | 1 | 2 }): void {
  let expect: RefResult | null = null;
  let exit = f.exit;
  if (exit !== 2) {
    expect = refReplay(f.record as RefRecord);
    const problem = subsetProblem(f.hand, expect);
    if (problem) throw new Error(`${f.name}: reference disagrees with the hand computation: ${problem}`);
    exit = expect.error ? 1 : 0;
  }
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const out: Fixture = { name: f.name, rule: f.rule, record: f.record, hand: f.hand, expect, exit: exit ?? 0 };
  writeFileSync(join(FIXTURE_DIR, `${f.name}.json`), JSON.stringify(out, null, 1) + '\n');
}

export function readFixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => JSON.parse(readFileSync(join(FIXTURE_DIR, n), 'utf8')) as Fixture);
}
