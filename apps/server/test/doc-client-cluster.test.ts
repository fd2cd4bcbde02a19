/**
 * The protocol audit on several server processes (PROTOCOL.md §6, SCALING.md): the client written
 * from PROTOCOL.md plays a whole game with its sockets on two processes of one PostgreSQL
 * database — the same frames, acks and refusals as on one process, every frame folded, compared
 * with fresh snapshots and audited for leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster/harness.js';
import { refused } from './doc-client/refuse.js';
import { FAST } from './doc-client/server.js';
import { rng } from './doc-client/strategy.js';
import { DocTable } from './doc-client/table.js';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster(2, { ...FAST, DEAL_PAUSE_MS: '1500', LOG_LEVEL: 'info' });
}, 60_000);
afterAll(async () => {
  await cluster?.dispose();
});

describe('two server processes', () => {
  it('a whole classic game with seats on both processes: frames, acks and refusals as on one', { timeout: 60_000 }, async () => {
    const [p0, p1] = cluster.nodes as [Cluster['nodes'][0], Cluster['nodes'][0]];
    // the table is p0's; seats 0 and 2 and the spectator come through p1
    const t = await DocTable.create(p0.url, { rules: { target: 301, announcements: true } }, { via: (who) => (who === 'spectator' || who === 0 || who === 2 ? p1.url : p0.url) });
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
