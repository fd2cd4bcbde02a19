/**
 * Ack latency of a table of four humans while `strong` bots search at another table, with the
 * search in worker threads (BOT_WORKERS=1) and inline (BOT_WORKERS=0): one legal action every
 * 15 ms for 1.5 s, p50 / p90 / max of the time to its ack. Inline, an action arriving mid-search
 * waits for the search's end (up to 300 ms). A benchmark, not a test (apps/server/test/
 * strong-bots.test.ts checks the behaviour: acks keep coming during one search).
 *
 *   flock /tmp/belote-bench.lock pnpm --filter @belote/server exec tsx --conditions=source bench/strong-bots.bench.ts
 */
import type { RunningServer } from '../src/server.js';
import { createTable, seatedTable, sleep, testServer, TestClient } from '../test/clients.js';

/** About 300 ms of CPU per decision, back to back. */
const LARGE = { samples: 10_000, nodes: 1_000_000_000, bidSamples: 10_000, timeMs: 300 };
const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function strongTable(server: RunningServer): Promise<TestClient> {
  const t = await createTable(server, { rules: { target: 1000 } });
  const host = await TestClient.connect(server, { tableId: t.id, hostKey: t.hostKey });
  for (const seat of [0, 1, 2, 3]) await host.emit('addBot', { seat, level: 'strong' });
  await host.emit('start', {});
  return host;
}

/** Ack latencies (ms) of legal actions at a table of four humans, one every `gapMs`, for `ms`. */
async function ackLatencies(server: RunningServer, ms: number, gapMs: number): Promise<number[]> {
  const t = await seatedTable(server, { rules: { target: 1000 } });
  await t.host.emit('start', {});
  const out: number[] = [];
  let u = await t.host.next((x) => x.view?.deal?.phase === 'bidding');
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await sleep(gapMs);
    const d = u.view!.deal!;
    if (d.phase === 'over') {
      u = await t.host.next((x) => x.version > u.version && x.view?.deal?.phase !== 'over');
      continue;
    }
    const player = t.players[d.turn!]!;
    const me = await player.next((x) => x.version === u.version);
    const action = me.view!.deal!.phase === 'bidding' ? { type: 'take' as const } : { type: 'play' as const, card: me.view!.deal!.legal[0]! };
    const t0 = performance.now();
    const ack = await player.emit('action', { version: u.version, action });
    out.push(performance.now() - t0);
    if (!ack.ok) throw new Error(`action refused: ${ack.error.code}`);
    u = await t.host.next((x) => x.version > u.version);
  }
  for (const c of [...t.players, t.host]) c.close();
  return out;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

for (const workers of [1, 0]) {
  for (let r = 0; r < ROUNDS; r++) {
    const server = await testServer({ rateLimitEvents: 10_000, botDelayMs: 1, botWorkers: workers, botStrongBudget: LARGE });
    const watcher = await strongTable(server);
    await watcher.next((x) => x.version >= 6, 20_000);
    const lat = await ackLatencies(server, 1500, 15);
    const f = (x: number) => x.toFixed(1).padStart(6);
    console.log(`${workers ? 'worker' : 'inline'}  round ${r + 1}: p50 ${f(percentile(lat, 0.5))} ms  p90 ${f(percentile(lat, 0.9))} ms  max ${f(Math.max(...lat))} ms  (n=${lat.length})`);
    watcher.close();
    await server.close();
  }
}
process.exit(0);
