/**
 * Test support for the cluster: several real server processes (main.ts) on one PostgreSQL
 * database of their own, and a wire tap that listens to every message the processes exchange
 * through PostgreSQL (the adapter's channel and every process's own channel), for the audit of
 * what each process receives.
 */
import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { ADAPTER_CHANNEL, PgPubSub } from '../../src/cluster/pg-pubsub.js';
import { nodeChannel } from '../../src/cluster/node-bus.js';
import { createTestDatabase } from '../pg/databases.js';
import { spawnServer, type ServerProcess } from '../restart-harness.js';

export interface Node extends ServerProcess {
  /** The process's cluster id (from its start log). */
  node: string;
}

export interface Cluster {
  url: string;
  nodes: Node[];
  /** Start one more process on the same database. */
  start(env?: Record<string, string>): Promise<Node>;
  /** Kill every process and drop the database. */
  dispose(): Promise<void>;
}

export async function startCluster(n: number, env: Record<string, string> = {}, serverUrl?: string): Promise<Cluster> {
  const db = await createTestDatabase(serverUrl);
  const dir = mkdtempSync(join(tmpdir(), 'belote-cluster-'));
  const nodes: Node[] = [];
  const start = async (extra: Record<string, string> = {}): Promise<Node> => {
    const p = await spawnServer(join(dir, 'unused'), 0, { DATABASE_URL: db.url, ...env, ...extra });
    const line = p.logs.find((l) => l.msg === 'cluster node: tables load on demand from PostgreSQL');
    if (!line) throw new Error('not a cluster node');
    const node = Object.assign(p, { node: String(line.node) });
    nodes.push(node);
    return node;
  };
  for (let i = 0; i < n; i++) await start();
  return {
    url: db.url,
    nodes,
    start,
    dispose: async () => {
      await Promise.all(nodes.map((p) => p.stop('SIGKILL')));
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** socket.io-adapter's MessageType.SERVER_SIDE_EMIT: how a room frame goes to other processes. */
export const SERVER_SIDE_EMIT = 9;

export interface Tapped {
  channel: string;
  /** A Socket.IO adapter message (on the adapter's channel, or addressed to a process's own). */
  adapter: boolean;
  message: unknown;
}

/** Listen to the adapter's channel and to each process's own channel, as the processes read them. */
export async function tap(url: string, nodes: readonly string[]): Promise<{ messages: Tapped[]; close(): Promise<void> }> {
  const pubsub = new PgPubSub({ url, applicationName: 'belote-test-tap', log: pino({ level: 'silent' }) });
  const messages: Tapped[] = [];
  for (const channel of nodes.map(nodeChannel)) pubsub.listen(channel, (message) => messages.push({ channel, adapter: false, message }));
  // what the adapter would be shown: its own channel's messages and those addressed to a process
  const view = (await pubsub.adapterPool().connect()) as unknown as EventEmitter & { query(text: string): Promise<unknown> };
  view.on('notification', (n: { channel: string; payload: string }) => messages.push({ channel: n.channel, adapter: true, message: JSON.parse(n.payload) }));
  await view.query(`LISTEN "${ADAPTER_CHANNEL}"`);
  return { messages, close: () => pubsub.close() };
}

/** Every object inside `x` (depth first). */
export function objectsIn(x: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(x)) for (const v of x) objectsIn(v, out);
  else if (x && typeof x === 'object') {
    out.push(x as Record<string, unknown>);
    for (const v of Object.values(x)) objectsIn(v, out);
  }
  return out;
}
