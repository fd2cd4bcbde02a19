/**
 * Table chat and quick reactions against a real server: who may write (players, spectators,
 * the host's switches), what a line may hold (text only, cleaned, 200 characters), the limits
 * (keyed by seat token and address, so reconnecting never resets them) and the refusal order,
 * history (chatHistory, the newest 200 kept), reactions (to everyone, kept nowhere), that the
 * chat never moves the game's `version` or `seq`, and fencing between two servers on one store.
 * Every frame is validated by the strict outbound schemas (TestClient), so no address or token
 * can ride along in an entry.
 */
import { CHAT_KEPT, type Ack, type ChatEntry, type ChatState } from '@belote/protocol';
import type { Seat } from '@belote/rules';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { MemoryStore } from '../src/store/memory-store.js';
import { chatLine } from './store/contract.js';
import { createTable, seatedTable, settled, testServer, TestClient } from './clients.js';

const servers: RunningServer[] = [];
const clients: TestClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function server(overrides: Parameters<typeof testServer>[0] = {}, store?: MemoryStore): Promise<RunningServer> {
  const s = store
    ? await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', botDelayMs: 0, dealPauseMs: 0, webDist: '/nonexistent', maxSocketsPerAddress: 100_000, ...overrides }, { store })
    : await testServer(overrides);
  servers.push(s);
  return s;
}

/** A spectator from its own address (behind the loopback proxy, X-Forwarded-For is believed). */
async function spectator(s: RunningServer, tableId: string, address: string): Promise<TestClient> {
  const c = await TestClient.connect(s, { tableId, extraHeaders: { 'x-forwarded-for': address } });
  clients.push(c);
  return c;
}

async function table(s: RunningServer) {
  const t = await seatedTable(s);
  clients.push(t.host, ...t.players);
  return t;
}

type HistoryAck = Ack<{ entries: ChatEntry[]; chat: ChatState }>;
const history = async (c: TestClient, after = 0) => (await c.emit('chatHistory', { after })) as HistoryAck & { ok: true };
const lines = (entries: readonly ChatEntry[]) => entries.flatMap((e) => (e.type === 'line' ? [e.text] : []));
/** Chat entry `id` as this client received it (waiting for it if need be). */
const nextEntry = async (c: TestClient, id: number) => c.chatEntries.find((e) => e.id === id) ?? (await c.next((u) => u.kind === 'chat' && u.entry!.id === id)).entry!;

