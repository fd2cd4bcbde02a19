/**
 * Nothing in the repository points outside it for its rules: the rule book is docs/rules/, and a
 * clone holds nothing else. Every tracked text file (node_modules is never tracked) is searched for
 * a `../shared` or `shared/` path, and for a citation of one of the rule book's documents that is
 * not written as `docs/rules/<file>.md` (a bare `RULES.md §5` once meant a file outside the tree).
 * Inside docs/rules/ the documents cite each other by their bare names. This file is exempt from
 * its own patterns.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

/** A path outside the repository: `../shared/…` or `shared/…`. */
const OUTSIDE = /\.\.\/shared\b|(?<![\w-])shared\//;
/** A rule book document named without `docs/rules/` (or a relative `rules/`) before it. */
const BARE_CITATION = /(?<![\w/.-])(?:RULES|COINCHE|RECORD|RECORD-COINCHE)\.md/;

/** Tracked files; without git (an exported tarball), every file but dependencies and build output. */
function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 }).split('\0').filter(Boolean);
  } catch {
    const skip = new Set(['node_modules', '.git', 'dist', 'data', 'test-artifacts']);
    const walk = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
        skip.has(e.name) ? [] : e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
      );
    return walk('');
  }
}

function problems(): string[] {
  const out: string[] = [];
  for (const file of trackedFiles()) {
    if (file === SELF || file.split('/').includes('node_modules')) continue;
    const path = join(ROOT, file);
    let text: string;
    try {
      if (statSync(path).size > 4 << 20) continue;
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // deleted in the work tree but still in the index
    }
    if (text.includes('\0')) continue; // binary
    const inBook = file.startsWith('docs/rules/');
    text.split('\n').forEach((line, i) => {
      if (OUTSIDE.test(line)) out.push(`${file}:${i + 1}: a path outside the repository: ${line.trim()}`);
      else if (!inBook && BARE_CITATION.test(line)) out.push(`${file}:${i + 1}: cite docs/rules/<file>.md: ${line.trim()}`);
    });
  }
  return out;
}

describe('no reference to documents outside the repository', () => {
  it('the patterns catch what they are meant to, and only that', () => {
    for (const bad of ['see ../shared/RULES.md', '`shared/COINCHE.md`', '(shared/RECORD.md)']) expect(OUTSIDE.test(bad), bad).toBe(true);
    for (const bad of ['RULES.md §5', '(COINCHE.md §3)', 'RECORD-COINCHE.md', 'RECORD.md\'s codes']) expect(BARE_CITATION.test(bad), bad).toBe(true);
    for (const ok of ['docs/rules/RULES.md §5', 'docs/rules/RECORD-COINCHE.md', '[rule book](rules/COINCHE.md)', 'COINCHE-SOURCES.md', 'packages/rules/README.md', 'a shared secret'])
      expect(OUTSIDE.test(ok) || BARE_CITATION.test(ok), ok).toBe(false);
  });

  it('no tracked file cites shared/ or a rule book document outside docs/rules/', () => {
    expect(problems()).toEqual([]);
  });
});
