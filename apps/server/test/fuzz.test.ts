/**
 * Fuzzing the surface of a running server (in-process `startServer`): 100,000 generated payloads
 * per run (FUZZ_PAYLOADS) at a classic table and a quarter as many at a coinche one, for every
 * client event — wrong types, missing and extra fields, huge strings, deep nesting, binary,
 * `__proto__`/`constructor`/`toString` keys, wrong versions, no payload or extra arguments —
 * sent with an ack, without one and with a non-function "ack", from a spectator, the host and a
 * seated player whose turn it is not; fuzzed handshakes (wrong and malformed protocol versions
 * such as `{ toString: 1 }`, other tables' tokens and host keys, malformed auth); and HTTP
 * bodies of every content type. Every acked payload gets a typed error other than INTERNAL (a
 * `sync` may succeed, and so may the chat's events) whose message quotes at most a short prefix
 * of what was sent, the server stays up, and the table's state, its stored log and a seated
 * player's view are exactly what they were; every chat entry the fuzzers got through is a valid,
 * cleaned line or notice.
 */
import { CHAT_EVENTS, ChatEntrySchema, ERROR_CODES, HttpErrorBodySchema, PROTOCOL_VERSION, type Ack, type ChatEntry, type ClientEventName } from '@belote/protocol';
import { seededRng, type Seat } from '@belote/rules';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { MemoryStore } from '../src/store/memory-store.js';
import { seatedTable, TestClient } from './clients.js';
import { PayloadGen } from './fuzz-payloads.js';

const PAYLOADS = Number(process.env.FUZZ_PAYLOADS ?? 100_000);
const BATCH = Number(process.env.FUZZ_BATCH ?? 60);
const HANDSHAKES = Number(process.env.FUZZ_HANDSHAKES ?? 1500);
const HTTP_BODIES = Number(process.env.FUZZ_HTTP ?? 600);
/** Typed refusals; INTERNAL would mean a handler threw (a bug), so it does not count. */
const codes = new Set<string>(ERROR_CODES.filter((c) => c !== 'INTERNAL'));
/** A refusal never reflects a payload: short, and no long run of what the fuzzer sent. */
const MAX_MESSAGE = 300;
const echoes = (message: string) => message.length > MAX_MESSAGE || /(.)\1{30}/u.test(message) || message.includes('[object');

let server: RunningServer;
const store = new MemoryStore();
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', rateLimitEvents: 1_000_000, rateLimitAddressEvents: 1_000_000, maxSocketsPerAddress: 100_000, createLimitPerMinute: 100_000 }, { store });
});
afterAll(async () => {
  await server.close();
});

/** A table of `variant` in the play phase, two tricks in (coinche: three passes then eight cards). */
async function tableInPlay(variant: 'classic' | 'coinche') {
  const t = await seatedTable(server, variant === 'coinche' ? { rules: { variant } } : {});
  expect(await t.host.emit('start', {})).toEqual({ ok: true });
  for (let n = 0; n < 12; n++) {
    const u = await t.host.next((x) => x.view?.deal?.turn != null && x.view.deal.phase !== 'over');
    const seat = u.view!.deal!.turn as Seat;
    const mine = await t.players[seat]!.next((x) => x.version === u.version);
    const d = mine.view!.deal!;
    const opening = variant === 'coinche' ? { type: 'bid', value: 80, suit: 'H' } : { type: 'take' };
    const action = d.phase === 'bidding' ? (d.bids.length === 0 && !d.auction?.contract ? opening : { type: 'pass' }) : { type: 'play', card: d.legal[0] };
    expect(await t.players[seat]!.emit('action', { version: u.version, action })).toMatchObject({ ok: true });
    await t.host.next((x) => x.version > u.version);
  }
  return t;
}

