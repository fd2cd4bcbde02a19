/**
 * The packages' READMEs, read mechanically: ARCHITECTURE.md sends a newcomer to "each package's
 * README" to run its tests, so each one names a command that runs them; and the table of
 * apps/web/README.md that e2e/README.md points to for "what each file covers" lists every
 * end-to-end test file, and no file that is gone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** Every workspace package with tests: its folder, npm name and vitest project name. */
const packages = ['packages', 'apps']
  .flatMap((dir) => readdirSync(new URL(`${dir}/`, root)).map((name) => `${dir}/${name}`))
  .concat('e2e')
  .filter((dir) => existsSync(new URL(`${dir}/vitest.config.ts`, root)))
  .map((dir) => ({
    dir,
    npm: (JSON.parse(read(`${dir}/package.json`)) as { name: string }).name,
    project: /\bname: '([\w-]+)'/.exec(read(`${dir}/vitest.config.ts`))![1]!,
  }));

describe("each package's README runs its tests", () => {
  it('finds the workspace packages', () => {
    expect(packages.map((p) => p.project).sort()).toEqual(['bots', 'e2e', 'protocol', 'rules', 'server', 'web']);
  });

  it.each(packages)('$dir/README.md names a command that runs project $project', ({ dir, npm, project }) => {
    const readme = read(`${dir}/README.md`);
    const commands = [`pnpm exec vitest run --project ${project}`, `pnpm --filter ${npm} test`];
    expect(
      commands.some((c) => readme.includes(c)),
      `${dir}/README.md names none of: ${commands.join(' | ')}`,
    ).toBe(true);
  });
});

describe('apps/web/README.md, "End-to-end tests"', () => {
  const web = read('apps/web/README.md');
  const start = web.indexOf('## End-to-end tests');
  const part = web.slice(start, web.indexOf('\n## ', start + 1));
  const listed = [...part.matchAll(/^\| `tests\/([\w-]+\.test\.ts)` \|/gm)].map((m) => m[1]!);
  const files = readdirSync(new URL('e2e/tests/', root)).filter((f) => f.endsWith('.test.ts'));

  it('lists every test file of e2e/tests, once, and none that is gone', () => {
    expect(start).toBeGreaterThan(0);
    expect(listed.length).toBeGreaterThan(10);
    expect([...listed].sort()).toEqual([...files].sort());
  });
});
