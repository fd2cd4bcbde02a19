import type { ChatEntry, ChatState, Snapshot } from '@belote/protocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taken, updateFor } from '../../test/fixtures.js';
import { prefs } from './prefs.svelte.js';
import { REACTION_SHOW_MS } from './store-chat.svelte.js';
import { connected, type Acks } from '../../test/transport.js';

const SPECTATOR_TAG = 'spectatorAA';
const line = (id: number, seat: 0 | 1 | 2 | 3 = 1, text = `line ${id}`, nonce?: string): ChatEntry => ({ id, at: id, type: 'line', from: { role: 'player', seat, name: `P${seat}` }, text, ...(nonce === undefined ? {} : { nonce }) });
const state = (last: number, extra: Partial<ChatState> = {}): ChatState => ({ last, spectatorChat: true, mutedSeats: [], mutedSpectators: [], tag: null, ...extra });
const withChat = (s: Snapshot, chat: ChatState): Snapshot => ({ ...s, chat });
const tick = () => new Promise((r) => setTimeout(r, 0));
/** A lost ack, as the client answers it itself (socket.ts). */
const LOST = { ok: false, error: { code: 'INTERNAL', message: 'no answer' } };
/** The nonces of the `chat` commands sent, in order. */
const nonces = (t: { sent: { event: string; payload: unknown }[] }) => t.sent.filter((m) => m.event === 'chat').map((m) => (m.payload as { nonce: string }).nonce);

/** A client at seat 0 whose `chatHistory` ack answers from `table` (every entry the server holds). */
function client(table: ChatEntry[] = [], last = table.at(-1)?.id ?? 0, acks: Acks = {}, viewer: 0 | 'spectator' = 0) {
  const history = (p: unknown) => ({ ok: true, entries: table.filter((e) => e.id > (p as { after: number }).after), chat: state(table.at(-1)?.id ?? 0) });
  return connected(withChat(updateFor(taken(3), viewer, 1), state(last, viewer === 'spectator' ? { tag: SPECTATOR_TAG } : {})), { chatHistory: history, ...acks });
}

beforeEach(() => {
  localStorage.clear();
  prefs.setChatMuted(false);
});
afterEach(() => vi.useRealTimers());

