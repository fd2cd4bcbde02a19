// CI check of the README's promise: `pnpm start` serves the game on http://localhost:3000.
// Starts it in its own process group, waits for its log line saying it listens and for /healthz,
// checks the page, then stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const base = 'http://localhost:3000';
// Every request is bounded: a port that accepts but never answers must not hang CI.
const get = (path, init = {}) => fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(5000) });
// Another server already there would answer for ours (which builds first, then cannot listen);
// one that accepts and never answers is there too.
if (await get('/healthz').then(() => true, (e) => e.name === 'TimeoutError')) {
  console.error('smoke-start: something already listens on http://localhost:3000: stop it first');
  process.exit(1);
}
const child = spawn('pnpm', ['start'], {
  detached: true,
  stdio: ['ignore', 'pipe', 'inherit'],
  // LOG_LEVEL info: the server's "listening" line is how we know the answers below are its own
  env: { ...process.env, LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'belote-start-')) },
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
// Ours listens once its log says so (on port 3000); until then anything answering is not ours.
let listening = false;
let line = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  line += chunk.toString();
  for (let i; (i = line.indexOf('\n')) >= 0; line = line.slice(i + 1)) {
    const l = line.slice(0, i);
    if (l.includes('"msg":"belote server listening"') && l.includes('"port":3000')) listening = true;
  }
});

const deadline = Date.now() + 180_000;
for (;;) {
  if (Date.now() > deadline) fail('no /healthz within 180 s');
  const ok = listening && (await get('/healthz').then((r) => r.ok, () => false));
  if (ok) break;
  await new Promise((r) => setTimeout(r, 1000));
}
// A request that fails or times out stops the server too (an uncaught error would leave it running).
await (async () => {
  const page = await (await get('/')).text();
  if (!page.includes('<script')) fail('GET / is not the web app');
  const created = await get('/api/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (created.status !== 201) fail(`POST /api/tables answered ${created.status}`);
  const { id } = await created.json();
  const table = await get(`/t/${id}`);
  if (!table.ok || !(await table.text()).includes('<script')) fail('GET /t/:id is not the web app');
})().catch((e) => fail(`a request failed: ${e.message}`));
child.removeAllListeners('exit');
// Wait for the whole group to exit so nothing writes to our output after we return.
const exited = new Promise((r) => child.once('exit', r));
stop();
await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
console.log('smoke-start: pnpm start serves the game on http://localhost:3000');
