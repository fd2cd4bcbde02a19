// CI check of the README's promise: `pnpm start` serves the game on http://localhost:3000.
// Starts it in its own process group, waits for /healthz, checks the page, then stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const base = 'http://localhost:3000';
// Another server already there would answer for ours (which builds first, then cannot listen).
if (await fetch(`${base}/healthz`).then(() => true, () => false)) {
  console.error('smoke-start: something already answers on http://localhost:3000: stop it first');
  process.exit(1);
}
const child = spawn('pnpm', ['start'], {
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'belote-start-')) },
});
const stop = () => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
};
const fail = (msg) => {
  console.error(`smoke-start: ${msg}`);
  stop();
  process.exit(1);
};
child.on('exit', (code) => fail(`pnpm start exited early with ${code}`));

const deadline = Date.now() + 180_000;
for (;;) {
  if (Date.now() > deadline) fail('no /healthz within 180 s');
  const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
  if (ok) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const page = await (await fetch(`${base}/`)).text();
if (!page.includes('<script')) fail('GET / is not the web app');
const created = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
if (created.status !== 201) fail(`POST /api/tables answered ${created.status}`);
const { id } = await created.json();
const table = await fetch(`${base}/t/${id}`);
if (!table.ok || !(await table.text()).includes('<script')) fail('GET /t/:id is not the web app');
child.removeAllListeners('exit');
// Wait for the whole group to exit so nothing writes to our output after we return.
const exited = new Promise((r) => child.once('exit', r));
stop();
await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
console.log('smoke-start: pnpm start serves the game on http://localhost:3000');