describe('ChatClient', () => {
  it('fetches the history a snapshot names, without counting it as unread', async () => {
    const { client: c, t } = client([line(1), line(2, 2)]);
    await tick();
    expect(t.sent).toEqual([{ event: 'chatHistory', payload: { after: 0 } }]);
    expect(c.chat.entries.map((e) => e.id)).toEqual([1, 2]);
    expect(c.chat.unread).toBe(0);
    // A snapshot that names nothing newer fetches nothing.
    t.on().snapshot(withChat(updateFor(taken(3), 0, 2), state(2)));
    await tick();
    expect(t.sent).toHaveLength(1);
  });

  it('folds the next entry, counts lines from others while closed, and stops counting once opened', async () => {
    const { client: c, t } = client();
    t.on().chat(line(1, 2));
    t.on().chat(line(2, 0)); // mine
    t.on().chat({ id: 3, at: 3, type: 'muted', target: { seat: 3 }, name: 'P3', muted: true });
    expect(c.chat.state).toEqual(state(3, { mutedSeats: [3] }));
    expect(c.chat.unread).toBe(1);
    expect(c.chat.heard).toEqual(line(1, 2));
    t.on().chat(line(3)); // seen already: dropped
    expect(c.chat.entries).toHaveLength(3);
    c.chat.setOpen(true);
    expect(c.chat.unread).toBe(0);
    t.on().chat(line(4, 3));
    expect(c.chat.unread).toBe(0);
    c.chat.setOpen(false);
    t.on().chat(line(5, 3));
    expect(c.chat.unread).toBe(1);
  });

  it('muted: no unread count, nothing spoken, no bubbles; the lines are still there', async () => {
    prefs.setChatMuted(true);
    const { client: c, t } = client();
    t.on().chat(line(1, 2));
    t.on().reaction({ from: { role: 'player', seat: 2, name: 'P2' }, reaction: 'oops' });
    expect(c.chat.unread).toBe(0);
    expect(c.chat.heard).toBeNull();
    expect(c.chat.bubbles).toEqual([]);
    expect(c.chat.entries).toHaveLength(1);
  });

  it('after a gap in ids asks chatHistory for what it lacks and takes the ack’s state; what came meanwhile is news', async () => {
    const server = [line(1), line(2), { id: 3, at: 3, type: 'spectatorChat', on: false } as ChatEntry, line(4)];
    const { client: c2, t: t2 } = client(server);
    await tick();
    expect(c2.chat.entries.map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(c2.chat.state.spectatorChat).toBe(true); // the fake ack's state; the next ack's is the server's again
    t2.sent.length = 0;
    // Entry 6 after 4: a gap; the ack brings 5 and 6 and the state with spectator chat off.
    server.push(line(5, 3), line(6, 2));
    t2.on().chat(line(6, 2));
    await tick();
    expect(t2.sent).toEqual([{ event: 'chatHistory', payload: { after: 4 } }]);
    expect(c2.chat.entries.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(c2.chat.state.last).toBe(6);
    expect(c2.chat.unread).toBe(2);
  });

  it('after a hole (more than 200 entries missed) keeps only what the ack brought', async () => {
    const server = [line(1), line(2)];
    const { client: c, t } = client(server);
    await tick();
    server.length = 0;
    for (let id = 300; id <= 349; id++) server.push(line(id));
    t.on().chat(line(349));
    await tick();
    expect(t.sent.at(-1)).toEqual({ event: 'chatHistory', payload: { after: 2 } });
    expect(c.chat.entries.map((e) => e.id)).toEqual(server.map((e) => e.id));
    expect(c.chat.state.last).toBe(349);
  });

  it('shows a reaction as a bubble for a few seconds, one per sender', async () => {
    vi.useFakeTimers();
    const { client: c, t } = client();
    const from = { role: 'player' as const, seat: 1 as const, name: 'P1' };
    t.on().reaction({ from, reaction: 'wellPlayed' });
    t.on().reaction({ from: { role: 'spectator', tag: 'someoneElse', name: null }, reaction: 'clap' });
    vi.advanceTimersByTime(1000);
    t.on().reaction({ from, reaction: 'oops' });
    expect(c.chat.bubbles.map((b) => b.reaction)).toEqual(['clap', 'oops']);
    vi.advanceTimersByTime(REACTION_SHOW_MS - 1000);
    expect(c.chat.bubbles.map((b) => b.reaction)).toEqual(['oops']);
    vi.advanceTimersByTime(1000);
    expect(c.chat.bubbles).toEqual([]);
  });

  it('knows when it may not write: spectator chat off, a muted seat or tag; the host always may', () => {
    const spectator = client([], 0, {}, 'spectator').client;
    expect(spectator.chat.refusal).toBeNull();
    spectator.chat.onSnapshot(state(0, { spectatorChat: false, tag: SPECTATOR_TAG }));
    expect(spectator.chat.refusal).toBe('CHAT_OFF');
    spectator.chat.onSnapshot(state(0, { mutedSpectators: [SPECTATOR_TAG], tag: SPECTATOR_TAG }));
    expect(spectator.chat.refusal).toBe('CHAT_MUTED');
    const host = client().client; // seat 0 is the fixtures' host
    host.chat.onSnapshot(state(0, { mutedSeats: [0] }));
    expect(host.chat.refusal).toBeNull();
  });

  it('sends lines and reactions, and shows a refusal as a notice', async () => {
    const { client: c, t } = client([], 0, { chat: { ok: false, error: { code: 'CHAT_TOO_FAST', message: 'slow down' } } });
    expect(await c.chat.send('hello', 'ignored')).toBe(false);
    expect(c.cues.notice).toEqual({ code: 'CHAT_TOO_FAST', message: 'slow down' });
    await c.chat.react('thanksPartner');
    await c.chat.mute({ seat: 2 }, true);
    await c.chat.setSpectatorChat(false);
    expect(t.sent).toEqual([
      { event: 'chat', payload: { text: 'hello', name: 'ignored', nonce: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) } },
      { event: 'react', payload: { reaction: 'thanksPartner' } },
      { event: 'chatMute', payload: { target: { seat: 2 }, muted: true } },
      { event: 'spectatorChat', payload: { on: false } },
    ]);
  });

  it('sends a line again with the same nonce until it is acknowledged, so a lost ack cannot post it twice', async () => {
    const answers: unknown[] = [
      { ok: false, error: { code: 'NO_ANSWER', message: 'no answer' } },
      { ok: false, error: { code: 'NO_ANSWER', message: 'no answer' } },
      { ok: true, id: 7 },
      { ok: true, id: 8 },
      { ok: true, id: 9 },
    ];
    const { client: c, t } = client([], 0, { chat: () => answers.shift() });
    expect(await c.chat.send('bonjour')).toBe(false); // the ack never came: the text stays to be sent again
    expect(await c.chat.send('bonjour')).toBe(false);
    expect(await c.chat.send('bonjour')).toBe(true);
    expect(await c.chat.send('bonjour')).toBe(true); // acknowledged before: a new line, a new nonce
    expect(await c.chat.send('autre')).toBe(true);
    const sent = nonces(t);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).toBe(sent[0]);
    expect(new Set(sent).size).toBe(3);
  });

  it('a server of the version before, which knows no nonce, gets the line again without one and shows no refusal', async () => {
    const refused = { ok: false, error: { code: 'BAD_REQUEST', message: 'chat: unknown field "nonce"' } };
    const { client: c, t } = client([], 0, { chat: (p: unknown) => ((p as { nonce?: string }).nonce ? refused : { ok: true, id: 1 }) });
    expect(await c.chat.send('salut', 'Zoé')).toBe(true);
    expect(t.sent.filter((m) => m.event === 'chat').map((m) => m.payload)).toEqual([
      { text: 'salut', name: 'Zoé', nonce: expect.any(String) },
      { text: 'salut', name: 'Zoé' },
    ]);
    expect(c.cues.notice).toBeNull();
    // Another BAD_REQUEST, even one about the nonce, is shown, and nothing is sent again.
    const reused = { code: 'BAD_REQUEST', message: 'chat.nonce: already used for another line' };
    const other = client([], 0, { chat: { ok: false, error: reused } });
    expect(await other.client.chat.send('salut')).toBe(false);
    expect(other.t.sent.filter((m) => m.event === 'chat')).toHaveLength(1);
    expect(other.client.cues.notice).toEqual(reused);
  });

  it('takes its line found in the log, its ack lost, as sent: the same text again is a new line', async () => {
    const { client: c, t } = client([], 0, { chat: LOST });
    expect(await c.chat.send('bonjour')).toBe(false);
    t.on().chat(line(1, 0, 'bonjour', nonces(t)[0]!));
    expect(c.chat.posted).toEqual({ text: 'bonjour', nonce: nonces(t)[0] });
    await c.chat.send('bonjour');
    expect(nonces(t)[1]).not.toBe(nonces(t)[0]);
  });

  it('finds its line in the history fetched after reconnecting (the table’s first line too)', async () => {
    const server: ChatEntry[] = [];
    const { client: c, t } = client(server, 0, { chat: LOST });
    await c.chat.send('bonjour');
    server.push(line(1, 0, 'bonjour', nonces(t)[0]!));
    t.on().snapshot(withChat(updateFor(taken(3), 0, 2), state(1)));
    await tick();
    expect(c.chat.entries.map((e) => e.id)).toEqual([1]);
    expect(c.chat.posted?.text).toBe('bonjour');
    await c.chat.send('bonjour');
    expect(nonces(t)[1]).not.toBe(nonces(t)[0]);
  });

  it('a line with another nonce, or from another seat with its nonce, leaves the line unsent', async () => {
    const { client: c, t } = client([], 0, { chat: LOST });
    await c.chat.send('bonjour');
    const nonce = nonces(t)[0]!;
    t.on().chat(line(1, 0, 'bonjour', 'someOtherNonceOfSeat0'));
    t.on().chat(line(2, 2, 'bonjour', nonce));
    t.on().chat(line(3, 0, 'bonjour')); // no nonce at all
    expect(c.chat.posted).toBeNull();
    await c.chat.send('bonjour');
    expect(nonces(t)[1]).toBe(nonce);
  });

  it('an ack or a refusal that comes after its line neither repeats nor undoes the send', async () => {
    const answers: ((ack: unknown) => void)[] = [];
    const { client: c, t } = client([], 0, { chat: () => new Promise((r) => answers.push(r)) });
    const first = c.chat.send('bonjour');
    t.on().chat(line(1, 0, 'bonjour', nonces(t)[0]!));
    const posted = c.chat.posted;
    expect(posted?.text).toBe('bonjour');
    answers[0]!({ ok: true, id: 1 });
    expect(await first).toBe(true);
    expect(c.chat.posted).toBe(posted); // not signalled twice
    // Its line came, then the connection dropped before the ack: the send stays done.
    const second = c.chat.send('salut');
    t.on().chat(line(2, 0, 'salut', nonces(t)[1]!));
    answers[1]!(LOST);
    expect(await second).toBe(false);
    expect(c.chat.posted?.text).toBe('salut');
    void c.chat.send('salut');
    expect(nonces(t)[2]).not.toBe(nonces(t)[1]);
  });

  it('a changed text is another line: it gets its own nonce', async () => {
    const { client: c, t } = client([], 0, { chat: { ok: false, error: { code: 'NO_ANSWER', message: 'no answer' } } });
    await c.chat.send('bonjour');
    await c.chat.send('bonjour !');
    const [a, b] = t.sent.map((m) => (m.payload as { nonce: string }).nonce);
    expect(a).not.toBe(b);
  });
});
