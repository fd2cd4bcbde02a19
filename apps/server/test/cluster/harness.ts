/**
 * Test support for the cluster: several real server processes (main.ts) on one PostgreSQL
 * database of their own, each on a port of its own that it keeps across restarts, and a real
 * reverse proxy in front with the configuration shipped in deploy/, only its ports changed:
 * nginx (deploy/nginx/local.conf and belote.conf) or HAProxy (deploy/haproxy/belote.cfg and
 * local.cfg).
 * Without the proxy the tests that need it skip, saying how to get it (test-support/tools.ts);
 * under CI they fail instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from '../clients.js';
import { HAPROXY, NGINX, requireTool } from '../../../../test-support/tools.js';
import { createTestDatabase, sql } from '../pg/databases.js';
import { freePort, spawnServer, type ServerProcess } from '../restart-harness.js';

const DEPLOY = fileURLToPath(new URL('../../../../deploy/nginx/', import.meta.url));
const HAPROXY_DEPLOY = fileURLToPath(new URL('../../../../deploy/haproxy/', import.meta.url));

export interface Node extends ServerProcess {
  /** The process's cluster id (from its start log). */
  node: string;
  port: number;
}

export interface Cluster {
  url: string;
  /** The processes, by slot; a restarted slot gets a new process on the same port. */
  nodes: Node[];
  /** Start one more process on the same database (a new slot). */
  start(env?: Record<string, string>): Promise<Node>;
  /** Stop slot `i`'s process with `signal` and start a new one on its port. */
  restart(i: number, signal: NodeJS.Signals, env?: Record<string, string>): Promise<Node>;
  /** Start slot `i` again on its port (after its process was stopped). */
  revive(i: number, env?: Record<string, string>): Promise<Node>;
  /** The process that owns `tableId` now (null: nobody, or a process not in `nodes`). */
  owner(tableId: string): Promise<Node | null>;
  /** Kill every process and drop the database. */
  dispose(): Promise<void>;
}

