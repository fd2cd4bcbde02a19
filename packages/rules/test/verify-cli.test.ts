/**
 * `pnpm verify` end to end: spawns the CLI on files and standard input and checks the
 * exit codes 0/1/2, single vs array output, commitments and readable errors.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commitmentPreimage, playGame, recordOf, replayRecord, seededRng, type GameRecord } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const cli = join(here, '../src/record/verify-cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'verify-'));

function verifyCli(arg: string | string[], input?: string): { code: number | null; out: string; err: string } {
  const r = spawnSync(tsx, ['--conditions=source', cli, ...(Array.isArray(arg) ? arg : [arg])], { input, encoding: 'utf8', cwd: root, maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const file = (name: string, content: unknown): string => {
  const p = join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};
const record = (seed: string, target: 301 | 1000 = 301): GameRecord =>
  JSON.parse(JSON.stringify(recordOf(playGame({ target, announcements: true }, seededRng(seed)).state))) as GameRecord;
const expected = (r: GameRecord): unknown => JSON.parse(JSON.stringify(replayRecord(r).result));

describe('verify CLI', () => {
  it('a legal record from a file: exit 0, one result', () => {
    const r = record('cli-1');
    const res = verifyCli(file('one.json', r));
    expect(res.code).toBe(0);
    const out = JSON.parse(res.out);
    expect(out).toEqual(expected(r));
    expect(out.winner).not.toBeNull();
  }, 20_000);

  it('one input at a time: a second file is refused (exit 2), not left unread; --help says how', () => {
    const good = file('two-a.json', record('cli-two-a'));
    const bad = record('cli-two-b');
    bad.deals[0]!.actions = [{ type: 'play', seat: ((bad.deals[0]!.dealer + 1) & 3) as 0, card: bad.deals[0]!.deck[0]! }];
    const res = verifyCli([good, file('two-b.json', bad)]);
    expect(res.code).toBe(2);
    expect(res.out).toBe('');
    expect(res.err).toMatch(/one input at a time/);
    const none = verifyCli([]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^verify: usage: pnpm --silent verify FILE/);
    const help = verifyCli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^usage: pnpm --silent verify FILE/);
  }, 20_000);

  it('an array on standard input (-): an array of results in order, complete for large outputs', () => {
    const rs = Array.from({ length: 40 }, (_, i) => record(`cli-many-${i}`, 1000));
    const res = verifyCli('-', JSON.stringify(rs));
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out)).toEqual(rs.map(expected));
  }, 20_000);

  it('an illegal action: exit 1 with the error; in an array, exit 1 when any result has one', () => {
    const good = record('cli-2');
    const bad = record('cli-3');
    const d = bad.deals[0]!;
    d.actions = [{ type: 'play', seat: ((d.dealer + 1) & 3) as 0, card: d.deck[0]! }];
    const res = verifyCli('-', JSON.stringify([good, bad]));
    expect(res.code).toBe(1);
    const out = JSON.parse(res.out);
    expect(out[0].error).toBeNull();
    expect(out[1].error).toEqual({ deal: 0, action: 0, code: 'WRONG_PHASE', message: expect.any(String) });
  }, 20_000);

  it('not a record: exit 2 and a readable message naming the field', () => {
    const r = record('cli-4') as unknown as { deals: { deck: string[] }[] };
    r.deals[0]!.deck[3] = '11S';
    const res = verifyCli(file('bad.json', r));
    expect(res.code).toBe(2);
    expect(res.err).toContain('deals[0].deck[3]: not a card: "11S"');
    const arr = verifyCli('-', JSON.stringify([record('cli-5'), { format: 'belote-record/1', deals: [{ dealer: 7, deck: [], actions: [] }] }]));
    expect(arr.code).toBe(2);
    expect(arr.err).toMatch(/element 1[\s\S]*deals\[0\]\.dealer/);
    const junk = verifyCli('-', '{not json');
    expect(junk.code).toBe(2);
    expect(junk.err).toMatch(/verify: /);
    expect(verifyCli(join(dir, 'missing.json')).code).toBe(2);
  }, 20_000);

  it('checks a deal\'s commitment when commitment and salt are present', () => {
    const r = record('cli-6');
    const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
    const withCommit = { ...r, deals: r.deals.map((d, i) => ({ ...d, salt: `s${i}`, commitment: sha(commitmentPreimage(d.deck, `s${i}`)) })) };
    expect(verifyCli(file('c-ok.json', withCommit)).code).toBe(0);
    withCommit.deals[1]!.commitment = sha('something else');
    const res = verifyCli(file('c-bad.json', withCommit));
    expect(res.code).toBe(1);
    expect(JSON.parse(res.out).error).toMatchObject({ deal: 1, action: null, code: 'BAD_DECK' });
  }, 20_000);

  it('a relative FILE: from where pnpm was called, or the working directory when run directly', () => {
    const r = record('cli-8');
    const rel = relative(root, file('rel.json', r));
    // A parent tool's INIT_CWD (here a pnpm-run test script elsewhere) must not redirect a direct run.
    const env = { ...process.env, INIT_CWD: tmpdir(), npm_lifecycle_event: 'test' };
    const direct = spawnSync(process.execPath, [join(root, 'packages/rules/bin/verify.mjs'), rel], { encoding: 'utf8', cwd: root, env });
    expect(direct.stderr).toBe('');
    expect(direct.status).toBe(0);
    const viaPnpm = spawnSync('pnpm', ['-C', root, '--silent', 'verify', 'rel.json'], { encoding: 'utf8', cwd: dir, env });
    expect(viaPnpm.status).toBe(0);
    expect(JSON.parse(viaPnpm.stdout)).toEqual(expected(r));
  }, 30_000);

  it('runs as `pnpm --silent verify FILE` from the workspace root', () => {
    const r = record('cli-7');
    const res = spawnSync('pnpm', ['--silent', 'verify', file('pnpm.json', r)], { encoding: 'utf8', cwd: root });
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual(expected(r));
  }, 30_000);
});