async function snapshot(tableId: string, watcher: TestClient) {
  await server.registry.get(tableId)!.idle();
  const stored = (await store.load(tableId))!;
  expect(await watcher.emit('sync', {})).toMatchObject({ ok: true });
  // everything the watcher sees except the message counter, the number of spectators (the fuzzers
  // come and go) and the chat (its events may succeed; the entries are checked on their own)
  const { seq: _seq, table, chat: _chat, ...rest } = watcher.last;
  const { spectators: _spectators, ...summary } = table;
  return { version: server.registry.get(tableId)!.state.version, log: JSON.stringify(stored.entries), update: JSON.stringify({ ...rest, summary }) };
}

/** About how many bytes a payload takes on the wire (binary counted raw). */
function wireSize(v: unknown): number {
  if (Buffer.isBuffer(v)) return v.length;
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + wireSize(x) + 1, 2);
  if (v && typeof v === 'object') return Object.entries(v).reduce((n, [k, x]) => n + k.length + wireSize(x) + 4, 2);
  return (JSON.stringify(v) ?? '').length;
}

/** Draw until the value stays under the 16 KB message limit (the oversized case is tested on its own). */
function small<T>(draw: () => T, part: (x: T) => unknown = (x) => x, limit = 7_000): T {
  for (;;) {
    const x = draw();
    if (wireSize(part(x)) <= limit) return x;
  }
}

type Outcome = 'typed-error' | 'sync-ok' | 'chat-ok' | 'no-ack' | 'closed';
const isChatEvent = (e: string) => (CHAT_EVENTS as string[]).includes(e);

