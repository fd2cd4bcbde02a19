/**
 * The hostile-payload storm's sender, in its own process (the `hostile` phase of bench:server):
 * one table in play (four seats, the host, a spectator), then PAYLOADS generated payloads from
 * the fuzz tests' generator (test/fuzz-payloads.ts) — wrong types, huge strings, deep nesting,
 * binary, prototype keys, near-valid payloads, no or two payloads, unknown events — from the
 * spectator, the host and a seated player, in batches awaiting their acks, as the fuzz test sends
 * them. What the server's memory does meanwhile is measured by the benchmark from outside.
 */
import { PROTOCOL_VERSION, type Ack } from '@belote/protocol/client';
import { seededRng } from '@belote/rules';
import { io, type Socket } from 'socket.io-client';
import { PayloadGen } from '../test/fuzz-payloads.js';
import { serve } from './ipc.js';

let senders: Socket[] = [];

const connect = (url: string, auth: Record<string, unknown>) =>
  new Promise<Socket>((resolve, reject) => {
    const s = io(url, { auth: { protocolVersion: PROTOCOL_VERSION, ...auth }, transports: ['websocket'], reconnection: false, forceNew: true });
    s.once('snapshot', () => resolve(s));
    s.once('connect_error', reject);
  });

/** Draw until the payload stays under the 16 KB message limit (oversized messages close the socket: not what this storm is about). */
function small<T>(draw: () => T, limit = 7_000): T {
  for (;;) {
    const x = draw();
    if ((JSON.stringify(x, (_k, v: unknown) => (Buffer.isBuffer(v) ? 'x'.repeat(v.length) : v)) ?? '').length <= limit) return x;
  }
}

serve({
  setup: async (args) => {
    const { url } = args as { url: string };
    const res = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const t = (await res.json()) as { id: string; hostKey: string };
    const host = await connect(url, { tableId: t.id, hostKey: t.hostKey });
    const seats: Socket[] = [];
    for (let seat = 0; seat < 4; seat++) {
      const s = await connect(url, { tableId: t.id });
      const a = (await s.emitWithAck('sit', { seat, name: `P${seat}` })) as Ack;
      if (!a.ok) throw new Error(a.error.message);
      seats.push(s);
    }
    const a = (await host.emitWithAck('start', {})) as Ack;
    if (!a.ok) throw new Error(a.error.message);
    const spectator = await connect(url, { tableId: t.id });
    senders = [spectator, host, seats[1]!];
    return t.id;
  },
  storm: async (args) => {
    const { payloads, batch, seed } = args as { payloads: number; batch: number; seed: string };
    const gen = new PayloadGen(seededRng(seed));
    const acks: Record<string, number> = {};
    const t0 = performance.now();
    let sent = 0;
    while (sent < payloads) {
      const waits: Promise<void>[] = [];
      for (let i = 0; i < batch && sent < payloads; i++, sent++) {
        const s = gen.pick(senders);
        if (gen.int(40) === 0) {
          s.emit(gen.pick(['hello', 'update', '__proto__', 'constructor', 'x'.repeat(500)]), small(() => gen.value()));
          continue;
        }
        const e = small(() => gen.event(0));
        const shape = gen.int(10);
        if (shape === 0) {
          s.emit(e.event, e.payload);
          continue;
        }
        if (shape === 1) {
          s.emit(e.event, e.payload, 42, 'x');
          continue;
        }
        const extra = shape === 2 ? [] : shape === 3 ? [e.payload, small(() => gen.value(1))] : [e.payload];
        waits.push(
          new Promise<void>((resolve) =>
            s.timeout(10_000).emit(e.event, ...extra, (err: Error | null, ack: Ack) => {
              const k = err ? 'no answer' : ack.ok ? 'ok' : ack.error.code;
              acks[k] = (acks[k] ?? 0) + 1;
              resolve();
            }),
          ),
        );
      }
      await Promise.all(waits);
      if (senders.some((s) => !s.connected)) throw new Error('a sender was disconnected');
    }
    return { seconds: (performance.now() - t0) / 1000, acks };
  },
  close: () => {
    for (const s of senders) s.disconnect();
    setTimeout(() => process.exit(0), 100);
    return null;
  },
});
