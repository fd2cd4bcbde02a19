/**
 * The protocol audit's chat (PROTOCOL.md §15): entries and their fold, the cleaning of text,
 * spectator tags, reactions, the host's switch and mutes, every refusal in its order with the
 * documented messages, the limits, `chatHistory` and the 200 kept entries — and that the chat
 * never changes `version` or `seq`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.js';
import { DocClient } from './doc-client/client.js';
import { refused } from './doc-client/refuse.js';
import { docServer, FAST } from './doc-client/server.js';
import { DocTable } from './doc-client/table.js';
import { TAG_RE, type ChatEntry, type ChatState, PROTOCOL } from './doc-client/wire.js';

let server: RunningServer;
beforeAll(async () => {
  server = await docServer(FAST);
});
afterAll(async () => {
  await server.close();
});

const watcher = (t: DocTable, address: string, label = address) =>
  DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id }, { address, label }).then((c) => (t.extra.push(c), c));

type Line = Extract<ChatEntry, { type: 'line' }>;

/** A chat line acknowledged, with its frame already in the sender's hands (§15.3: "before the sender's ack"). */
async function say(c: DocClient, text: string, name?: string): Promise<Line> {
  const ack = await c.send('chat', name === undefined ? { text } : { text, name });
  if (!ack.ok) throw new Error(`${c.label}: chat refused: ${ack.error.code} ${ack.error.message}`);
  const id = ack.id as number;
  const line = c.lines.get(id);
  expect(line, 'the chat frame came before the ack').toMatchObject({ type: 'line', id });
  return line as Line;
}