describe('chat lines', () => {
  it('reach everyone, a player under their seat name, a spectator marked as one, without moving version or seq', async () => {
    const s = await server();
    const t = await table(s);
    const watcher = await spectator(s, t.table.id, '198.51.100.7');
    expect(await t.host.emit('start', {})).toEqual({ ok: true });
    const before = await t.players[1]!.next((u) => u.view?.deal?.turn != null);
    await settled(s, t.table.id, [...t.players, t.host, watcher]);
    const { version, seq } = t.players[0]!.last;

    expect(await t.players[2]!.emit('chat', { text: 'Bonne chance !', name: 'ignored' })).toEqual({ ok: true, id: 1 });
    expect(await watcher.emit('chat', { text: 'Allez les bleus', name: 'Zoé' })).toEqual({ ok: true, id: 2 });
    const everyone = [...t.players, t.host, watcher];
    for (const c of everyone) {
      expect(await nextEntry(c, 1)).toMatchObject({ type: 'line', from: { role: 'player', seat: 2, name: 'Cid' }, text: 'Bonne chance !' });
      expect(await nextEntry(c, 2)).toMatchObject({ type: 'line', from: { role: 'spectator', tag: watcher.last.chat.tag, name: 'Zoé' }, text: 'Allez les bleus' });
    }
    await settled(s, t.table.id, everyone);
    for (const c of everyone) {
      expect(c.schemaErrors).toEqual([]);
      expect(c.orderErrors).toEqual([]);
      expect(c.last.chat.last).toBe(2);
    }
    // The game did not move: same version (an action quoting it is taken) and no step or presence frame.
    expect(t.players[0]!.last).toMatchObject({ version, seq });
    expect(server0Version(s, t.table.id)).toBe(version);
    const turn = before.view!.deal!.turn as Seat;
    expect(await t.players[turn]!.emit('action', { version, action: { type: 'pass' } })).toMatchObject({ ok: true, version: version + 1 });
    // A spectator's tag is theirs alone; a player's snapshot has none.
    expect(watcher.last.chat.tag).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(t.players[0]!.last.chat.tag).toBeNull();
  });

  it('keep text as text: markup untouched, line breaks as spaces, control and direction characters removed', async () => {
    const s = await server();
    const t = await table(s);
    const send = (text: string) => t.players[0]!.emit('chat', { text });
    expect(await send('<script>alert(1)</script><img src=x onerror=alert(2)>')).toMatchObject({ ok: true });
    expect(await send('  two\nlines\r\nand\ta tab  ')).toMatchObject({ ok: true });
    expect(await send('bell\u0007 nul\u0000 esc\u001b[31m rtl\u202eevil\u202c del\u007f c1\u0085x lone\ud800 pair😀')).toMatchObject({ ok: true });
    expect(await send('e\u0301')).toMatchObject({ ok: true }); // NFC: é
    // every bidi formatting character goes (marks too); zero-width characters stay beside visible ones
    // (another sender: 5 lines per 10 s each)
    const send2 = (text: string) => t.players[1]!.emit('chat', { text });
    expect(await send2('\u200Fmarks\u200E \u061Cisolates\u2066\u2067\u2068\u2069 embed\u202A\u202B\u202D')).toMatchObject({ ok: true });
    expect(await send2('👩\u200D👩 a\u200Bb')).toMatchObject({ ok: true });
    const h = await history(t.host);
    expect(lines(h.entries)).toEqual([
      '<script>alert(1)</script><img src=x onerror=alert(2)>',
      'two lines  and a tab',
      'bell nul esc[31m rtlevil del c1 x lone pair😀',
      'é',
      'marks isolates embed',
      '👩\u200D👩 a\u200Bb',
    ]);
    // A line that would show as nothing is malformed input, and changes nothing: only spaces,
    // controls, bidi marks or other invisible (default-ignorable) characters.
    const blank = ['   ', '\u0000\u0001\n', '\u202e', '\u200E', '\u200F\u200F', ' \u061C ', '\u200B', '\u200C\u200D\u2060', '\uFE0F', '\u3164'];
    for (const text of blank) expect(await send(text), JSON.stringify(text)).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: 'chat.text: nothing to send but spaces and invisible characters' } });
    expect(await send('')).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect((await history(t.host)).chat.last).toBe(6);
  });

  it(`hold at most 200 characters (code points, once cleaned): CHAT_TOO_LONG beyond, without echoing the line`, async () => {
    const s = await server();
    const t = await table(s);
    const p = t.players[1]!;
    expect(await p.emit('chat', { text: '👏'.repeat(200) })).toMatchObject({ ok: true });
    expect(await p.emit('chat', { text: `${'x'.repeat(200)}\u0000\u0000` })).toMatchObject({ ok: true });
    const long = await p.emit('chat', { text: 'y'.repeat(201) });
    expect(long).toEqual({ ok: false, error: { code: 'CHAT_TOO_LONG', message: 'a chat line holds at most 200 characters (this one has 201)' } });
    const huge = await p.emit('chat', { text: 'z'.repeat(10_000) });
    expect(huge).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_LONG' } });
    expect(JSON.stringify(huge)).not.toContain('zzz');
    expect((await history(p)).entries.map((e) => e.id)).toEqual([1, 2]);
  });
});

