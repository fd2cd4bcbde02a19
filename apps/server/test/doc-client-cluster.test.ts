/**
 * The protocol audit on several server processes (PROTOCOL.md §3, SCALING.md): the client written
 * from PROTOCOL.md plays a whole game through the reverse proxy (nginx, the shipped
 * configuration) in front of two processes of one PostgreSQL database — the same frames, acks
 * and refusals as on one process, every frame folded, compared with fresh snapshots and audited
 * for leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PROXY, startCluster, startProxy, type Cluster, type Proxy } from './cluster/harness.js';
import { refused } from './doc-client/refuse.js';
import { FAST } from './doc-client/server.js';
import { rng } from './doc-client/strategy.js';
import { DocTable } from './doc-client/table.js';

let cluster: Cluster;
let proxy: Proxy;
beforeAll(async () => {
  if (NO_PROXY) return;
  cluster = await startCluster(2, { ...FAST, DEAL_PAUSE_MS: '1500', LOG_LEVEL: 'info' });
  proxy = await startProxy(cluster.nodes.map((n) => n.port));
}, 60_000);
afterAll(async () => {
  await proxy?.stop();
  await cluster?.dispose();
});

describe.skipIf(NO_PROXY)('two server processes behind the proxy', () => {
  it('a whole classic game through the proxy: frames, acks and refusals as on one process', { timeout: 60_000 }, async () => {
    const t = await DocTable.create(proxy.url, { rules: { target: 301, announcements: true } });
    await refused(t.spectator, 'start', {}, 'NOT_HOST');
    await refused(t.seats[2]!, 'action', { version: 0, action: { type: 'pass' } }, 'GAME_NOT_STARTED');
    expect(await t.host.send('start', {})).toEqual({ ok: true });
    const end = await t.play({ redealFirst: true, random: rng(21) });
    expect(end.table.status).toBe('finished');
    await refused(t.seats[0]!, 'action', { version: end.version, action: { type: 'pass' } }, 'GAME_OVER');
    const audit = await t.audit();
    expect(audit.problems).toEqual([]);
    expect(t.problems()).toEqual([]);
    expect(audit.checked.frames).toBeGreaterThan(200);
    t.close();
  });
});
