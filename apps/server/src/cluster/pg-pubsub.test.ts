/**
 * The cluster's pub/sub on a real PostgreSQL.
 *
 * The order promise on the receiving side: a node-bus message (a forwarded command's reply, whose
 * continuation emits the socket's ack) and the room frame the owner sent right after it arrive in
 * one network read; the frame must not reach its sockets before the reply's continuation ran
 * (SCALING.md "Order"; found by the protocol audit's doc-client on two processes: a `sync` ack
 * whose snapshot was older than a presence frame delivered before it).
 *
 * What the Socket.IO adapter is shown of the listening connection: its own messages, whichever
 * channel they came on — never the node bus's; and adapter messages addressed to some processes
 * only (`routed`), in order with the bus.
 */
import type { EventEmitter } from 'node:events';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../../test/clients.js';
import { createTestDatabase, type TestDatabase } from '../../test/pg/databases.js';
import { nodeChannel } from './node-bus.js';
import { ADAPTER_CHANNEL, PgPubSub } from './pg-pubsub.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const log = pino({ level: 'silent' });

/** The order test: `routed` sends the frame to the receiver's own channel, like a room frame of a table it holds sockets of. */
for (const routed of [false, true])
it(`a reply's continuation runs before the adapter frames that followed it on the stream (${routed ? 'frames addressed to the process' : "frames on the adapter's channel"})`, async () => {
  const sender = new PgPubSub({ url: db.url, applicationName: 'sender', log });
  const receiver = new PgPubSub({ url: db.url, applicationName: 'receiver', log });
  const seen: string[] = [];
  // the node bus: a reply settles a request whose continuation (a few promise hops) emits the ack
  receiver.listen('belote:receiver', (m) => {
    void Promise.resolve(m)
      .then((x) => x)
      .then((x) => x)
      .then((x) => seen.push(`ack ${(x as { n: number }).n}`));
  });
  // the adapter: it takes the listening connection and subscribes on it, delivering frames at once
  const client = await receiver.adapterPool().connect();
  await client.query('LISTEN "socket.io#/"');
  client.on('notification', (n) => seen.push(`frame ${(JSON.parse(n.payload!) as { n: number }).n}`));
  await receiver.ready;
  await sender.adapterPool().connect(); // the sender's listening side (unused)
  const frame = (n: number) => sender.adapterPool().query('SELECT pg_notify($1, $2)', [ADAPTER_CHANNEL, JSON.stringify({ n })]);
  for (let n = 0; n < 20; n++) {
    // one tick: one statement carries the reply, then the frame
    const sent: Promise<unknown>[] = [sender.publish('belote:receiver', { n })];
    if (routed) sender.routed(['belote:receiver'], () => void sent.push(frame(n)));
    else sent.push(frame(n));
    await Promise.all(sent);
  }
  await new Promise((r) => setTimeout(r, 300));
  const expected = Array.from({ length: 20 }, (_, n) => [`ack ${n}`, `frame ${n}`]).flat();
  expect(seen).toEqual(expected);
  await Promise.all([sender.close(), receiver.close()]);
});

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

type AdapterClient = EventEmitter & { query(text: string): Promise<unknown> };
type Seen = { via: 'bus' | 'adapter'; channel: string; payload: unknown };

/** A process's pub/sub as server.ts wires it: its bus channel, and the adapter's view listening on the adapter's channel. */
async function member(url: string, node: string) {
  const pubsub = new PgPubSub({ url, applicationName: `belote:${node}`, log: pino({ level: 'silent' }) });
  const seen: Seen[] = [];
  pubsub.listen(nodeChannel(node), (m) => seen.push({ via: 'bus', channel: nodeChannel(node), payload: m }));
  const pool = pubsub.adapterPool();
  const view = (await pool.connect()) as unknown as AdapterClient;
  view.on('notification', (n: { channel: string; payload: string }) => seen.push({ via: 'adapter', channel: n.channel, payload: n.payload }));
  await view.query(`LISTEN "${ADAPTER_CHANNEL}"`);
  cleanup.push(() => pubsub.close());
  /** What the adapter does to publish (util.js of @socket.io/postgres-adapter). */
  const adapterPublish = (payload: string) => pool.query('SELECT pg_notify($1, $2)', [ADAPTER_CHANNEL, payload]);
  return { pubsub, seen, adapterPublish };
}

const until = async (f: () => boolean) => {
  for (let i = 0; i < 200 && !f(); i++) await sleep(20);
  expect(f()).toBe(true);
};

describe('cluster pub/sub', () => {
  it('shows the adapter its own messages only, addressed ones to the addressed processes only, in order with the bus', async () => {
    const a = await member(db.url, 'a');
    const b = await member(db.url, 'b');
    const c = await member(db.url, 'c');

    // from a: a bus message to b, an adapter message addressed to b (a large one, sent in parts), a bus message to b again
    const big = JSON.stringify({ uid: 'a', type: 9, data: { packet: ['roomFrame', 't', 'step', { pad: 'x'.repeat(20_000) }, []] } });
    void a.pubsub.publish(nodeChannel('b'), { n: 1 });
    a.pubsub.routed([nodeChannel('b')], () => void a.adapterPublish('{"uid":"a","n":2}'));
    a.pubsub.routed([nodeChannel('b')], () => void a.adapterPublish(big));
    await a.pubsub.publish(nodeChannel('b'), { n: 3 });
    // an unaddressed adapter message (the adapter's heartbeats) reaches every process, a included
    await a.adapterPublish('{"uid":"a","n":4}');

    await until(() => b.seen.length === 5 && a.seen.length === 1 && c.seen.length === 1);
    expect(b.seen.map((s) => [s.via, s.channel])).toEqual([
      ['bus', 'belote:b'],
      ['adapter', 'belote:b'],
      ['adapter', 'belote:b'],
      ['bus', 'belote:b'],
      ['adapter', ADAPTER_CHANNEL],
    ]);
    expect(b.seen.map((s) => s.payload)).toEqual([{ n: 1 }, '{"uid":"a","n":2}', big, { n: 3 }, '{"uid":"a","n":4}']);
    // a and c: neither b's bus messages nor its addressed adapter messages
    for (const p of [a, c]) expect(p.seen).toEqual([{ via: 'adapter', channel: ADAPTER_CHANNEL, payload: '{"uid":"a","n":4}' }]);
    expect(a.pubsub.counters.received).toBe(1);
  });

  it('sends an addressed adapter message to each addressed process, and nothing when nobody is addressed', async () => {
    const a = await member(db.url, 'a');
    const b = await member(db.url, 'b');
    const c = await member(db.url, 'c');
    a.pubsub.routed([nodeChannel('b'), nodeChannel('c')], () => void a.adapterPublish('{"n":1}'));
    a.pubsub.routed([], () => void a.adapterPublish('{"n":2}'));
    await a.pubsub.publish(nodeChannel('c'), { n: 3 });
    await until(() => b.seen.length === 1 && c.seen.length === 2);
    expect(b.seen).toEqual([{ via: 'adapter', channel: 'belote:b', payload: '{"n":1}' }]);
    expect(c.seen).toEqual([
      { via: 'adapter', channel: 'belote:c', payload: '{"n":1}' },
      { via: 'bus', channel: 'belote:c', payload: { n: 3 } },
    ]);
    expect(a.seen).toEqual([]);
  });
});
