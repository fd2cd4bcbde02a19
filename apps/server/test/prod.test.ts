/**
 * The production start path, without Docker: the Dockerfile's build stage (production build,
 * `pnpm --filter @belote/server deploy --prod`, the built web app beside it) and its CMD
 * (`node --max-semi-space-size=4 dist/main.js`, NODE_ENV=production, WEB_DIST, DATA_DIR), then health, the web page
 * and a socket connection. The web app is built straight into the deploy directory so the
 * working tree's apps/web/dist (served by the e2e tests running alongside) is never emptied.
 * Also `docker-compose config` on the compose file when the binary is installed (CI does).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from './clients.js';
import { freePort } from './restart-harness.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'belote-prod-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Run a command to completion; rejects with its output on failure. */
function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, CI: 'true', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${out.slice(-4000)}`))));
  });
}

/** Newest modification time under a directory. */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function rulesDistIsCurrent(): boolean {
  const built = join(ROOT, 'packages/rules/dist/index.js');
  return existsSync(built) && statSync(built).mtimeMs >= newest(join(ROOT, 'packages/rules/src'));
}

const hasDockerCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

describe('production start path', () => {
  it('the Dockerfile builds, deploys and starts what this test runs', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('pnpm install --frozen-lockfile');
    expect(dockerfile).toMatch(/pnpm build\s*\\\n\s*&& pnpm --filter @belote\/server deploy --prod \/out\s*\\\n\s*&& cp -r apps\/web\/dist \/out\/web/);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    expect(dockerfile).toMatch(/WEB_DIST=\/app\/web/);
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/^USER node$/m);
    // the young generation capped (README "Memory"): a flood of hostile messages peaks at tens of MB of garbage, not a hundred
    expect(dockerfile).toMatch(/^CMD \["node", "--max-semi-space-size=4", "dist\/main.js"\]$/m);
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start).toContain('node --max-semi-space-size=4 apps/server/dist/main.js');
    // pnpm deploy copies only the `files` of each workspace package: dist/ must be listed.
    for (const p of ['packages/rules', 'packages/protocol', 'packages/bots', 'apps/server'])
      expect((JSON.parse(readFileSync(join(ROOT, p, 'package.json'), 'utf8')) as { files?: string[] }).files).toContain('dist');
  });

  it('serves health, the web page and sockets from a production deploy', { timeout: 600_000 }, async () => {
    const app = join(work, 'app');
    const t0 = performance.now();
    // `pnpm build` for the server and its workspace dependencies. The rules package is built at
    // install (root postinstall, the same command); rebuilding it here while other test files run
    // `pnpm verify` (which loads packages/rules/dist when it is current) could let them read a
    // half-written file, so it is rebuilt only when stale.
    const skipRules = rulesDistIsCurrent() ? ['--filter', '!@belote/rules'] : [];
    await run('pnpm', ['--filter', '@belote/server...', ...skipRules, 'run', 'build']);
    await run('pnpm', ['--filter', '@belote/server', 'deploy', '--prod', app]);
    await run('pnpm', ['--filter', '@belote/web', 'exec', 'vite', 'build', '--outDir', join(app, 'web'), '--emptyOutDir', '--logLevel', 'warn']);
    const buildMs = Math.round(performance.now() - t0);

    // Only runtime dependencies, and the workspace packages as built JavaScript.
    for (const dev of ['vitest', 'typescript', 'tsx', 'supertest', 'socket.io-client']) expect(existsSync(join(app, 'node_modules', dev))).toBe(false);
    expect(existsSync(join(app, 'node_modules/@belote/rules/dist/index.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/@belote/rules/src'))).toBe(false);

    const port = await freePort();
    const dataDir = join(work, 'data');
    const child = spawn(process.execPath, ['--max-semi-space-size=4', 'dist/main.js'], {
      cwd: app,
      // A clean environment: nothing of the test runner (NODE_OPTIONS, conditions) leaks in.
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: join(app, 'web'),
        DATA_DIR: dataDir,
        BOT_DELAY_MS: '1',
        DEAL_PAUSE_MS: '0',
        BOT_STRONG_BUDGET: '{"samples":3,"nodes":300000,"bidSamples":3}',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      const s0 = performance.now();
      for (let i = 0; !out.includes('belote server listening'); i++) {
        if (i > 300 || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const startMs = Math.round(performance.now() - s0);

      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true });

      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"/);
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      const js = await fetch(`${url}${asset}`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toMatch(/javascript/);

      const created = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: { target: 301 } }) });
      expect(created.status).toBe(201);
      const table = (await created.json()) as { id: string; hostKey: string; url: string };
      // No PUBLIC_URL: the start log names the port the server listens on (the one Compose
      // publishes), and the share link the address this client used.
      expect(out).toContain(`"msg":"open http://localhost:${port}"`);
      expect(table.url).toBe(`${url}/t/${table.id}`);
      const link = await fetch(`${url}/t/${table.id}`);
      expect(link.status).toBe(200);
      expect(await link.text()).toBe(html);

      const client = await TestClient.connect({ url }, { tableId: table.id, hostKey: table.hostKey });
      expect(client.last.table.id).toBe(table.id);
      const sat = await client.emit('sit', { seat: 0, name: 'Prod' });
      expect(sat.ok).toBe(true);
      client.close();
      expect(existsSync(join(dataDir, 'belote.sqlite'))).toBe(true);

      // Strong bots think in worker threads loaded from the compiled dist/bots/worker.js.
      const botTable = (await (await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as typeof table;
      const watcher = await TestClient.connect({ url }, { tableId: botTable.id, hostKey: botTable.hostKey });
      for (const seat of [0, 1, 2, 3]) expect(await watcher.emit('addBot', { seat, level: 'strong' })).toEqual({ ok: true });
      expect(await watcher.emit('start', {})).toEqual({ ok: true });
      const played = await watcher.next((u) => (u.view?.deal?.tricks.length ?? 0) > 0, 20_000);
      expect(played.events.some((e) => e.type === 'trickWon' || e.type === 'cardPlayed')).toBe(true);
      expect(out).toContain('"msg":"bot worker ready"');
      watcher.close();

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"shutdown complete"');
      console.info(`production path: build + deploy ${buildMs} ms, server listening ${startMs} ms after spawn`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it.skipIf(!hasDockerCompose)('docker-compose config accepts the compose file', async () => {
    const config = await run('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), 'config']);
    expect(config).toMatch(/belote-data:\/data/);
    expect(config).toMatch(/restart: unless-stopped/);
    expect(config).toMatch(/healthz/);
    expect(config).toMatch(/PORT: '3000'/);
    expect(config).toMatch(/- published: 3000\n\s+target: 3000\n/);
  });

  it.skipIf(!hasDockerCompose)('docker-compose config accepts the cluster file: PostgreSQL, three replicas, Caddy in front', async () => {
    const config = await run('docker-compose', ['-f', join(ROOT, 'docker-compose.cluster.yml'), 'config']);
    expect(config).toMatch(/replicas: 3\n/);
    expect(config).toContain('DATABASE_URL: postgres://belote:belote@postgres:5432/belote');
    expect(config).toContain('TRUST_PROXY: loopback,uniquelocal');
    expect(config).toMatch(/condition: service_healthy/);
    expect(config).toMatch(/image: postgres:17/);
    expect(config).toMatch(/- published: 8080\n\s+target: 80\n/);
    expect(config).toContain('deploy/Caddyfile.cluster:/etc/caddy/Caddyfile:ro');
    const scaled = await run('docker-compose', ['-f', join(ROOT, 'docker-compose.cluster.yml'), 'config'], { BELOTE_REPLICAS: '5', POSTGRES_PASSWORD: 's3cret' });
    expect(scaled).toMatch(/replicas: 5\n/);
    expect(scaled).toContain('postgres://belote:s3cret@postgres:5432/belote');
    // the proxy finds every replica and keeps a browser on one (long-polling), and the server file exists
    const caddy = readFileSync(join(ROOT, 'deploy/Caddyfile.cluster'), 'utf8');
    expect(caddy).toMatch(/dynamic a belote 3000/);
    expect(caddy).toMatch(/lb_policy cookie/);
  });

  it.skipIf(!hasDockerCompose)('docker-compose: with BELOTE_PORT the server listens on that port, so its log and links name it', async () => {
    const config = await run('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), 'config'], { BELOTE_PORT: '8080' });
    expect(config).toMatch(/PORT: '8080'/);
    expect(config).toMatch(/- published: 8080\n\s+target: 8080\n/);
    expect(config).toContain("fetch('http://127.0.0.1:'+process.env.PORT+'/healthz')");
  });
});