export async function startCluster(n: number, env: Record<string, string> = {}, serverUrl?: string): Promise<Cluster> {
  const db = await createTestDatabase(serverUrl);
  const dir = mkdtempSync(join(tmpdir(), 'belote-cluster-'));
  const nodes: Node[] = [];
  const all: Node[] = [];
  const spawnOn = async (port: number, extra: Record<string, string> = {}): Promise<Node> => {
    const p = await spawnServer(join(dir, 'unused'), port, { DATABASE_URL: db.url, ...env, ...extra });
    const line = p.logs.find((l) => l.msg === 'cluster node: tables load on demand from PostgreSQL');
    if (!line) throw new Error('not a cluster node');
    const node = Object.assign(p, { node: String(line.node), port });
    all.push(node);
    return node;
  };
  const cluster: Cluster = {
    url: db.url,
    nodes,
    start: async (extra) => {
      const node = await spawnOn(await freePort(), extra);
      nodes.push(node);
      return node;
    },
    restart: async (i, signal, extra) => {
      await nodes[i]!.stop(signal);
      return cluster.revive(i, extra);
    },
    revive: async (i, extra) => (nodes[i] = await spawnOn(nodes[i]!.port, extra)),
    owner: async (tableId) => {
      const r = await sql<{ owner: string | null }>(db.url, 'SELECT owner FROM belote_tables WHERE id = $1', [tableId]);
      return nodes.find((p) => p.node === r.rows[0]?.owner) ?? null;
    },
    dispose: async () => {
      await Promise.all(all.map((p) => p.stop('SIGKILL')));
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < n; i++) await cluster.start();
  return cluster;
}

/** The nginx binary, or null outside CI (the tests through it skip, saying so); CI fails without it. */
const NGINX_BIN = requireTool(NGINX);
/** Without nginx: why the tests through it skip. */
export const NO_PROXY = NGINX_BIN ? null : 'nginx not found: the cluster tests through nginx are skipped';
/** The HAProxy binary, likewise. */
const HAPROXY_BIN = requireTool(HAPROXY);
export const NO_HAPROXY = HAPROXY_BIN ? null : 'haproxy not found: the cluster tests through HAProxy are skipped';

export type ProxyKind = 'nginx' | 'haproxy';
/** Each shipped proxy, with why its tests skip (null: it is there). */
export const PROXIES: readonly (readonly [ProxyKind, string | null])[] = [
  ['haproxy', NO_HAPROXY],
  ['nginx', NO_PROXY],
];

export interface Proxy {
  url: string;
  kind: ProxyKind;
  /** What the proxy wrote to stderr so far (HAProxy: a replica marked down or up, and why). */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * The replicas HAProxy marked down so far, each with the reason (`Server belote/b2 is DOWN, reason:
 * Layer7 timeout`): on a machine loaded far past its cores a live process can miss its health
 * check, and then its tables move, as documented. nginx: none.
 */
export const markedDown = (proxy: Proxy): string[] => proxy.stderr().match(/Server \S+ is DOWN, reason: [^,]*/g) ?? [];

/** The shipped proxy of `kind` in front of `ports` (nginx unless said). */
export function startProxy(ports: readonly number[], kind: ProxyKind = 'nginx'): Promise<Proxy> {
  return kind === 'nginx' ? startNginx(ports) : startHaproxy(ports);
}

/**
 * nginx with deploy/nginx/local.conf and belote.conf, its three upstream servers replaced by
 * `ports` and its listening port by a free one: the proxy SCALING.md runs, on this test's ports.
 */
async function startNginx(ports: readonly number[]): Promise<Proxy> {
  if (!NGINX_BIN) throw new Error(NO_PROXY!);
  const dir = mkdtempSync(join(tmpdir(), 'belote-nginx-'));
  mkdirSync(join(dir, 'tmp'));
  const listen = await freePort();
  const local = readFileSync(join(DEPLOY, 'local.conf'), 'utf8');
  const servers = [...local.matchAll(/^\s*server 127\.0\.0\.1:\d+ .*;$/gm)];
  if (servers.length !== 3) throw new Error('deploy/nginx/local.conf: expected three upstream servers');
  const line = servers[0]![0];
  const upstream = ports.map((p) => line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${p}`)).join('\n');
  writeFileSync(join(dir, 'local.conf'), local.replace(servers.map((m) => m[0]).join('\n'), upstream));
  const shared = readFileSync(join(DEPLOY, 'belote.conf'), 'utf8');
  if (!/^\s*listen 8080;$/m.test(shared)) throw new Error('deploy/nginx/belote.conf: expected `listen 8080;`');
  writeFileSync(join(dir, 'belote.conf'), shared.replace(/^(\s*)listen 8080;$/m, `$1listen 127.0.0.1:${listen};`));
  return run('nginx', spawn(NGINX_BIN, ['-p', dir, '-e', 'stderr', '-c', join(dir, 'local.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] }), listen, dir);
}

/**
 * HAProxy with deploy/haproxy/belote.cfg and local.cfg, its three servers' addresses replaced by
 * `ports` and its listening port by a free one: the proxy SCALING.md runs, on this test's ports.
 */
async function startHaproxy(ports: readonly number[]): Promise<Proxy> {
  if (!HAPROXY_BIN) throw new Error(NO_HAPROXY!);
  const dir = mkdtempSync(join(tmpdir(), 'belote-haproxy-'));
  const listen = await freePort();
  const local = readFileSync(join(HAPROXY_DEPLOY, 'local.cfg'), 'utf8');
  const servers = [...local.matchAll(/^(\s*server )\S+ 127\.0\.0\.1:\d+$/gm)];
  if (servers.length !== 3) throw new Error('deploy/haproxy/local.cfg: expected three servers');
  const backend = ports.map((p, i) => `${servers[0]![1]}b${i + 1} 127.0.0.1:${p}`).join('\n');
  writeFileSync(join(dir, 'local.cfg'), local.replace(servers.map((m) => m[0]).join('\n'), backend));
  const shared = readFileSync(join(HAPROXY_DEPLOY, 'belote.cfg'), 'utf8');
  if (!/^\s*bind :8080$/m.test(shared)) throw new Error('deploy/haproxy/belote.cfg: expected `bind :8080`');
  writeFileSync(join(dir, 'belote.cfg'), shared.replace(/^(\s*)bind :8080$/m, `$1bind 127.0.0.1:${listen}`));
  // -db: in the foreground, stopped by SIGTERM
  return run('haproxy', spawn(HAPROXY_BIN, ['-db', '-f', join(dir, 'belote.cfg'), '-f', join(dir, 'local.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] }), listen, dir);
}

/** A started proxy once it answers on `listen`. */
async function run(kind: ProxyKind, child: ChildProcess, listen: number, dir: string): Promise<Proxy> {
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${kind} exited: ${stderr}`);
    const up = await fetch(`${url}/nope`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`${kind} did not listen: ${stderr}`);
    await sleep(50);
  }
  return {
    url,
    kind,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (process.env.DEBUG_PROXY) console.info(`${kind}:\n${stderr}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Poll `check` until it returns a value (not undefined/false), at most `ms`. */
export async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000, what = 'a condition'): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
