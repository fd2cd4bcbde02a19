/**
 * The production image without Docker: the Dockerfile's build stage (production build,
 * `pnpm --filter @belote/server deploy --prod`, the built web app beside it), then its runtime
 * stage read from the Dockerfile and run on that deploy — its ENV, WORKDIR, USER (an unprivileged
 * user; as root the test runs the server as `nobody`), CMD, HEALTHCHECK and STOPSIGNAL — checked
 * by behaviour: health, the web page, a socket, strong bots in worker threads, the health check's
 * exit status, a clean stop. The web app is built straight into the deploy directory so the
 * working tree's apps/web/dist (served by the e2e tests running alongside) is never emptied.
 * Also `docker-compose config` on the compose files (skipped with one line when docker-compose is
 * missing, an error under CI, which installs it).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCKER_COMPOSE, HAPROXY, requireTool } from '../../../test-support/tools.js';
import { TestClient } from './clients.js';
import { envOf, execForm, healthCommand, last, readDockerfile } from './dockerfile.js';
import { freePort } from './restart-harness.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'belote-prod-'));
chmodSync(work, 0o755); // the unprivileged server reads the deploy inside

/** The workspace's projects (pnpm-workspace.yaml: `dir` or `dir/*`). */
function workspaceProjects(): string[] {
  const globs = [...readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s*-\s*["']?([^"'\s]+)["']?\s*$/gm)].map((m) => m[1]!);
  return globs.flatMap((g) =>
    g.endsWith('/*') ? readdirSync(join(ROOT, g.slice(0, -2)), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(ROOT, g.slice(0, -2), e.name)) : [join(ROOT, g)],
  );
}
/**
 * pnpm 9's deploy also makes an empty `node_modules/.bin` at each workspace project's directory
 * joined with the deploy path relative to the root (pnpm/pnpm#8835, #10981): for a deploy under
 * the OS temp dir, a `belote-prod-XXXX/` in the clone (projects two levels down) or beside it.
 * Its unique name makes it this run's own; removed after the deploy, and with `work` whatever happens.
 */
function removeStrays(): void {
  for (const p of workspaceProjects()) {
    const stray = join(p, relative(ROOT, work));
    if (stray !== work) rmSync(stray, { recursive: true, force: true });
  }
}
afterAll(() => {
  removeStrays();
  rmSync(work, { recursive: true, force: true });
});

const stages = readDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const runtime = stages.at(-1)!;
/** As root, the server runs as `nobody`, standing for the image's unprivileged USER. */
const nobody =
  process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'nobody']).toString()), gid: Number(execFileSync('id', ['-g', 'nobody']).toString()) } : null;

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

const dockerCompose = requireTool(DOCKER_COMPOSE);
const haproxy = requireTool(HAPROXY);