describe('limits and refusal order', () => {
  it('CHAT_TOO_FAST past 5 lines in 10 s per seat token, through a reconnection; other senders keep their budget', async () => {
    const s = await server();
    const t = await table(s);
    for (let i = 1; i <= 5; i++) expect(await t.players[0]!.emit('chat', { text: `line ${i}` })).toMatchObject({ ok: true, id: i });
    expect(await t.players[0]!.emit('chat', { text: 'one more' })).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_FAST' } });
    // The same seat from a new socket (a reload): still spent.
    t.players[0]!.close();
    const again = await TestClient.connect(s, { tableId: t.table.id, token: t.tokens[0]! });
    clients.push(again);
    expect(await again.emit('chat', { text: 'after reload' })).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_FAST' } });
    expect(await t.players[1]!.emit('chat', { text: 'my turn to talk' })).toMatchObject({ ok: true, id: 6 });
    // A refused line does not spend the budget: a too-long line from a fresh sender, then five good ones.
    expect(await t.players[2]!.emit('chat', { text: 'y'.repeat(300) })).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_LONG' } });
    for (let i = 0; i < 5; i++) expect(await t.players[2]!.emit('chat', { text: `cid ${i}` })).toMatchObject({ ok: true });
    // Too long is checked before too fast.
    expect(await again.emit('chat', { text: 'y'.repeat(300) })).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_LONG' } });
  });

  it('keys spectators by address: a reconnecting spectator keeps its spent budget, another address has its own', async () => {
    const s = await server();
    const t = await table(s);
    const a = await spectator(s, t.table.id, '203.0.113.5');
    for (let i = 0; i < 5; i++) expect(await a.emit('chat', { text: `a${i}` })).toMatchObject({ ok: true });
    a.close();
    const a2 = await spectator(s, t.table.id, '203.0.113.5');
    expect(a2.last.chat.tag).toBe(a.last.chat.tag);
    expect(await a2.emit('chat', { text: 'back' })).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_FAST' } });
    const b = await spectator(s, t.table.id, '203.0.113.6');
    expect(b.last.chat.tag).not.toBe(a.last.chat.tag);
    expect(await b.emit('chat', { text: 'hello' })).toMatchObject({ ok: true });
    // the budget is this table's: the same address writes at another table (PROTOCOL.md §15.2)
    const elsewhere = await spectator(s, (await createTable(s)).id, '203.0.113.5');
    expect(await elsewhere.emit('chat', { text: 'other table' })).toMatchObject({ ok: true });
  });

  it('checks CHAT_OFF, then CHAT_MUTED, then the text, then the rate; the host is never refused', async () => {
    const s = await server();
    const t = await table(s);
    const sp = await spectator(s, t.table.id, '192.0.2.10');
    expect(await sp.emit('chat', { text: 'first' })).toMatchObject({ ok: true, id: 1 });
    const tag = sp.last.chat.tag!;
    expect(await t.host.emit('chatMute', { target: { spectator: tag }, muted: true })).toEqual({ ok: true });
    expect(await t.host.emit('chatMute', { target: { seat: 3 }, muted: true })).toEqual({ ok: true });
    // Muted, and too long: muted first.
    expect(await sp.emit('chat', { text: 'y'.repeat(300) })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    expect(await t.players[3]!.emit('chat', { text: 'y'.repeat(300) })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    expect(await t.players[3]!.emit('react', { reaction: 'oops' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED', message: 'the host has muted you in this chat' } });
    // Spectator chat off, and muted: off first.
    expect(await t.host.emit('spectatorChat', { on: false })).toEqual({ ok: true });
    expect(await sp.emit('chat', { text: 'y'.repeat(300) })).toMatchObject({ ok: false, error: { code: 'CHAT_OFF' } });
    expect(await sp.emit('chat', { text: '' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } }); // the payload's schema comes before everything
    // The host, a spectator here, writes anyway.
    expect(await t.host.emit('chat', { text: 'rules are rules' })).toMatchObject({ ok: true });
    expect((await history(t.host)).entries.map((e) => e.type)).toEqual(['line', 'muted', 'muted', 'spectatorChat', 'line']);
  });

  it('reactions: to everyone, kept nowhere, 3 per 5 s per sender, unknown ids refused', async () => {
    const s = await server();
    const t = await table(s);
    const sp = await spectator(s, t.table.id, '192.0.2.20');
    expect(await t.players[1]!.emit('react', { reaction: 'wellPlayed' })).toEqual({ ok: true });
    for (const c of [...t.players, t.host, sp]) expect((await c.next((u) => u.kind === 'reaction')).reaction).toEqual({ from: { role: 'player', seat: 1, name: 'Bob' }, reaction: 'wellPlayed' });
    expect(await sp.emit('react', { reaction: 'clap' })).toEqual({ ok: true });
    expect((await t.players[0]!.next((u) => u.reaction?.reaction === 'clap')).reaction!.from).toEqual({ role: 'spectator', tag: sp.last.chat.tag, name: null });
    expect(await t.players[1]!.emit('react', { reaction: 'oops' })).toEqual({ ok: true });
    expect(await t.players[1]!.emit('react', { reaction: 'thanksPartner' })).toEqual({ ok: true });
    expect(await t.players[1]!.emit('react', { reaction: 'hello' })).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_FAST' } });
    expect(await t.players[1]!.emit('react', { reaction: 'Bien joué !' })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    // Lines have their own budget; reactions leave no entry.
    expect(await t.players[1]!.emit('chat', { text: 'still talking' })).toMatchObject({ ok: true, id: 1 });
    expect((await history(t.host)).entries).toHaveLength(1);
  });
});

describe("the host's switches", () => {
  it('spectator chat off: spectators cannot write or react, players can; a notice tells everyone, snapshots and reconnections carry it', async () => {
    const s = await server();
    const t = await table(s);
    const sp = await spectator(s, t.table.id, '192.0.2.30');
    expect(await t.players[0]!.emit('spectatorChat', { on: false })).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(await sp.emit('spectatorChat', { on: false })).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(await t.host.emit('spectatorChat', { on: false })).toEqual({ ok: true });
    expect(await nextEntry(sp, 1)).toMatchObject({ type: 'spectatorChat', on: false });
    expect(sp.last.chat.spectatorChat).toBe(false);
    expect(await sp.emit('chat', { text: 'hey' })).toEqual({ ok: false, error: { code: 'CHAT_OFF', message: 'the host has turned spectator chat off' } });
    expect(await sp.emit('react', { reaction: 'clap' })).toMatchObject({ ok: false, error: { code: 'CHAT_OFF' } });
    expect(await t.players[2]!.emit('chat', { text: 'players still talk' })).toMatchObject({ ok: true, id: 2 });
    // Turning it off twice writes nothing.
    expect(await t.host.emit('spectatorChat', { on: false })).toEqual({ ok: true });
    const fresh = await spectator(s, t.table.id, '192.0.2.31');
    expect(fresh.last.chat).toMatchObject({ last: 2, spectatorChat: false });
    expect(await fresh.emit('chat', { text: 'hi' })).toMatchObject({ ok: false, error: { code: 'CHAT_OFF' } });
    // Back on.
    expect(await t.host.emit('spectatorChat', { on: true })).toEqual({ ok: true });
    expect(await sp.emit('chat', { text: 'thanks' })).toMatchObject({ ok: true, id: 4 });
    // The folded state equals the server's.
    await settled(s, t.table.id, [sp]);
    const folded = sp.last.chat;
    expect((await history(sp)).chat).toEqual(folded);
  });

  it('mute a seat: it holds through a reconnection and for whoever sits there; unmute lifts it', async () => {
    const s = await server();
    const t = await table(s);
    expect(await t.players[1]!.emit('chatMute', { target: { seat: 2 }, muted: true })).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(await t.host.emit('chatMute', { target: { seat: 2 }, muted: true })).toEqual({ ok: true });
    expect(await nextEntry(t.players[0]!, 1)).toMatchObject({ type: 'muted', target: { seat: 2 }, name: 'Cid', muted: true });
    expect(await t.players[2]!.emit('chat', { text: 'hello?' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    t.players[2]!.close();
    const back = await TestClient.connect(s, { tableId: t.table.id, token: t.tokens[2]! });
    clients.push(back);
    expect(back.last.chat.mutedSeats).toEqual([2]);
    expect(await back.emit('chat', { text: 'hello??' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    // Standing up: the person is a spectator now (not muted), the seat stays muted for the next one.
    expect(await back.emit('stand', {})).toEqual({ ok: true });
    expect(await back.emit('chat', { text: 'free again' })).toMatchObject({ ok: true });
    const other = await spectator(s, t.table.id, '192.0.2.40');
    expect(await other.emit('sit', { seat: 2, name: 'Eve' })).toMatchObject({ ok: true });
    expect(await other.emit('chat', { text: 'hi all' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    expect(await t.host.emit('chatMute', { target: { seat: 2 }, muted: false })).toEqual({ ok: true });
    expect(await other.emit('chat', { text: 'hi all' })).toMatchObject({ ok: true });
    expect((await history(t.host)).entries.map((e) => (e.type === 'muted' ? `${e.muted ? '' : 'un'}mute ${e.name}` : e.type))).toEqual(['mute Cid', 'line', 'unmute Eve', 'line']);
  });

  it('mute a spectator by the tag on their line: it holds through a reconnection from that address; unknown tags are refused', async () => {
    const s = await server();
    const t = await table(s);
    const troll = await spectator(s, t.table.id, '198.51.100.66');
    const friend = await spectator(s, t.table.id, '198.51.100.67');
    expect(await troll.emit('chat', { text: 'spam', name: 'Troll' })).toMatchObject({ ok: true });
    const tag = (await nextEntry(t.host, 1)).type === 'line' ? troll.last.chat.tag! : '';
    expect(await t.host.emit('chatMute', { target: { spectator: 'AAAAAAAAAAA' }, muted: true })).toEqual({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'chatMute.target.spectator: no such spectator at this table' },
    });
    // A target of neither shape is named by the union's own words, not zod's bare "Invalid input".
    for (const target of [{ seat: 7 }, { seat: 1, spectator: tag }, {}, 'seat 1']) {
      expect(await t.host.emit('chatMute', { target, muted: true })).toEqual({
        ok: false,
        error: { code: 'BAD_REQUEST', message: 'chatMute.target: one key: seat (0-3) or spectator (a tag)' },
      });
    }
    expect(await t.host.emit('chatMute', { target: { spectator: 'short' }, muted: true })).toMatchObject({
      error: { code: 'BAD_REQUEST', message: 'chatMute.target.spectator: not a spectator tag' },
    });
    expect(await t.host.emit('chatMute', { target: { spectator: tag }, muted: true })).toEqual({ ok: true });
    expect(await nextEntry(friend, 2)).toMatchObject({ type: 'muted', target: { spectator: tag }, name: 'Troll', muted: true });
    troll.close();
    const back = await spectator(s, t.table.id, '198.51.100.66');
    expect(back.last.chat.mutedSpectators).toEqual([tag]);
    expect(await back.emit('chat', { text: 'spam again' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    expect(await back.emit('react', { reaction: 'laugh' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    expect(await friend.emit('chat', { text: 'thank you' })).toMatchObject({ ok: true });
    // A connected spectator who never wrote can be muted too.
    expect(await t.host.emit('chatMute', { target: { spectator: friend.last.chat.tag! }, muted: true })).toEqual({ ok: true });
    expect(await friend.emit('chat', { text: 'oh' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
  });
});

describe('history', () => {
  it('chatHistory returns the entries after `after` and the state; the snapshot names the newest', async () => {
    const s = await server();
    const t = await table(s);
    for (const [i, p] of t.players.entries()) expect(await p.emit('chat', { text: `from ${i}` })).toMatchObject({ ok: true, id: i + 1 });
    const all = await history(t.host);
    expect(lines(all.entries)).toEqual(['from 0', 'from 1', 'from 2', 'from 3']);
    expect(all.chat).toEqual({ last: 4, spectatorChat: true, mutedSeats: [], mutedSpectators: [], tag: t.host.last.chat.tag });
    expect((await history(t.host, 2)).entries.map((e) => e.id)).toEqual([3, 4]);
    expect((await history(t.host, 9)).entries).toEqual([]);
    const late = await spectator(s, t.table.id, '192.0.2.50');
    expect(late.last.chat.last).toBe(4);
    expect((await history(late)).entries).toEqual(all.entries);
  });

  it(`keeps the newest ${CHAT_KEPT} entries: a table read from the store with more answers with the newest`, async () => {
    const store = new MemoryStore();
    const s = await server({}, store);
    const t = await createTable(s);
    for (let id = 1; id <= CHAT_KEPT + 5; id++) await store.appendChat(t.id, chatLine(id));
    const c = await spectator(s, t.id, '192.0.2.60');
    expect(c.last.chat.last).toBe(CHAT_KEPT + 5);
    const h = await history(c);
    expect(h.entries.map((e) => e.id)).toEqual(Array.from({ length: CHAT_KEPT }, (_, i) => i + 6));
    expect(await c.emit('chat', { text: 'next' })).toMatchObject({ ok: true, id: CHAT_KEPT + 6 });
    expect((await history(c)).entries[0]!.id).toBe(7);
  });
});

describe('a resent line (nonce)', () => {
  it('the same nonce and text from the same sender gets the first id back: no second entry, no frame, no budget spent', async () => {
    const s = await server();
    const t = await table(s);
    const sp = await spectator(s, t.table.id, '192.0.2.80');
    const line = { text: '  on y va  ', nonce: 'n0nce-AAAA_1' };
    expect(await t.players[0]!.emit('chat', line)).toEqual({ ok: true, id: 1 });
    expect(await nextEntry(sp, 1)).toMatchObject({ type: 'line', text: 'on y va', nonce: 'n0nce-AAAA_1', from: { role: 'player', seat: 0 } });
    // The ack was lost: the client sends it again (from a new socket of the same seat, as after a reconnection).
    t.players[0]!.close();
    const again = await TestClient.connect(s, { tableId: t.table.id, token: t.tokens[0]! });
    clients.push(again);
    expect(await again.emit('chat', { text: 'on y va', nonce: 'n0nce-AAAA_1' })).toEqual({ ok: true, id: 1 });
    // Another seat may use the same nonce: its own line.
    expect(await t.players[1]!.emit('chat', { text: 'on y va', nonce: 'n0nce-AAAA_1' })).toEqual({ ok: true, id: 2 });
    // The same nonce with another text is refused, and posts nothing.
    expect(await again.emit('chat', { text: 'autre chose', nonce: 'n0nce-AAAA_1' })).toEqual({
      ok: false,
      error: { code: 'BAD_REQUEST', message: 'chat.nonce: already used for another line' },
    });
    expect(lines((await history(sp)).entries)).toEqual(['on y va', 'on y va']);
    expect(sp.chatEntries.map((e) => e.id)).toEqual([1, 2]);
    // Resends spend no budget: four more lines (five in all), then the first resent twice, then a sixth is too fast.
    for (let i = 0; i < 4; i++) expect(await again.emit('chat', { text: `l${i}`, nonce: `nonce-${i}-xyz` })).toMatchObject({ ok: true });
    expect(await again.emit('chat', { text: 'on y va', nonce: 'n0nce-AAAA_1' })).toEqual({ ok: true, id: 1 });
    expect(await again.emit('chat', { text: 'l3', nonce: 'nonce-3-xyz' })).toEqual({ ok: true, id: 6 });
    expect(await again.emit('chat', { text: 'l4', nonce: 'nonce-4-xyz' })).toMatchObject({ ok: false, error: { code: 'CHAT_TOO_FAST' } });
    // Without a nonce, the same text is a new line each time.
    expect(await t.players[2]!.emit('chat', { text: 'encore' })).toEqual({ ok: true, id: 7 });
    expect(await t.players[2]!.emit('chat', { text: 'encore' })).toEqual({ ok: true, id: 8 });
  });

  it('a spectator is known by its tag; a line posted before a mute is still acknowledged; a malformed nonce fails the schema', async () => {
    const s = await server();
    const t = await table(s);
    const sp = await spectator(s, t.table.id, '192.0.2.81');
    expect(await sp.emit('chat', { text: 'salut', name: 'Zoé', nonce: 'abcdefgh' })).toEqual({ ok: true, id: 1 });
    const other = await spectator(s, t.table.id, '192.0.2.82');
    expect(await other.emit('chat', { text: 'salut', nonce: 'abcdefgh' })).toEqual({ ok: true, id: 2 });
    expect(await t.host.emit('chatMute', { target: { spectator: sp.last.chat.tag! }, muted: true })).toEqual({ ok: true });
    const back = await spectator(s, t.table.id, '192.0.2.81');
    expect(await back.emit('chat', { text: 'salut', nonce: 'abcdefgh' })).toEqual({ ok: true, id: 1 });
    expect(await back.emit('chat', { text: 'salut', nonce: 'abcdefgi' })).toMatchObject({ ok: false, error: { code: 'CHAT_MUTED' } });
    for (const nonce of ['short', 'x'.repeat(33), 'has space!', 5])
      expect(await other.emit('chat', { text: 'salut', nonce })).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^chat\.nonce: /) } });
    expect(lines((await history(other)).entries)).toEqual(['salut', 'salut']);
  });

  it('is recognised by another server on the same store, and after a restart (the nonce is stored with the line)', async () => {
    const a = new MemoryStore();
    const sa = await server({ rateLimitEvents: 10_000 }, a);
    const t = await createTable(sa);
    const onA = await spectator(sa, t.id, '192.0.2.90');
    expect(await onA.emit('chat', { text: 'hello', nonce: 'resend-me-1' })).toEqual({ ok: true, id: 1 });
    const sb = await server({ rateLimitEvents: 10_000 }, a.twin());
    const onB = await spectator(sb, t.id, '192.0.2.90');
    expect(await onB.emit('chat', { text: 'hello', nonce: 'resend-me-1' })).toEqual({ ok: true, id: 1 });
    expect((await a.loadChat(t.id))!.entries).toMatchObject([{ id: 1, text: 'hello', nonce: 'resend-me-1' }]);
  });
});

describe('two servers on one store', () => {
  it('a chat entry the other server wrote first: the losing server reads the chat again and posts at the next id', async () => {
    const a = new MemoryStore();
    const sa = await server({ rateLimitEvents: 10_000 }, a);
    const t = await createTable(sa);
    const sb = await server({ rateLimitEvents: 10_000 }, a.twin()); // restores the table: both servers hold it
    const onA = await spectator(sa, t.id, '192.0.2.70');
    const onB = await spectator(sb, t.id, '192.0.2.71');
    expect(await onA.emit('chat', { text: 'from A' })).toEqual({ ok: true, id: 1 });
    expect(await onB.emit('chat', { text: 'from B' })).toEqual({ ok: true, id: 2 });
    // B's client saw entry 2 after nothing: a gap, which chatHistory fills.
    expect(await nextEntry(onB, 2)).toMatchObject({ text: 'from B' });
    expect(onB.orderErrors).toEqual(['chat 2 after 0: gap']);
    expect(lines((await history(onB)).entries)).toEqual(['from A', 'from B']);
    expect((await a.loadChat(t.id))!.entries.map((e) => e.id)).toEqual([1, 2]);
    // Game positions are untouched by either.
    expect((await a.load(t.id))!.entries).toEqual([]);
  });
});

function server0Version(s: RunningServer, tableId: string): number {
  return s.registry.get(tableId)!.state.version;
}