describe('fuzzing the socket events and the handshake', () => {
  // Coinche tables take other moves: a shorter run against one of them as well.
  it.each([
    ['classic', PAYLOADS],
    ['coinche', Math.ceil(PAYLOADS / 4)],
  ] as const)('at a %s table answers %i generated payloads with typed errors and changes nothing', { timeout: 120_000 }, async (variant, PAYLOADS) => {
    const t = await tableInPlay(variant);
    const other = await seatedTable(server);
    const tableId = t.table.id;
    const turn = t.host.last.view!.deal!.turn as Seat;
    const watcher = t.players[(turn + 2) % 4]!;
    const before = await snapshot(tableId, watcher);
    const spectator = await TestClient.connect(server, { tableId });
    const senders = [spectator, t.host, t.players[(turn + 1) % 4]!];
    const gen = new PayloadGen(seededRng(`fuzz-events-${variant}`));
    const outcomes: Record<Outcome, number> = { 'typed-error': 0, 'sync-ok': 0, 'chat-ok': 0, 'no-ack': 0, closed: 0 };
    const bad: string[] = [];
    const version = before.version;

    const sendOne = (sender: TestClient, event: ClientEventName | string, payload: unknown): Promise<void> => {
      const s = sender.socket;
      const shape = gen.int(10);
      if (shape === 0) return void s.emit(event, payload), void outcomes['no-ack']++, Promise.resolve();
      if (shape === 1) return void s.emit(event, payload, 42, 'x'), void outcomes['no-ack']++, Promise.resolve();
      return new Promise<void>((resolve) => {
        const args = shape === 2 ? [] : shape === 3 ? [payload, small(() => gen.value(1))] : [payload];
        s.timeout(5000).emit(event, ...args, (err: Error | null, ack: Ack<Record<string, unknown>>) => {
          if (err) outcomes.closed++;
          else if (ack.ok && event === 'sync') outcomes['sync-ok']++;
          else if (ack.ok && isChatEvent(event)) outcomes['chat-ok']++;
          else if (!ack.ok && codes.has(ack.error.code) && typeof ack.error.message === 'string' && !echoes(ack.error.message)) outcomes['typed-error']++;
          else bad.push(`${event} ${JSON.stringify(payload)?.slice(0, 200)} → ${JSON.stringify(ack)}`);
          resolve();
        });
      });
    };

    let sent = 0;
    while (sent < PAYLOADS) {
      const batch: Promise<void>[] = [];
      for (let i = 0; i < BATCH && sent < PAYLOADS; i++, sent++) {
        const sender = gen.pick(senders);
        if (gen.int(40) === 0) {
          // unknown event names are ignored (never acked): send them without an ack
          sender.socket.emit(gen.pick(['hello', 'update', '__proto__', 'constructor', 'x'.repeat(500)]), small(() => gen.value()));
          outcomes['no-ack']++;
          continue;
        }
        const e = small(() => gen.event(version), (x) => x.payload);
        batch.push(sendOne(sender, e.event, e.payload));
      }
      await Promise.all(batch);
      for (const c of senders) expect(c.socket.connected, 'a fuzzing socket was disconnected').toBe(true);
    }
    expect(bad).toEqual([]);
    // the oversized message: refused by Socket.IO by closing that socket only
    const big = await TestClient.connect(server, { tableId });
    const closed = new Promise<void>((r) => big.socket.once('disconnect', () => r()));
    big.socket.emit('sit', { seat: 0, name: 'x'.repeat(40_000) });
    await closed;

    const after = await snapshot(tableId, watcher);
    expect(after).toEqual(before);
    // what got into the chat: valid entries only, lines without control characters
    const history = (await watcher.emit('chatHistory', { after: 0 })) as Ack<{ entries: ChatEntry[] }>;
    if (!history.ok) throw new Error(history.error.message);
    for (const e of history.entries) {
      expect(ChatEntrySchema.safeParse(e).success).toBe(true);
      if (e.type === 'line') expect(e.text).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // the game goes on: the player whose turn it is can still play
    const mover = t.players[turn]!;
    const d = mover.last.view!.deal!;
    const move = d.phase === 'bidding' ? { type: 'pass' } : { type: 'play', card: d.legal[0] };
    expect(await mover.emit('action', { version: after.version, action: move })).toMatchObject({ ok: true, version: after.version + 1 });
    console.log(`fuzz: ${PAYLOADS} payloads (${JSON.stringify(outcomes)}) + 1 oversized`);
    expect(outcomes['typed-error']).toBeGreaterThan(PAYLOADS / 2);
    for (const c of [...senders, ...t.players, other.host, ...other.players]) c.close();
  });

  it(`refuses ${HANDSHAKES} fuzzed handshakes with a typed connect_error`, { timeout: 60_000 }, async () => {
    const a = await seatedTable(server);
    const b = await seatedTable(server);
    const gen = new PayloadGen(seededRng('fuzz-handshakes'));
    const before = JSON.stringify((await store.load(a.table.id))!.entries);
    const foreign = [...b.tokens, b.table.hostKey];
    let refused = 0;
    let accepted = 0;
    for (let i = 0; i < HANDSHAKES; i++) {
      // (kept under the 16 KB message limit: an oversized CONNECT just closes the transport, tested above)
      const auth: unknown = small(() => [
        () => ({ protocolVersion: PROTOCOL_VERSION, tableId: a.table.id, token: gen.pick(foreign) }),
        () => ({ protocolVersion: PROTOCOL_VERSION, tableId: a.table.id, hostKey: gen.pick(foreign) }),
        () => ({ protocolVersion: gen.pick([PROTOCOL_VERSION + 1, 0, -1, '1', null, 1.5]), tableId: a.table.id, token: a.tokens[0] }),
        // values that break naive formatting: own toString/valueOf, nested arrays holding them, huge strings
        () => ({ protocolVersion: gen.pick([{ toString: 1 }, { valueOf: 1, toString: 1 }, [[{ toString: 1 }]], [1, [{ valueOf: 'x' }]], gen.string(8000), gen.object()]), tableId: a.table.id }),
        () => ({ protocolVersion: PROTOCOL_VERSION, tableId: gen.pick([{ toString: 1 }, [[{ toString: 1 }]], gen.string(8000)]), token: gen.pick([{ toString: 1 }, gen.string(3000)]) }),
        () => ({ protocolVersion: PROTOCOL_VERSION, tableId: gen.pick([a.table.id.slice(1), 'x'.repeat(22), gen.string(300), b.table.id.toUpperCase()]) }),
        () => ({ protocolVersion: PROTOCOL_VERSION, tableId: a.table.id, ...gen.object() }),
        () => ({ protocolVersion: PROTOCOL_VERSION, tableId: a.table.id, token: gen.string(400) }),
        () => gen.object(),
      ][gen.int(9)]!(), (x) => x, 12_000);
      const s = io(server.url, { auth: auth as Record<string, unknown>, transports: ['websocket'], reconnection: false, forceNew: true });
      const result = await new Promise<string>((resolve) => {
        const stuck = setTimeout(() => resolve(`no answer to ${JSON.stringify(auth)?.slice(0, 200)}`), 5000);
        s.once('disconnect', (reason) => (clearTimeout(stuck), resolve(`disconnected (${reason})`)));
        s.once('connect_error', (e: Error & { data?: { code?: string; message?: string } }) =>
          (clearTimeout(stuck), resolve(e.data?.message !== undefined && echoes(e.data.message) ? `echoed: ${e.data.message.slice(0, 80)}` : (e.data?.code ?? `untyped: ${e.message}`))),
        );
        s.once('snapshot', () => (clearTimeout(stuck), resolve('accepted')));
      });
      s.disconnect();
      if (result === 'accepted') accepted++;
      else {
        expect(codes.has(result), result).toBe(true);
        refused++;
      }
    }
    await server.registry.get(a.table.id)!.idle();
    expect(JSON.stringify((await store.load(a.table.id))!.entries)).toBe(before);
    console.log(`fuzz: ${HANDSHAKES} handshakes, ${refused} refused with a typed error, ${accepted} accepted as spectators`);
    expect(refused).toBeGreaterThan(HANDSHAKES / 2);
    for (const c of [a.host, b.host, ...a.players, ...b.players]) c.close();
  });

  it(`answers ${HTTP_BODIES} fuzzed table creations by the rules of PROTOCOL.md §2`, { timeout: 60_000 }, async () => {
    const gen = new PayloadGen(seededRng('fuzz-http'));
    const types = [undefined, 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/merge-patch+json', ''];
    const seen: Record<string, number> = {};
    for (let i = 0; i < HTTP_BODIES; i++) {
      const type = gen.pick(types);
      const value = small(() => gen.value(1), (x) => x, 6000);
      const body =
        gen.int(4) === 0
          ? gen.pick(['', '{', '{"rules":{"target":200}}', '{"rules":{"target":301}}', '{"rules":{"variant":"coinche","target":301}}', '{"rules":{"variant":"coinche","target":3000}}', '{"rules":{"target":2000}}', '{"rules":{"variant":"coinche "}}', 'rules=1', gen.string(9000)])
          : (JSON.stringify(value) ?? '');
      const before = server.registry.size;
      const r = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: type === undefined ? {} : { 'content-type': type }, body: body === '' ? undefined : new Blob([body]) });
      const text = await r.text();
      seen[r.status] = (seen[r.status] ?? 0) + 1;
      const json = type !== undefined && /^application\/json(;|$)/.test(type);
      let expected: number[];
      if (body === '') expected = [201];
      else if (!json) expected = [415];
      else if (body.length > 8192) expected = [413];
      else expected = [201, 400];
      expect(expected, `${type} ${body.slice(0, 60)} → ${r.status} ${text.slice(0, 200)}`).toContain(r.status);
      expect(server.registry.size).toBe(before + (r.status === 201 ? 1 : 0));
      if (r.status !== 201) {
        const e = HttpErrorBodySchema.parse(JSON.parse(text));
        expect(e.error.code).not.toBe('INTERNAL');
        expect(echoes(e.error.message), e.error.message.slice(0, 100)).toBe(false);
      }
    }
    console.log(`fuzz: ${HTTP_BODIES} HTTP bodies, statuses ${JSON.stringify(seen)}`);
    expect(seen[415]).toBeGreaterThan(0);
    expect(seen[400]).toBeGreaterThan(0);
  });
});