describe('production start path', () => {
  it("the runtime stage, run on a production deploy: health, page, sockets, bots, as an unprivileged user; its health check passes and its stop signal stops it cleanly", { timeout: 600_000 }, async () => {
    // The runtime stage copies the build stage's deploy into its WORKDIR; image paths map to this test's directories.
    const workdir = last(runtime, 'WORKDIR')!;
    const copied = runtime.instructions.find((i) => i.op === 'COPY' && i.args.startsWith('--from='))!.args.split(' ');
    expect(copied[0]).toBe(`--from=${stages[0]!.name}`);
    expect(copied[2]).toBe(workdir);
    const volume = execForm(last(runtime, 'VOLUME')!)[0]!;
    const user = last(runtime, 'USER')!;
    expect(['root', '0', '0:0']).not.toContain(user);
    const app = join(work, 'app');
    const t0 = performance.now();
    // `pnpm build` for the server and its workspace dependencies. The rules package is built at
    // install (root postinstall, the same command); rebuilding it here while other test files run
    // `pnpm verify` (which loads packages/rules/dist when it is current) could let them read a
    // half-written file, so it is rebuilt only when stale.
    const skipRules = rulesDistIsCurrent() ? ['--filter', '!@belote/rules'] : [];
    await run('pnpm', ['--filter', '@belote/server...', ...skipRules, 'run', 'build']);
    await run('pnpm', ['--filter', '@belote/server', 'deploy', '--prod', app]);
    removeStrays();
    await run('pnpm', ['--filter', '@belote/web', 'exec', 'vite', 'build', '--outDir', join(app, 'web'), '--emptyOutDir', '--logLevel', 'warn']);
    const buildMs = Math.round(performance.now() - t0);

    // Only runtime dependencies, and the workspace packages as built JavaScript.
    for (const dev of ['vitest', 'typescript', 'tsx', 'supertest', 'socket.io-client']) expect(existsSync(join(app, 'node_modules', dev))).toBe(false);
    expect(existsSync(join(app, 'node_modules/@belote/rules/dist/index.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/@belote/rules/src'))).toBe(false);

    const port = await freePort();
    const dataDir = join(work, 'data');
    // RUN mkdir -p /data && chown … : the data directory is the only one the user may write
    mkdirSync(dataDir);
    if (nobody) chownSync(dataDir, nobody.uid, nobody.gid);
    const image = (v: string): string => (v === volume ? dataDir : v.startsWith(`${workdir}/`) ? join(app, v.slice(workdir.length + 1)) : v);
    const env: Record<string, string> = {
      // A clean environment: nothing of the test runner (NODE_OPTIONS, conditions) leaks in.
      PATH: process.env.PATH ?? '',
      ...Object.fromEntries(Object.entries(envOf(runtime)).map(([k, v]) => [k, image(v)])),
      // what `docker run -e` (or Compose) would set
      PORT: String(port),
      BOT_DELAY_MS: '1',
      DEAL_PAUSE_MS: '0',
      BOT_STRONG_BUDGET: '{"samples":3,"nodes":300000,"bidSamples":3}',
    };
    expect(env.DATA_DIR).toBe(dataDir);
    const [cmd, ...args] = execForm(last(runtime, 'CMD')!);
    // the young generation capped (README "Memory"): a flood of hostile messages peaks at tens of MB of garbage, not a hundred
    expect(args).toContain('--max-semi-space-size=4');
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start).toContain('node --max-semi-space-size=4 apps/server/dist/main.js');
    const child = spawn(cmd!, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'], ...(nobody ?? {}) });
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
      // as the unprivileged user, and the image's HEALTHCHECK command passes (it fails once stopped, below)
      if (nobody && process.platform === 'linux') expect(readFileSync(`/proc/${child.pid}/status`, 'utf8')).toMatch(new RegExp(`^Uid:\\s+${nobody.uid}\\s`, 'm'));
      const healthCheck = (): number | null => spawnSync('sh', ['-c', healthCommand(last(runtime, 'HEALTHCHECK')!)], { env, ...(nobody ?? {}) }).status;
      expect(healthCheck()).toBe(0);

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

      child.kill(last(runtime, 'STOPSIGNAL') as NodeJS.Signals);
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"shutdown complete"');
      expect(healthCheck()).toBe(1);
      console.info(`production path: build + deploy ${buildMs} ms, server listening ${startMs} ms after spawn`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it.skipIf(!dockerCompose)('docker-compose config accepts the compose file', { timeout: 60_000 }, async () => {
    const config = await run(dockerCompose!, ['-f', join(ROOT, 'docker-compose.yml'), 'config']);
    expect(config).toMatch(/belote-data:\/data/);
    expect(config).toMatch(/restart: unless-stopped/);
    expect(config).toMatch(/healthz/);
    expect(config).toMatch(/PORT: '3000'/);
    expect(config).toMatch(/- published: 3000\n\s+target: 3000\n/);
  });

  it.skipIf(!dockerCompose)('docker-compose: X-Forwarded-For believed only with the port on loopback (README "Behind a reverse proxy")', { timeout: 60_000 }, async () => {
    // by default the port is open on every interface, where LAN players arrive from private addresses: trust none of them
    const byDefault = await run(dockerCompose!, ['-f', join(ROOT, 'docker-compose.yml'), 'config']);
    expect(byDefault).toMatch(/- published: 3000\n\s+target: 3000\n/);
    expect(byDefault).toMatch(/TRUST_PROXY: loopback\n/);
    // the README's proxy on the host: its ports line (the one commented out in the file) and TRUST_PROXY in .env
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Behind a reverse proxy'), readme.indexOf('Caddy ('));
    const loopbackPorts = section.match(/^\s+- "127\.0\.0\.1:.*"$/m)![0].trim();
    expect(compose).toContain(`#   ${loopbackPorts}\n`);
    expect(section).toContain('`TRUST_PROXY=loopback,uniquelocal`');
    const dir = mkdtempSync(join(work, 'compose-'));
    writeFileSync(join(dir, 'docker-compose.yml'), compose.replace(/^(\s+)- "\$\{BELOTE_PORT.*$/m, `$1${loopbackPorts}`));
    writeFileSync(join(dir, '.env'), 'PUBLIC_URL=https://belote.example.org\nTRUST_PROXY=loopback,uniquelocal\n');
    const proxied = await run(dockerCompose!, ['--project-directory', dir, '-f', join(dir, 'docker-compose.yml'), 'config']);
    expect(proxied).toContain('- 127.0.0.1:3000:3000/tcp\n');
    expect(proxied).toMatch(/TRUST_PROXY: loopback,uniquelocal\n/);
    expect(proxied).toMatch(/PUBLIC_URL: https:\/\/belote\.example\.org\n/);
  });

  it.skipIf(!dockerCompose)('docker-compose config accepts the cluster file: PostgreSQL, three replicas, HAProxy in front routing by table', { timeout: 60_000 }, async () => {
    const config = await run(dockerCompose!, ['-f', join(ROOT, 'docker-compose.cluster.yml'), 'config']);
    for (const name of ['belote-1', 'belote-2', 'belote-3']) expect(config).toMatch(new RegExp(`^  ${name}:\n`, 'm'));
    expect(config.match(/DATABASE_URL: postgres:\/\/belote:belote@postgres:5432\/belote/g)).toHaveLength(3);
    expect(config).toContain('TRUST_PROXY: loopback,uniquelocal');
    expect(config).toMatch(/condition: service_healthy/);
    expect(config).toMatch(/image: postgres:17/);
    expect(config).toMatch(/image: haproxy:2\.6/);
    expect(config).toMatch(/- published: 8080\n\s+target: 8080\n/);
    expect(config).toContain('deploy/haproxy/belote.cfg:/usr/local/etc/haproxy/belote.cfg:ro');
    expect(config).toContain('deploy/haproxy/compose.cfg:/usr/local/etc/haproxy/compose.cfg:ro');
    expect(config).toMatch(/command:\n\s+- haproxy\n\s+- -f\n\s+- \/usr\/local\/etc\/haproxy\/belote\.cfg\n\s+- -f\n\s+- \/usr\/local\/etc\/haproxy\/compose\.cfg\n/);
    const custom = await run(dockerCompose!, ['-f', join(ROOT, 'docker-compose.cluster.yml'), 'config'], { BELOTE_PORT: '9090', POSTGRES_PASSWORD: 's3cret' });
    expect(custom).toContain('postgres://belote:s3cret@postgres:5432/belote');
    expect(custom).toMatch(/- published: 9090\n\s+target: 8080\n/);
    // HAProxy names exactly the Compose file's replicas, hashes by table, and listens where the proxy is published
    const replicas = readFileSync(join(ROOT, 'deploy/haproxy/compose.cfg'), 'utf8');
    expect([...replicas.matchAll(/^\s*server (belote-\d) \1:3000$/gm)].map((m) => m[1])).toEqual(['belote-1', 'belote-2', 'belote-3']);
    const shared = readFileSync(join(ROOT, 'deploy/haproxy/belote.cfg'), 'utf8');
    expect(shared).toMatch(/^\s*balance hash var\(txn\.table\)$/m);
    expect(shared).toMatch(/^\s*hash-type consistent$/m);
    expect(shared).toMatch(/^\s*bind :8080$/m);
    // nginx instead (SCALING.md): its Compose file names the same replicas, hashes by table, listens on 8080
    const nginx = readFileSync(join(ROOT, 'deploy/nginx/compose.conf'), 'utf8');
    expect([...nginx.matchAll(/^\s*server (belote-\d):3000 .*resolve;$/gm)].map((m) => m[1])).toEqual(['belote-1', 'belote-2', 'belote-3']);
    expect(nginx).toMatch(/hash \$belote_route consistent;/);
    expect(readFileSync(join(ROOT, 'deploy/nginx/belote.conf'), 'utf8')).toMatch(/^\s*listen 8080;$/m);
  });

  it.skipIf(!haproxy)("HAProxy accepts the cluster file's configuration (deploy/haproxy/belote.cfg + compose.cfg)", async () => {
    // the replicas' names resolve only on the Compose network: a warning here, not an error
    expect(await run(haproxy!, ['-c', '-f', join(ROOT, 'deploy/haproxy/belote.cfg'), '-f', join(ROOT, 'deploy/haproxy/compose.cfg')])).toContain('Configuration file is valid');
  });

  it.skipIf(!dockerCompose)('docker-compose: with BELOTE_PORT the server listens on that port, so its log and links name it', { timeout: 60_000 }, async () => {
    const config = await run(dockerCompose!, ['-f', join(ROOT, 'docker-compose.yml'), 'config'], { BELOTE_PORT: '8080' });
    expect(config).toMatch(/PORT: '8080'/);
    expect(config).toMatch(/- published: 8080\n\s+target: 8080\n/);
    expect(config).toContain("fetch('http://127.0.0.1:'+process.env.PORT+'/healthz')");
  });
});
