/**
 * `pnpm verify FILE|-`: replay one record or an array of records and print the results
 * as JSON (docs/rules/RECORD.md). Exit 0 legal, 1 an illegal action, 2 not a record.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { commitmentCandidates } from './commitment.js';
import { replayRecord } from './replay.js';
import { formatIssues, parseRecord } from './schema.js';

const USAGE = 'usage: pnpm --silent verify FILE   (or - for standard input; one record or a JSON array of records)';

/** The one input named on the command line: a second file would be left unread, so it is refused. */
function readInput(args: string[]): string {
  if (args.length !== 1) throw new Usage(args.length === 0 ? USAGE : `one input at a time (a JSON array holds many records)\n${USAGE}`);
  const arg = args[0]!;
  if (arg === '-') return readFileSync(0, 'utf8');
  // pnpm runs scripts from the workspace root; resolve relative paths from where it was called. Only
  // when pnpm runs *this* script: a parent's INIT_CWD (e.g. a test runner's) is stale for a direct
  // `node packages/rules/bin/verify.mjs FILE`, which reads from its own working directory.
  const called = process.env.npm_lifecycle_event === 'verify' ? process.env.INIT_CWD : undefined;
  return readFileSync(resolve(called ?? process.cwd(), arg), 'utf8');
}

class Usage extends Error {}

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function main(): number {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    process.stdout.write(`${USAGE}\nPrints the result as JSON (docs/rules/RECORD.md); exit 0 legal, 1 an illegal action, 2 not a record.\n`);
    return 0;
  }
  let input: unknown;
  try {
    // A leading byte-order mark is tolerated.
    input = JSON.parse(readInput(args).replace(/^\uFEFF/, ''));
  } catch (e) {
    process.stderr.write(`verify: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const many = Array.isArray(input);
  const items = many ? (input as unknown[]) : [input];
  const records = [];
  for (let i = 0; i < items.length; i++) {
    const parsed = parseRecord(items[i]);
    if (!parsed.success) {
      process.stderr.write(`verify: not a record${many ? ` (element ${i})` : ''}:\n${formatIssues(parsed.error)}\n`);
      return 2;
    }
    records.push(parsed.data);
  }
  const results = records.map(
    (r) => replayRecord(r, (deck, salt, commitment) => commitmentCandidates(deck, salt).some((c) => sha256(c) === commitment.trim().toLowerCase())).result,
  );
  process.stdout.write(JSON.stringify(many ? results : results[0], null, 2) + '\n');
  return results.some((r) => r.error !== null) ? 1 : 0;
}

process.exitCode = main();
