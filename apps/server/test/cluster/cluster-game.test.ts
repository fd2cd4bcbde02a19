/**
 * Three server processes on one PostgreSQL play a whole game as one site: the table is created on
 * one process (its owner), the host, the four seats and a spectator connect through all three,
 * commands from the other processes — game, lobby and chat — reach the owner and their acks come
 * back, and every frame on
 * every socket is audited (leak check, fold = viewFor). What the processes send each other through
 * PostgreSQL is tapped too: the adapter's room frames never carry a hand or a snapshot and reach
 * only the processes holding other sockets of the table (never the owner itself, never a process
 * without a socket of it), and a hand reaches a process only in a message addressed to it for a
 * socket of that very seat.
 */
import type { TableRecord } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { autoPlay, createTable, TestClient, type TestUpdate } from '../clients.js';
import { checkFrames } from '../leak-check.js';
import { nodeChannel } from '../../src/cluster/node-bus.js';
import { objectsIn, SERVER_SIDE_EMIT, startCluster, tap } from './harness.js';

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const over = (u: TestUpdate) => u.table.status === 'finished';

describe('three processes, one table', () => {
  for (const [variant, rules] of [
    ['classic', { target: 301 }],
    ['coinche', { variant: 'coinche', target: 501 }],
  ] as const)
  it(`play a whole ${variant} game with sockets on every process; no process receives a hand it does not serve`, { timeout: 120_000 }, async () => {
    const cluster = await startCluster(3);
    cleanup.push(() => cluster.dispose());
    const [p0, p1, p2] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    const wire = await tap(cluster.url, cluster.nodes.map((n) => n.node));
    cleanup.push(() => wire.close());

    const t = await createTable(p0, { rules }); // p0 owns it
    // seat s on process placement[s]; the host on p2, the spectator on p1
    const placement = [p1, p2, p0, p2] as const;
    const host = await TestClient.connect(p2, { tableId: t.id, hostKey: t.hostKey });
    const players: TestClient[] = [];
    const tokens: string[] = [];
    for (const [seat, proc] of placement.entries()) {
      const c = await TestClient.connect(proc, { tableId: t.id });
      const a = await c.emit('sit', { seat: seat as Seat, name: ['Ann', 'Bob', 'Cid', 'Dee'][seat] });
      expect(a).toMatchObject({ ok: true, seat });
      if (a.ok) tokens.push(a.token as string);
      players.push(c);
    }
    const spectator = await TestClient.connect(p1, { tableId: t.id });
    const all = [host, ...players, spectator];
    cleanup.push(() => all.forEach((c) => c.close()));
    // Presence counts the sockets of every process: four seats connected, host and spectator watching.
    const seen = await spectator.next((u) => u.table.seats.every((s) => s.connected) && u.table.spectators === 2);
    expect(seen.table.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);

    // The chat runs at the owner too: a line from p1, a spectator's from p1, a reaction from p2,
    // the host's mute from p2; everyone on every process gets them, in order; history from any process.
    expect(await players[0]!.emit('chat', { text: 'Bonne partie !' })).toEqual({ ok: true, id: 1 });
    expect(await spectator.emit('chat', { text: 'allez', name: 'Zoe' })).toEqual({ ok: true, id: 2 });
    expect(await players[1]!.emit('react', { reaction: 'hello' })).toEqual({ ok: true });
    expect(await host.emit('chatMute', { target: { seat: 3 }, muted: true })).toEqual({ ok: true });
    expect(await players[3]!.emit('chat', { text: 'hé' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    for (const c of all) {
      await c.next((u) => u.chat.last === 3);
      expect(c.chatEntries.map((e) => e.id)).toEqual([1, 2, 3]);
      expect(c.chatEntries[1]).toMatchObject({ type: 'line', from: { role: 'spectator', name: 'Zoe' }, text: 'allez' });
      expect(c.last.chat.mutedSeats).toEqual([3]);
    }
    for (const c of all) expect(c.reactions.map((r) => r.reaction)).toEqual(['hello']);
    const history = await players[3]!.emit('chatHistory', { after: 0 });
    expect(history).toMatchObject({ ok: true, entries: [{ id: 1 }, { id: 2 }, { id: 3 }] });

    const stops = players.map((p, i) => autoPlay(p, `cluster-${i}`));
    expect(await host.emit('start', {})).toEqual({ ok: true });
    const final = await spectator.next(over, 90_000);
    for (const p of players) await p.next(over, 10_000);
    stops.forEach((s) => s());
    expect(final.view!.winner).not.toBeNull();

    // The record is served by any process (p1 forwards to the owner).
    const r = await fetch(`${p1.url}/api/tables/${t.id}/record`);
    expect(r.status).toBe(200);
    const record = (await r.json()) as TableRecord;
    expect(record.deals.length).toBe(final.view!.history.length);
    expect(await (await fetch(`${p2.url}/api/tables/${t.id}`)).json()).toMatchObject({ id: t.id, status: 'finished' });

    // Every frame of every socket: in order, schema-valid, leak-free, folding to viewFor.
    const secrets = [...tokens, t.hostKey, ...record.deals.map((d) => d.salt!)];
    for (const [seat, p] of players.entries()) {
      expect(p.schemaErrors).toEqual([]);
      checkFrames(p, seat as Seat, record, secrets);
    }
    const s = checkFrames(spectator, 'spectator', record, secrets);
    expect(s.frames).toBeGreaterThan(40);
    checkFrames(host, 'spectator', record, secrets);

    // The wire: room frames through the adapter are public and addressed to the processes
    // holding the table's other sockets (p1, p2), not to the owner; hands travel only to the
    // process serving that seat, addressed to it.
    const seatsOn = new Map<string, Set<Seat>>(cluster.nodes.map((n) => [n.node, new Set<Seat>()]));
    placement.forEach((proc, seat) => seatsOn.get(proc.node)!.add(seat as Seat));
    let adapterFrames = 0;
    let addressedHands = 0;
    const roomFramesTo = new Map<string, number>();
    for (const { channel, adapter, message } of wire.messages) {
      const objects = objectsIn(message);
      if (adapter) {
        adapterFrames++;
        if ((message as { type?: number }).type === SERVER_SIDE_EMIT) roomFramesTo.set(channel, (roomFramesTo.get(channel) ?? 0) + 1);
        for (const o of objects) {
          expect(o).not.toHaveProperty('private');
          expect(o).not.toHaveProperty('you');
          expect(o.hand ?? null).toBeNull();
        }
        continue;
      }
      const to = channel.slice('belote:'.length);
      for (const o of objects) {
        if (o.t === 'toSeat' && o.frame && (o.frame as { private?: unknown }).private) {
          expect(seatsOn.get(to)!.has(o.seat as Seat), `seat ${String(o.seat)}'s cards to ${to}`).toBe(true);
          addressedHands++;
        }
        if (o.you && o.view && ((o.view as { deal?: { hand?: unknown[] | null } }).deal?.hand?.length ?? 0) > 0) {
          const seat = (o.you as { seat: Seat }).seat;
          expect(seatsOn.get(to)!.has(seat), `seat ${seat}'s snapshot to ${to}`).toBe(true);
          addressedHands++;
        }
        if ('private' in o && o.t !== undefined) throw new Error('a private part outside a seat frame');
      }
    }
    expect(adapterFrames).toBeGreaterThan(20);
    expect(roomFramesTo.get(nodeChannel(p1.node))).toBeGreaterThan(20);
    expect(roomFramesTo.get(nodeChannel(p2.node))).toBeGreaterThan(20);
    expect([...roomFramesTo.keys()].sort()).toEqual([nodeChannel(p1.node), nodeChannel(p2.node)].sort()); // none to the owner, none to every process

    expect(addressedHands).toBeGreaterThanOrEqual(record.deals.length); // at least one remote seat is dealt in every deal
    // Leaving counts on every process too: a socket closed on p2, another on p1, seen from p0 and p2.
    players[1]!.close();
    expect((await players[2]!.next((u) => !u.table.seats[1]!.connected)).table.seats.map((x) => x.connected)).toEqual([true, false, true, true]);
    spectator.close();
    expect((await host.next((u) => u.table.spectators === 1)).table.spectators).toBe(1);
    // The creator kept the table throughout: nobody had to claim it.
    expect(cluster.nodes.some((n) => n.logs.some((l) => l.msg === 'table claimed'))).toBe(false);
    console.info(`cluster ${variant} game: ${record.deals.length} deals, ${wire.messages.length} messages tapped (${adapterFrames} adapter frames, ${addressedHands} hands addressed to their seat's process)`);
  });
});
