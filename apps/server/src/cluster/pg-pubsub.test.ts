/**
 * The order promise of pg-pubsub.ts on the receiving side: a node-bus message (a forwarded
 * command's reply, whose continuation emits the socket's ack) and the room frame the owner sent
 * right after it arrive in one network read; the frame must not reach its sockets before the
 * reply's continuation ran (SCALING.md "Order"; found by the protocol audit's doc-client on two
 * processes: a `sync` ack whose snapshot was older than a presence frame delivered before it).
 */
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/pg/databases.js';
import { PgPubSub } from './pg-pubsub.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const log = pino({ level: 'silent' });

it('a reply\'s continuation runs before the adapter frames that followed it on the stream', async () => {
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
  client.on('notification', (n) => {
    if (n.channel === 'socket.io#/') seen.push(`frame ${(JSON.parse(n.payload!) as { n: number }).n}`);
  });
  await receiver.ready;
  await sender.adapterPool().connect(); // the sender's listening side (unused)
  for (let n = 0; n < 20; n++) {
    // one tick: one statement carries the reply, then the frame
    const sent = [sender.publish('belote:receiver', { n }), sender.adapterPool().query('SELECT pg_notify($1, $2)', ['socket.io#/', JSON.stringify({ n })])];
    await Promise.all(sent);
  }
  await new Promise((r) => setTimeout(r, 300));
  const expected = Array.from({ length: 20 }, (_, n) => [`ack ${n}`, `frame ${n}`]).flat();
  expect(seen).toEqual(expected);
  await Promise.all([sender.close(), receiver.close()]);
});
