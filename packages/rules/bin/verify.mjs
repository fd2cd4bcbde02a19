#!/usr/bin/env node
// `pnpm verify` launcher: runs the compiled CLI when dist/ is at least as new as src/ (fast
// start, ~0.1 s), otherwise the TypeScript source through tsx (always correct, slower start).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiled = fileURLToPath(new URL('../dist/record/verify-cli.js', import.meta.url));
const source = fileURLToPath(new URL('../src/record/verify-cli.ts', import.meta.url));
const srcDir = fileURLToPath(new URL('../src', import.meta.url));

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (existsSync(compiled) && statSync(compiled).mtimeMs >= newest(srcDir)) {
  await import(compiled);
} else {
  const tsx = import.meta.resolve('tsx');
  const r = spawnSync(process.execPath, ['--conditions=source', '--import', tsx, source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = r.status ?? 2;
}