describe('§15 chat', () => {
  it('lines: sender, cleaning, ids, the fold, history, and no change of version or seq', async () => {
    const t = await DocTable.create(server.url);
    const a = await watcher(t, '10.1.0.1', 'A');
    const before = await t.spectator.sync();
    const e1 = await say(t.seats[1]!, '  Bien joué  ', 'Ignored');
    expect(e1).toMatchObject({ id: 1, type: 'line', from: { role: 'player', seat: 1, name: 'Bob' }, text: 'Bien joué' });
    expect(typeof e1.at).toBe('number');
    const e2 = await say(a, 'salut', 'Zoé');
    expect(e2.from).toEqual({ role: 'spectator', tag: a.state!.chat.tag, name: 'Zoé' });
    expect(a.state!.chat.tag).toMatch(TAG_RE);
    const e3 = await say(a, 'anonymous');
    expect(e3.from).toMatchObject({ role: 'spectator', name: null });
    // cleaning (§15.2)
    const cleaned: [string, string][] = [
      ['a\tb\nc\r\nd\u2028e\u0085f', 'a b c  d e f'],
      ['x\u0007y\u202Ez\u2066w\uFEFFv', 'xyzwv'],
      ['\u200Fa\u200Eb\u061Cc', 'abc'],
      ['e\u0301', 'é'],
      ['<b>bold</b> & "q"', '<b>bold</b> & "q"'],
      ['lone \uD800 surrogate', 'lone  surrogate'],
    ];
    for (const [i, [text, want]] of cleaned.entries()) expect((await say(t.seats[i < 5 ? 2 : 3]!, text)).text, JSON.stringify(text)).toBe(want);
    // every socket folded the same entries; the chat never moved seq or version
    await t.spectator.chatSettled();
    const after = await t.spectator.sync();
    expect(after.seq).toBe(before.seq);
    expect(after.version).toBe(before.version);
    expect(after.chat.last).toBe(9);
    for (const c of t.all()) expect([...c.lines.keys()], c.label).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // a late-comer gets chat.last in its snapshot and the lines through chatHistory (§15.4)
    const late = await watcher(t, '10.1.0.9', 'late');
    expect(late.state!.chat).toEqual({ last: 9, spectatorChat: true, mutedSeats: [], mutedSpectators: [], tag: late.state!.chat.tag });
    await late.waitFor(() => late.lines.size === 9, 3000, 'the history');
    const h = await late.send('chatHistory', { after: 7 });
    expect(h).toMatchObject({ ok: true, chat: { last: 9 } });
    expect((h.entries as ChatEntry[]).map((e) => e.id)).toEqual([8, 9]);
    expect((h.chat as ChatState).tag).toBe(late.state!.chat.tag);
    await refused(late, 'chatHistory', { after: -1 }, 'BAD_REQUEST');
    await refused(late, 'chatHistory', {}, 'BAD_REQUEST');
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('the corners: white space trimmed as JavaScript trims it, zero-width kept; after up to 2^53 − 1; a malformed tag is a schema refusal', async () => {
    const t = await DocTable.create(server.url);
    // §15.2: every Unicode White_Space character at both ends goes; U+200B is not white space
    const trims: [string, string][] = [
      ['\u3000hi\u3000', 'hi'],
      ['\u00A0\u2007x\u205F\u1680', 'x'],
      ['\u200Bhi', '\u200Bhi'],
    ];
    for (const [text, want] of trims) expect((await say(t.seats[1]!, text)).text, JSON.stringify(text)).toBe(want);
    expect(await refused(t.seats[1]!, 'chat', { text: '\u3000\u00A0\u2028' }, 'BAD_REQUEST')).toBe('chat.text: nothing to send but spaces and invisible characters');
    // …and a line of bidi marks or zero-width characters would show as nothing: refused too
    for (const text of ['\u200E', '\u200F\u061C', '\u200B', ' \u200D\u2060 ']) expect(await refused(t.seats[1]!, 'chat', { text }, 'BAD_REQUEST'), JSON.stringify(text)).toBe('chat.text: nothing to send but spaces and invisible characters');
    // §2/§15.2: `after` is an integer up to 2^53 − 1; above it the payload is malformed
    const top = await t.spectator.send('chatHistory', { after: Number.MAX_SAFE_INTEGER });
    expect(top).toMatchObject({ ok: true, entries: [] });
    await refused(t.spectator, 'chatHistory', { after: 2 ** 53 }, 'BAD_REQUEST');
    await refused(t.spectator, 'chatHistory', { after: 1e300 }, 'BAD_REQUEST');
    await refused(t.spectator, 'chatHistory', { after: 1.5 }, 'BAD_REQUEST');
    // §15.2: a target that is not a ChatTarget fails at step 2 (before NOT_HOST), naming the field
    expect(await refused(t.host, 'chatMute', { target: { spectator: 'short' }, muted: true }, 'BAD_REQUEST')).toBe('chatMute.target.spectator: not a spectator tag');
    expect(await refused(t.seats[1]!, 'chatMute', { target: { spectator: 'bad tag!!!!' }, muted: true }, 'BAD_REQUEST')).toBe('chatMute.target.spectator: not a spectator tag');
    await refused(t.host, 'chatMute', { target: { seat: 4 }, muted: true }, 'BAD_REQUEST');
    await refused(t.host, 'chatMute', { target: {}, muted: true }, 'BAD_REQUEST');
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('tags: one per address and table, shared by its sockets, different at another table', async () => {
    const t = await DocTable.create(server.url);
    const u = await DocTable.create(server.url);
    const a1 = await watcher(t, '10.2.0.1');
    const a2 = await watcher(t, '10.2.0.1');
    const b = await watcher(t, '10.2.0.2');
    const elsewhere = await watcher(u, '10.2.0.1');
    expect(a1.state!.chat.tag).toBe(a2.state!.chat.tag);
    expect(b.state!.chat.tag).not.toBe(a1.state!.chat.tag);
    expect(elsewhere.state!.chat.tag).not.toBe(a1.state!.chat.tag);
    expect(t.seats[0]!.state!.chat.tag).toBeNull();
    t.close();
    u.close();
  });

  it('refusals in order, with their messages; a refused line changes nothing', async () => {
    const t = await DocTable.create(server.url);
    const s = await watcher(t, '10.3.0.1', 'S');
    const host = t.host;
    expect(await refused(s, 'chat', { text: '' }, 'BAD_REQUEST')).toContain('chat.text');
    expect(await refused(s, 'chat', { text: ' \u0007\t\u202E ' }, 'BAD_REQUEST')).toBe('chat.text: nothing to send but spaces and invisible characters');
    expect(await refused(s, 'chat', { text: 'x'.repeat(201) }, 'CHAT_TOO_LONG')).toBe('a chat line holds at most 200 characters (this one has 201)');
    expect((await say(s, '😀'.repeat(200))).text).toBe('😀'.repeat(200)); // code points, not UTF-16 units
    await refused(s, 'chat', { text: 'hi', name: '<script>' }, 'BAD_REQUEST');
    await refused(s, 'react', { reaction: 'boo' }, 'BAD_REQUEST');
    await refused(s, 'chat', { text: 'hi', extra: 1 }, 'BAD_REQUEST');
    // host only
    expect(await refused(s, 'chatMute', { target: { seat: 1 }, muted: true }, 'NOT_HOST')).toBe('only the host may mute in the chat');
    expect(await refused(t.seats[1]!, 'spectatorChat', { on: false }, 'NOT_HOST')).toBe('only the host may turn spectator chat on or off');
    expect(await refused(host, 'chatMute', { target: { spectator: 'AAAAAAAAAAA' }, muted: true }, 'BAD_REQUEST')).toBe(
      'chatMute.target.spectator: no such spectator at this table',
    );
    // spectator chat off: a notice; then CHAT_OFF (before CHAT_MUTED) for spectators' lines and reactions
    expect(await host.send('spectatorChat', { on: false })).toEqual({ ok: true });
    await s.waitFor(() => s.chat!.spectatorChat === false, 3000, 'the notice');
    const notice = [...s.lines.values()].at(-1)!;
    expect(notice).toMatchObject({ type: 'spectatorChat', on: false });
    const last = s.chat!.last;
    expect(await host.send('spectatorChat', { on: false })).toEqual({ ok: true }); // already off: no entry
    expect((await s.sync()).chat.last).toBe(last);
    expect(await refused(s, 'chat', { text: 'hi' }, 'CHAT_OFF')).toBe('the host has turned spectator chat off');
    await refused(s, 'react', { reaction: 'clap' }, 'CHAT_OFF');
    // the host's own sockets are never refused, even as a spectator
    const hostWatcher = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id, hostKey: t.hostKey }, { address: '10.3.0.2', label: 'host watcher' });
    t.extra.push(hostWatcher);
    await say(hostWatcher, 'the host speaks');
    // mute the spectator too: still CHAT_OFF first; back on: CHAT_MUTED
    expect(await host.send('chatMute', { target: { spectator: s.state!.chat.tag }, muted: true })).toEqual({ ok: true });
    await refused(s, 'chat', { text: 'hi' }, 'CHAT_OFF');
    expect(await host.send('spectatorChat', { on: true })).toEqual({ ok: true });
    expect(await refused(s, 'chat', { text: 'hi' }, 'CHAT_MUTED')).toBe('the host has muted you in this chat');
    await refused(s, 'react', { reaction: 'clap' }, 'CHAT_MUTED');
    // seats: muted whoever sits there, the host never
    expect(await host.send('chatMute', { target: { seat: 1 }, muted: true })).toEqual({ ok: true });
    expect(await host.send('chatMute', { target: { seat: 0 }, muted: true })).toEqual({ ok: true });
    await refused(t.seats[1]!, 'chat', { text: 'hi' }, 'CHAT_MUTED');
    await refused(t.seats[1]!, 'react', { reaction: 'oops' }, 'CHAT_MUTED');
    await say(host, 'still here');
    await t.spectator.sync();
    await t.spectator.chatSettled();
    expect(t.spectator.chat).toMatchObject({ spectatorChat: true, mutedSeats: [0, 1], mutedSpectators: [s.state!.chat.tag] });
    const mutes = [...t.spectator.lines.values()].filter((e) => e.type === 'muted');
    expect(mutes).toEqual([
      expect.objectContaining({ type: 'muted', target: { spectator: s.state!.chat.tag }, muted: true, name: null }),
      expect.objectContaining({ type: 'muted', target: { seat: 1 }, muted: true, name: 'Bob' }),
      expect.objectContaining({ type: 'muted', target: { seat: 0 }, muted: true, name: 'Alice' }),
    ]);
    // allowed again: a notice with muted false; asking twice writes nothing
    expect(await host.send('chatMute', { target: { seat: 1 }, muted: false })).toEqual({ ok: true });
    const n = (await t.spectator.sync()).chat.last;
    expect(await host.send('chatMute', { target: { seat: 1 }, muted: false })).toEqual({ ok: true });
    expect((await t.spectator.sync()).chat.last).toBe(n);
    await say(t.seats[1]!, 'free again');
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('mutes of an empty seat and of a spectator known by a kept line name them as documented', async () => {
    const t = await DocTable.create(server.url);
    const s = await watcher(t, '10.4.0.1');
    await say(s, 'one', 'Zed');
    await say(s, 'two', 'Zoé');
    const tag = s.state!.chat.tag!;
    s.close();
    await t.seats[3]!.send('stand', {});
    expect(await t.host.send('chatMute', { target: { seat: 3 }, muted: true })).toEqual({ ok: true });
    expect(await t.host.send('chatMute', { target: { spectator: tag }, muted: true })).toEqual({ ok: true });
    await t.spectator.chatSettled();
    await t.spectator.waitFor(() => t.spectator.chat!.mutedSpectators.length === 1, 3000, 'the mute');
    const mutes = [...t.spectator.lines.values()].filter((e) => e.type === 'muted');
    expect(mutes).toEqual([
      expect.objectContaining({ target: { seat: 3 }, muted: true, name: null }),
      expect.objectContaining({ target: { spectator: tag }, muted: true, name: 'Zoé' }),
    ]);
    t.close();
  });

  it('reactions: to everyone, kept nowhere; a spectator\'s has no name', async () => {
    const t = await DocTable.create(server.url);
    const s = await watcher(t, '10.5.0.1');
    const before = await t.spectator.sync();
    for (const reaction of ['wellPlayed', 'oops', 'thanksPartner']) expect(await t.seats[2]!.send('react', { reaction })).toEqual({ ok: true });
    for (const reaction of ['hello', 'clap', 'laugh']) expect(await t.seats[3]!.send('react', { reaction })).toEqual({ ok: true });
    expect(await s.send('react', { reaction: 'wow' })).toEqual({ ok: true });
    expect(await s.send('react', { reaction: 'thinking' })).toEqual({ ok: true });
    await t.spectator.waitFor(() => t.spectator.reactions.length === 8, 3000, 'the reactions');
    expect(t.spectator.reactions[0]).toEqual({ from: { role: 'player', seat: 2, name: 'Chloé' }, reaction: 'wellPlayed' });
    expect(t.spectator.reactions[6]).toEqual({ from: { role: 'spectator', tag: s.state!.chat.tag, name: null }, reaction: 'wow' });
    const after = await t.spectator.sync();
    expect([after.seq, after.version, after.chat.last]).toEqual([before.seq, before.version, before.chat.last]);
    // A socket that joins later gets none of them: the first reaction it sees is one sent after it joined.
    const late = await watcher(t, '10.5.0.2');
    expect(await s.send('react', { reaction: 'clap' })).toEqual({ ok: true });
    await late.waitFor(() => late.reactions.length > 0, 3000, 'the new reaction');
    expect(late.reactions).toEqual([{ from: { role: 'spectator', tag: s.state!.chat.tag, name: null }, reaction: 'clap' }]);
    expect(t.problems()).toEqual([]);
    t.close();
  });

  it('limits: 5 lines per 10 s and 3 reactions per 5 s per sender; tabs share, reconnecting does not reset, refused lines do not count', async () => {
    const t = await DocTable.create(server.url);
    const seat = t.seats[2]!;
    await refused(seat, 'chat', { text: '   ' }, 'BAD_REQUEST'); // does not count
    await refused(seat, 'chat', { text: 'x'.repeat(300) }, 'CHAT_TOO_LONG'); // does not count
    for (let i = 0; i < 5; i++) await say(seat, `line ${i}`);
    expect(await refused(seat, 'chat', { text: 'sixth' }, 'CHAT_TOO_FAST')).toBe('at most 5 chat lines in 10 s: wait a moment');
    const tab = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[2] }, { label: 'seat 2 tab' });
    t.extra.push(tab);
    await refused(tab, 'chat', { text: 'from the other tab' }, 'CHAT_TOO_FAST');
    for (let i = 0; i < 3; i++) expect(await tab.send('react', { reaction: 'clap' })).toEqual({ ok: true });
    expect(await refused(seat, 'react', { reaction: 'clap' }, 'CHAT_TOO_FAST')).toBe('at most 3 reactions in 5 s: wait a moment');
    seat.close();
    const back = await DocClient.connect(server.url, { protocolVersion: PROTOCOL, tableId: t.id, token: t.tokens[2] }, { label: 'seat 2 back' });
    t.extra.push(back);
    await refused(back, 'chat', { text: 'after a reconnection' }, 'CHAT_TOO_FAST');
    await refused(back, 'react', { reaction: 'oops' }, 'CHAT_TOO_FAST');
    // spectators: per address
    const s1 = await watcher(t, '10.6.0.1');
    for (let i = 0; i < 5; i++) await say(s1, `s ${i}`);
    const s2 = await watcher(t, '10.6.0.1');
    await refused(s2, 'chat', { text: 'same address' }, 'CHAT_TOO_FAST');
    const other = await watcher(t, '10.6.0.2');
    await say(other, 'another address');
    // the host is limited like anyone
    for (let i = 0; i < 5; i++) await say(t.host, `h ${i}`);
    await refused(t.host, 'chat', { text: 'h 5' }, 'CHAT_TOO_FAST');
    t.close();
  });

  it('200 entries are kept; chatHistory gives them oldest first; a client before the hole drops what it held', async () => {
    const t = await DocTable.create(server.url);
    const senders: DocClient[] = [];
    for (let i = 0; i < 41; i++) senders.push(await watcher(t, `10.7.0.${i + 1}`, `w${i}`));
    for (let round = 0; round < 5; round++) await Promise.all(senders.map((c, i) => c.send('chat', { text: `${i}/${round}` })));
    const last = (await t.spectator.sync()).chat.last;
    expect(last).toBe(205);
    const h = await t.spectator.send('chatHistory', { after: 0 });
    const ids = (h.entries as ChatEntry[]).map((e) => e.id);
    expect(ids).toHaveLength(200);
    expect(ids[0]).toBe(6);
    expect(ids.at(-1)).toBe(205);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // a client that held lines 1–3 only: the ack's first id (6) is above 3 + 1, so it drops them
    const c = senders[0]!;
    await c.chatSettled();
    c.lines.clear();
    for (const id of [1, 2, 3]) c.lines.set(id, { id, at: 0, type: 'spectatorChat', on: true });
    await c.catchUp();
    expect([...c.lines.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect(t.problems()).toEqual([]);
    t.close();
  }, 30_000);
});
