/**
 * `pnpm bench:server`: a load benchmark, not a timed test. Starts a real server in-process,
 * opens TABLES tables with four socket.io clients each playing as fast as acks come back,
 * and reports action round-trip latency (emit → ack, median and p99) and throughput.
 */
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION, type Ack, type CreateTableResponse, type UpdateMessage } from '@belote/protocol';
import { io, type Socket } from 'socket.io-client';
import { startServer } from '../src/server.js';

const TABLES = Number(process.env.TABLES ?? 20);
const TARGET = 501;

const server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, rateLimitEvents: 100_000, createLimitPerMinute: 100_000 });
const latencies: number[] = [];
let actions = 0;

async function playTable(n: number): Promise<void> {
  const res = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: { target: TARGET } }) });
  const t = (await res.json()) as CreateTableResponse;
  const sockets: Socket[] = [];
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  for (let seat = 0; seat < 4; seat++) {
    const s = io(server.url, { auth: { protocolVersion: PROTOCOL_VERSION, tableId: t.id, ...(seat === 0 ? { hostKey: t.hostKey } : {}) }, transports: ['websocket'], forceNew: true });
    sockets.push(s);
    let acted = -1;
    s.on('update', (u: UpdateMessage) => {
      if (u.table.status === 'finished') return done();
      const d = u.view?.deal;
      if (!d || d.turn !== u.you.seat || d.phase === 'over' || acted === u.version) return;
      acted = u.version;
      const action = d.phase === 'bidding' ? (d.bids.length === 0 ? { type: 'take' } : { type: 'pass' }) : { type: 'play', card: d.legal[(u.version * 7 + n) % d.legal.length] };
      const t0 = performance.now();
      void (s.emitWithAck('action', { version: u.version, action }) as Promise<Ack>).then((a) => {
        if (a.ok) {
          latencies.push(performance.now() - t0);
          actions++;
        }
      }, () => {});
    });
    await s.emitWithAck('sit', { seat, name: `P${seat}` });
  }
  await sockets[0]!.emitWithAck('start', {});
  await finished;
  for (const s of sockets) s.disconnect();
}

const t0 = performance.now();
await Promise.all(Array.from({ length: TABLES }, (_, i) => playTable(i)));
const secs = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(2);
console.log(`${TABLES} tables × 4 clients, games to ${TARGET}, played concurrently`);
console.log(`actions: ${actions} in ${secs.toFixed(2)} s = ${(actions / secs).toFixed(0)} actions/s`);
console.log(`action round trip (emit → ack, all tables at once): median ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`);
await server.close();
