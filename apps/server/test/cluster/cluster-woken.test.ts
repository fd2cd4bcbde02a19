/**
 * A process woken past its lease sends nothing of its tables before its heartbeat says which
 * were claimed meanwhile (SCALING.md, "The lease" and "What each failure does"): sockets still
 * connected to it (straight to it, or through a proxy that has not closed them yet) get no frame
 * of a table another process runs now — not even a presence frame for the sockets that left while
 * it was frozen — only the close that sends them to the table's next process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTable, sleep, TestClient } from '../clients.js';
import { startCluster, until } from './harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

describe('a process woken past its lease', () => {
  it('sends no frame of a table claimed meanwhile before it drops it', { timeout: 60_000 }, async () => {
    const cluster = await startCluster(2);
    cleanup.push(() => cluster.dispose());
    const [a, b] = cluster.nodes as [(typeof cluster.nodes)[number], (typeof cluster.nodes)[number]];
    const t = await createTable(a, {});
    const player = await TestClient.connect(a, { tableId: t.id });
    expect((await player.emit('sit', { seat: 0, name: 'Ann' })).ok).toBe(true);
    const watcher = await TestClient.connect(a, { tableId: t.id });
    cleanup.push(() => [player, watcher].forEach((c) => c.close()));
    await sleep(300); // the presence of the watcher's arrival went out
    const before = watcher.frames.length;

    a.child.kill('SIGSTOP');
    cleanup.push(() => a.child.kill('SIGCONT'));
    player.close(); // its disconnection waits in the frozen process's socket
    // another process claims the table once the frozen one's heartbeat expired
    const other = await TestClient.connect(b, { tableId: t.id });
    cleanup.push(() => other.close());
    expect((await cluster.owner(t.id))?.node).toBe(b.node);

    const closed = new Promise<string>((resolve) => watcher.socket.once('disconnect', resolve));
    a.child.kill('SIGCONT');
    expect(await closed).toBe('transport close'); // sent on to the table's next process
    await until(() => a.logs.some((l) => l.msg === 'table given up: claimed by another process meanwhile' && l.table === t.id), 10_000, 'the woken process to drop the table');
    // Before that close: nothing (the old code sent a presence frame showing seat 0 gone).
    expect(watcher.frames.slice(before).map((f) => f.kind)).toEqual([]);
  });
});
