import { chatTextProblem, cleanChatText, type ChatEntry, type ChatState, type Snapshot } from '@belote/protocol/client';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_ID, taken, updateFor } from '../../test/fixtures.js';
import { prefs } from '../lib/prefs.svelte.js';
import { NOTICE_MS } from '../lib/store-cues.svelte.js';
import { connected, type Acks } from '../../test/transport.js';
import ChatPanel from './ChatPanel.svelte';
import TableView from './TableView.svelte';

const TAG = 'spectatorAA';
const OTHER = 'zzzzzzzzzzz';
const state = (last: number, extra: Partial<ChatState> = {}): ChatState => ({ last, spectatorChat: true, mutedSeats: [], mutedSpectators: [], tag: null, ...extra });
const tick = () => new Promise((r) => setTimeout(r, 0));

/** What a hostile client could get through the server: markup, and (were the server to miss them) control characters. */
const HOSTILE = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 2">',
  '<b>bold</b> &amp; <a href="javascript:window.__pwned=3">link</a>',
  '{@html "<i>x</i>"} ${window.__pwned = 4}',
  'bell\u0007 rtl\u202eevil nul\u0000',
];

function entries(): ChatEntry[] {
  return [
    ...HOSTILE.map((text, i): ChatEntry => ({ id: i + 1, at: 0, type: 'line', from: { role: 'player', seat: (i % 4) as 0 | 1 | 2 | 3, name: ['Anna', 'Ben', 'Cleo', 'Dan'][i % 4]! }, text })),
    { id: 6, at: 0, type: 'line', from: { role: 'spectator', tag: OTHER, name: 'Zoé' }, text: 'Allez !' },
    { id: 7, at: 0, type: 'line', from: { role: 'spectator', tag: 'yyyyyyyyyyy', name: null }, text: 'anonymous' },
    { id: 8, at: 0, type: 'muted', target: { seat: 3 }, name: 'Dan', muted: true },
    { id: 9, at: 0, type: 'spectatorChat', on: false },
  ];
}

/** A connected client (seat 0 is the host in the fixtures, a spectator otherwise) holding `entries()`. */
async function clientWith(viewer: 0 | 1 | 'spectator', chat: Partial<ChatState> = {}, acks: Acks = {}) {
  const all = entries();
  const snap: Snapshot = { ...updateFor(taken(3), viewer, 1), chat: state(9, { ...chat, tag: viewer === 'spectator' ? TAG : null }) };
  const c = connected(snap, { chatHistory: { ok: true, entries: all, chat: snap.chat }, chat: { ok: true, id: 10 }, ...acks });
  await tick();
  return c;
}

beforeEach(() => {
  localStorage.clear();
  prefs.setLang('en');
  prefs.setChatMuted(false);
  prefs.setReactionsOpen(false);
  delete (window as { __pwned?: unknown }).__pwned;
});
afterEach(() => prefs.setLang('en'));

describe('ChatPanel', () => {
  it('shows script, HTML and control characters as plain text: nothing is parsed or run', async () => {
    const { client } = await clientWith(1);
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1 });
    const texts = screen.getAllByTestId('chat-text').map((el) => el.textContent);
    expect(texts.slice(0, HOSTILE.length)).toEqual(HOSTILE);
    const log = screen.getByTestId('chat-log');
    expect(log.querySelectorAll('script, img, b, a, i, iframe').length).toBe(0);
    for (const el of screen.getAllByTestId('chat-text')) expect(el.children.length).toBe(0);
    await tick();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('marks spectators, names the notices, and colours players by team', async () => {
    const { client } = await clientWith(1);
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1 });
    const item = (id: number) => document.querySelector<HTMLElement>(`[data-chat-id="${id}"]`)!;
    expect(item(6).textContent!.replace(/\s+/g, ' ').trim()).toBe('Zoé spectator Allez !');
    // an unnamed spectator is "A spectator", read once (no mark after it), in every language
    const said = (id: number) => item(id).textContent!.replace(/\s+/g, ' ').trim();
    expect(said(7)).toBe('A spectator anonymous');
    expect(item(2).classList.contains('team-1')).toBe(true);
    expect(item(8).textContent!.trim()).toBe('Dan was muted by the host');
    expect(item(9).textContent!.trim()).toBe('The host turned spectator chat off');
    prefs.setLang('fr');
    await tick();
    expect(item(8).textContent!.trim()).toBe('L’hôte a rendu Dan muet');
    expect(item(6).textContent).toContain('spectateur');
    expect(said(7)).toBe('Un spectateur anonymous');
    prefs.setLang('de');
    await tick();
    expect(said(6)).toBe('Zoé Zuschauer Allez !');
    expect(said(7)).toBe('Ein Zuschauer anonymous');
  });

  it('sends what is typed (with a spectator’s name) and empties the field once accepted', async () => {
    localStorage.setItem('belote:name', 'Zoé');
    const { client, t } = await clientWith('spectator');
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: null });
    const input = screen.getByTestId<HTMLInputElement>('chat-input');
    expect(screen.getByTestId<HTMLInputElement>('chat-name').value).toBe('Zoé');
    await fireEvent.input(input, { target: { value: '  <b>hi</b>  ' } });
    await fireEvent.click(screen.getByTestId('chat-send'));
    await tick();
    expect(t.sent.at(-1)).toEqual({ event: 'chat', payload: { text: '<b>hi</b>', name: 'Zoé', nonce: expect.any(String) } });
    expect(input.value).toBe('');
  });

  it('offers no Send for a line of spaces and invisible characters only, as the server would refuse it', async () => {
    const { client, t } = await clientWith(1);
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1 });
    const input = screen.getByTestId<HTMLInputElement>('chat-input');
    const send = screen.getByTestId<HTMLButtonElement>('chat-send');
    const before = t.sent.length;
    // zero-width space and joiner, bidi marks, a bell, ideographic and no-break spaces
    for (const value of ['\u200B', ' \u200E\u200F ', '\u200D\u2060\u0007', '\u3000\u00A0\u3164']) {
      await fireEvent.input(input, { target: { value } });
      expect(send.disabled, JSON.stringify(value)).toBe(true);
      await fireEvent.submit(input.form!); // Enter in the field
      await tick();
    }
    expect(t.sent.length).toBe(before);
    // with something to see, the same characters go with it
    await fireEvent.input(input, { target: { value: '\u200Bok' } });
    expect(send.disabled).toBe(false);
  });

  it('counts the characters left in the line as the server will keep it, and offers Send exactly when it fits', async () => {
    const { client, t } = await clientWith(1);
    const { container } = render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1 });
    const input = screen.getByTestId<HTMLInputElement>('chat-input');
    const send = screen.getByTestId<HTMLButtonElement>('chat-send');
    const left = () => container.querySelector('p.left')?.textContent ?? null;
    const sent = () => t.sent.filter((s) => s.event === 'chat').map((s) => (s.payload as { text: string }).text);
    const cases: { typed: string; shown: string; fits: boolean }[] = [
      // 200 once trimmed, its bidi mark and bell removed: typed as 204
      { typed: ` ${'a'.repeat(199)}\u200Eb\u0007 `, shown: '0 characters left', fits: true },
      // 200 typed, 201 once NFC-normalised (U+0958 is two code points in NFC)
      { typed: `${'a'.repeat(199)}\u0958`, shown: '1 character too many', fits: false },
      // e + a combining acute: 2 typed, 1 kept, so 201 typed still fits
      { typed: `${'a'.repeat(199)}e\u0301`, shown: '0 characters left', fits: true },
      // 150 emoji: 300 UTF-16 units, 150 characters
      { typed: '😀'.repeat(150), shown: '', fits: true },
      { typed: 'a'.repeat(203), shown: '3 characters too many', fits: false },
    ];
    for (const c of cases) {
      const before = sent().length;
      await fireEvent.input(input, { target: { value: c.typed } });
      expect(left() ?? '', JSON.stringify(c.typed)).toBe(c.shown);
      expect(send.disabled, JSON.stringify(c.typed)).toBe(!c.fits);
      await fireEvent.submit(input.form!); // Enter in the field
      await tick();
      expect(sent().length - before, JSON.stringify(c.typed)).toBe(c.fits ? 1 : 0);
      // what went is what the server accepts (the same rule)
      if (c.fits) expect(chatTextProblem(cleanChatText(sent().at(-1)!))).toBeNull();
      else expect(chatTextProblem(cleanChatText(c.typed))?.code).toBe('CHAT_TOO_LONG');
    }
    prefs.setLang('fr');
    await fireEvent.input(input, { target: { value: 'é'.repeat(202) } });
    expect(left()).toBe('2 caractères de trop');
    // No browser cap on the field: a browser counts maxlength in UTF-16 units, 100 emoji would fill 200.
    expect(input.hasAttribute('maxlength')).toBe(false);
  });

  it('sends a line typed while the last is on its way once that one is answered; the same line twice goes once', async () => {
    const answers: ((ack: unknown) => void)[] = [];
    const { client, t } = await clientWith(1, {}, { chat: () => new Promise((r) => answers.push(r)) });
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1 });
    const input = screen.getByTestId<HTMLInputElement>('chat-input');
    const texts = () => t.sent.filter((s) => s.event === 'chat').map((s) => (s.payload as { text: string }).text);
    await fireEvent.input(input, { target: { value: 'un' } });
    await fireEvent.submit(input.form!); // Enter
    await fireEvent.submit(input.form!); // Enter again: a double tap
    await fireEvent.input(input, { target: { value: 'deux' } });
    expect(screen.getByTestId<HTMLButtonElement>('chat-send').disabled).toBe(false);
    await fireEvent.submit(input.form!); // Enter on the next line, the first not yet answered
    await tick();
    expect(texts()).toEqual(['un']);
    answers.shift()!({ ok: true, id: 10 });
    await tick();
    await tick();
    expect(texts()).toEqual(['un', 'deux']);
    answers.shift()!({ ok: true, id: 11 });
    await tick();
    expect(input.value).toBe('');
    // a double tap on one line: sent once
    await fireEvent.input(input, { target: { value: 'trois' } });
    await fireEvent.submit(input.form!);
    await fireEvent.submit(input.form!);
    answers.shift()!({ ok: true, id: 12 });
    await tick();
    await tick();
    expect(texts()).toEqual(['un', 'deux', 'trois']);
    expect(input.value).toBe('');
  });

  it('says when a spectator’s name cannot sign the lines (the server would refuse it), and sends them unsigned', async () => {
    localStorage.setItem('belote:name', '...');
    const { client, t } = await clientWith('spectator');
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: null });
    const nameField = screen.getByTestId<HTMLInputElement>('chat-name');
    expect(screen.getByTestId('chat-name-unused').textContent).toBe("Sent without this name: letters, digits, spaces and . ' _ - only, with a letter or a digit");
    expect(nameField.getAttribute('aria-describedby')).toBe('chat-name-unused');
    await fireEvent.input(screen.getByTestId('chat-input'), { target: { value: 'allez' } });
    await fireEvent.click(screen.getByTestId('chat-send'));
    await tick();
    expect(t.sent.at(-1)).toEqual({ event: 'chat', payload: { text: 'allez', nonce: expect.any(String) } });
    // a name the server takes (a phone's no-break space in it), or none: nothing said
    for (const value of ['Zoé\u00a0B', '  ']) {
      await fireEvent.input(nameField, { target: { value } });
      expect(screen.queryByTestId('chat-name-unused'), JSON.stringify(value)).toBeNull();
    }
  });

  it('empties the field when its line shows though the ack was lost, not when something else was typed since', async () => {
    const answers: ((ack: unknown) => void)[] = [];
    const { client, t } = await clientWith(1, {}, { chat: () => new Promise((r) => answers.push(r)) });
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1 });
    const input = screen.getByTestId<HTMLInputElement>('chat-input');
    const lineOf = (id: number, text: string): ChatEntry => {
      const { nonce } = t.sent.at(-1)!.payload as { nonce: string };
      return { id, at: 0, type: 'line', from: { role: 'player', seat: 1, name: 'Ben' }, text, nonce };
    };
    const noAnswer = { ok: false, error: { code: 'INTERNAL', message: 'no answer' } };
    // The connection dropped before the ack; the line comes after reconnecting.
    await fireEvent.input(input, { target: { value: ' bonjour ' } });
    await fireEvent.click(screen.getByTestId('chat-send'));
    answers.shift()!(noAnswer);
    await tick();
    expect(input.value).toBe(' bonjour '); // to be sent again
    t.on().chat(lineOf(10, 'bonjour'));
    await tick();
    expect(input.value).toBe('');
    // Something else typed before the line came stays, and so it does when the ack comes late.
    await fireEvent.input(input, { target: { value: 'encore' } });
    await fireEvent.click(screen.getByTestId('chat-send'));
    await fireEvent.input(input, { target: { value: 'autre chose' } });
    t.on().chat(lineOf(11, 'encore'));
    await tick();
    expect(input.value).toBe('autre chose');
    answers.shift()!({ ok: true, id: 11 });
    await tick();
    expect(input.value).toBe('autre chose');
  });

  it('docked, says a refused line under its field (read out, tied to it) instead of a notice across the table; floating, the notice', async () => {
    const tooFast = { ok: false, error: { code: 'CHAT_TOO_FAST', message: 'slow down' } };
    const { client } = await clientWith('spectator', {}, { chat: tooFast });
    const { unmount } = render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: null, docked: true });
    const input = screen.getByTestId<HTMLInputElement>('chat-input');
    await fireEvent.input(input, { target: { value: 'encore' } });
    await fireEvent.click(screen.getByTestId('chat-send'));
    await tick();
    const said = screen.getByTestId('chat-refused');
    expect(said.textContent).toBe('Too many messages: wait a moment');
    expect(said.getAttribute('role')).toBe('alert');
    expect(said.previousElementSibling).toBe(input.form); // just under the field
    expect(input.getAttribute('aria-describedby')).toBe(said.id);
    expect(client.cues.notice).toBeNull();
    expect(input.value).toBe('encore'); // kept, to send later
    // Refused again: a new alert, read out again.
    await fireEvent.click(screen.getByTestId('chat-send'));
    await tick();
    expect(screen.getByTestId('chat-refused')).not.toBe(said);
    // The line changed: the refusal no longer stands.
    await fireEvent.input(input, { target: { value: 'encore !' } });
    expect(screen.queryByTestId('chat-refused')).toBeNull();
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    unmount();
    // Floating (a phone's): the table's notice, which sits just under the panel.
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: null });
    await fireEvent.input(screen.getByTestId('chat-input'), { target: { value: 'encore' } });
    await fireEvent.click(screen.getByTestId('chat-send'));
    await tick();
    expect(client.cues.notice).toEqual(tooFast.error);
    expect(screen.queryByTestId('chat-refused')).toBeNull();
  });

  it('docked, a refusal under the field stands no longer than the notice, nor once its line shows in the chat', async () => {
    const answers: ((ack: unknown) => void)[] = [];
    const { client, t } = await clientWith(1, {}, { chat: () => new Promise((r) => answers.push(r)) });
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1, docked: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const flush = () => vi.advanceTimersByTimeAsync(0);
    try {
      const input = screen.getByTestId<HTMLInputElement>('chat-input');
      // No answer: said under the field; then the line shows in the chat (found by its nonce after
      // reconnecting): the field empties and "no answer" no longer stands.
      await fireEvent.input(input, { target: { value: 'bonjour' } });
      await fireEvent.click(screen.getByTestId('chat-send'));
      answers.shift()!({ ok: false, error: { code: 'NO_ANSWER', message: 'no answer' } });
      await flush();
      expect(screen.getByTestId('chat-refused')).toBeTruthy();
      const { nonce } = t.sent.at(-1)!.payload as { nonce: string };
      t.on().chat({ id: 10, at: 0, type: 'line', from: { role: 'player', seat: 1, name: 'Ben' }, text: 'bonjour', nonce });
      await flush();
      expect(input.value).toBe('');
      expect(screen.queryByTestId('chat-refused')).toBeNull();
      // Too fast: the line kept, the refusal said for NOTICE_MS, then gone.
      await fireEvent.input(input, { target: { value: 'encore' } });
      await fireEvent.click(screen.getByTestId('chat-send'));
      answers.shift()!({ ok: false, error: { code: 'CHAT_TOO_FAST', message: 'slow down' } });
      await flush();
      expect(screen.getByTestId('chat-refused').textContent).toBe('Too many messages: wait a moment');
      await vi.advanceTimersByTimeAsync(NOTICE_MS - 10);
      expect(screen.queryByTestId('chat-refused')).not.toBeNull();
      await vi.advanceTimersByTimeAsync(20);
      expect(screen.queryByTestId('chat-refused')).toBeNull();
      expect(input.value).toBe('encore');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the line as the server keeps it (the marks a paste brought taken out, not sent)', async () => {
    const { client, t } = await clientWith(1);
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: false, mySeat: 1 });
    await fireEvent.input(screen.getByTestId('chat-input'), { target: { value: ` a${'\u200E'.repeat(5000)}b ` } });
    await fireEvent.click(screen.getByTestId('chat-send'));
    await tick();
    expect(t.sent.filter((s) => s.event === 'chat').map((s) => (s.payload as { text: string }).text)).toEqual(['ab']);
  });

  it('says why one cannot write: spectator chat off, muted', async () => {
    const off = await clientWith('spectator', { spectatorChat: false });
    const { unmount } = render(ChatPanel, { chat: off.client.chat, seats: off.client.live.table!.seats, isHost: false, mySeat: null });
    expect(screen.getByTestId('chat-blocked').textContent).toBe('The host has turned spectator chat off: no messages or reactions from spectators.');
    expect(screen.queryByTestId('chat-input')).toBeNull();
    unmount();
    const muted = await clientWith(1, { mutedSeats: [1] });
    render(ChatPanel, { chat: muted.client.chat, seats: muted.client.live.table!.seats, isHost: false, mySeat: 1 });
    expect(screen.getByTestId('chat-blocked').textContent).toBe('The host has muted you: you can read the chat, but not write or react.');
  });

  it('names the chat’s own mute as the reader’s alone (beside the host’s, which silence someone for everyone): it tells the server nothing', async () => {
    const { client, t } = await clientWith(0);
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: true, mySeat: 0 });
    const said = { en: 'Mute for me', fr: 'Sourdine pour moi', de: 'Für mich stumm' } as const;
    for (const lang of ['en', 'fr', 'de'] as const) {
      prefs.setLang(lang);
      await tick();
      expect(screen.getByRole('checkbox', { name: said[lang] })).toBe(screen.getByTestId('chat-mute'));
    }
    prefs.setLang('en');
    await fireEvent.click(screen.getByTestId('chat-mute'));
    expect(prefs.chatMuted).toBe(true);
    expect(t.sent.filter((s) => s.event !== 'chatHistory')).toEqual([]);
  });

  it('gives the host the switches: spectator chat, each player, each spectator on their line', async () => {
    const { client, t } = await clientWith(0, { spectatorChat: true });
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: true, mySeat: 0 });
    await fireEvent.click(screen.getByTestId('chat-moderation-toggle'));
    await fireEvent.click(screen.getByTestId('spectator-chat'));
    await fireEvent.click(document.querySelector('[data-mute-seat="2"]')!);
    // The host's own seat has no switch (the host is never refused anyway).
    expect(document.querySelector('[data-mute-seat="0"]')).toBeNull();
    // The switches take the place of the lines while open; closed, a spectator's line has its own.
    expect(screen.queryByTestId('chat-log')).toBeNull();
    await fireEvent.click(screen.getByTestId('chat-moderation-toggle'));
    await fireEvent.click(screen.getByRole('button', { name: 'Mute Zoé' }));
    expect(t.sent.filter((s) => s.event !== 'chatHistory')).toEqual([
      { event: 'spectatorChat', payload: { on: false } },
      { event: 'chatMute', payload: { target: { seat: 2 }, muted: true } },
      { event: 'chatMute', payload: { target: { spectator: OTHER }, muted: true } },
    ]);
  });

  it('names an unnamed spectator in the middle of a sentence as grammar wants (not the line label’s capitalised “A spectator”), in every language', async () => {
    const { client, t } = await clientWith(0, { spectatorChat: true });
    render(ChatPanel, { chat: client.chat, seats: client.live.table!.seats, isHost: true, mySeat: 0 });
    t.on().chat({ id: 10, at: 0, type: 'muted', target: { spectator: 'yyyyyyyyyyy' }, name: null, muted: true });
    t.on().chat({ id: 11, at: 0, type: 'muted', target: { spectator: 'yyyyyyyyyyy' }, name: null, muted: false });
    await tick();
    const notice = (id: number) => document.querySelector<HTMLElement>(`[data-chat-id="${id}"]`)!.textContent!.trim();
    const muteLabel = () => document.querySelector('[data-mute-spectator="yyyyyyyyyyy"]')!.getAttribute('aria-label');
    const expected = {
      en: ['A spectator was muted by the host', 'A spectator may write again', 'Mute this spectator'],
      fr: ['L’hôte a rendu un spectateur muet', 'Un spectateur peut de nouveau écrire', 'Rendre ce spectateur muet'],
      de: ['Der Gastgeber hat einen Zuschauer stummgeschaltet', 'Ein Zuschauer darf wieder schreiben', 'Diesen Zuschauer stummschalten'],
    } as const;
    for (const lang of ['en', 'fr', 'de'] as const) {
      prefs.setLang(lang);
      await tick();
      expect([notice(10), notice(11), muteLabel()]).toEqual(expected[lang]);
    }
    // muted, in the moderation switches
    t.on().chat({ id: 12, at: 0, type: 'muted', target: { spectator: 'yyyyyyyyyyy' }, name: null, muted: true });
    await tick();
    await fireEvent.click(screen.getByTestId('chat-moderation-toggle'));
    expect(document.querySelector('[data-unmute-spectator="yyyyyyyyyyy"]')!.textContent).toBe('Stummschaltung eines Zuschauers aufheben');
    prefs.setLang('fr');
    await tick();
    expect(document.querySelector('[data-unmute-spectator="yyyyyyyyyyy"]')!.textContent).toBe('Redonner la parole à un spectateur');
    // a named one keeps the name
    expect(screen.getByRole('checkbox', { name: 'Rendre Cleo muet' })).toBeTruthy();
  });
});

describe('the chat on the table', () => {
  it('counts unread lines on the closed chat button, not when muted; opening shows them', async () => {
    const { client, t } = await clientWith(1);
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    t.on().chat({ id: 10, at: 0, type: 'line', from: { role: 'player', seat: 2, name: 'Cleo' }, text: 'à toi !' });
    t.on().chat({ id: 11, at: 0, type: 'line', from: { role: 'player', seat: 1, name: 'Ben' }, text: 'mine' });
    await tick();
    expect(screen.getByTestId('chat-unread').textContent).toBe('1');
    expect(screen.getByTestId('chat-toggle').getAttribute('aria-label')).toBe('Open the chat, 1 new message');
    expect(screen.getByTestId('chat-live').textContent).toBe('Cleo: à toi !');
    prefs.setChatMuted(true);
    await tick();
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    prefs.setChatMuted(false);
    await fireEvent.click(screen.getByTestId('chat-toggle'));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    expect(screen.getByTestId('chat-panel')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('chat-input'));
    // Escape from the message field closes it, back to its button
    await fireEvent.keyDown(screen.getByTestId('chat-input'), { key: 'Escape' });
    expect(screen.queryByTestId('chat-panel')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('chat-toggle'));
    await fireEvent.click(screen.getByTestId('chat-toggle'));
    await fireEvent.click(screen.getByTestId('chat-close'));
    expect(screen.queryByTestId('chat-panel')).toBeNull();
  });

  it('opens a player’s floating chat short (the trick in view) though they arrived as a spectator; a spectator’s tall', async () => {
    const { client, t } = await clientWith('spectator');
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await fireEvent.click(screen.getByTestId('chat-toggle'));
    await tick();
    expect(screen.getByTestId('chat-expand').getAttribute('aria-expanded')).toBe('true');
    await fireEvent.click(screen.getByTestId('chat-toggle'));
    // they sit (the invite link's usual way in): the server's snapshot for their seat
    t.on().snapshot({ ...updateFor(taken(3), 1, 2), chat: state(9) });
    await tick();
    await fireEvent.click(screen.getByTestId('chat-toggle'));
    await tick();
    expect(screen.getByTestId('chat-expand').getAttribute('aria-expanded')).toBe('false');
    // their own choice then holds
    await fireEvent.click(screen.getByTestId('chat-expand'));
    await fireEvent.click(screen.getByTestId('chat-toggle'));
    await fireEvent.click(screen.getByTestId('chat-toggle'));
    await tick();
    expect(screen.getByTestId('chat-expand').getAttribute('aria-expanded')).toBe('true');
  });

  it('sends a reaction in one tap from the open tray, and shows others’ in the reader’s language at their seat', async () => {
    prefs.setLang('fr');
    const { client, t } = await clientWith(1);
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await fireEvent.click(screen.getByTestId('reactions-toggle'));
    await fireEvent.click(screen.getByRole('button', { name: 'Merci, partenaire' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Bravo' }));
    expect(t.sent.filter((s) => s.event === 'react')).toEqual([
      { event: 'react', payload: { reaction: 'thanksPartner' } },
      { event: 'react', payload: { reaction: 'clap' } },
    ]);
    // Seat 3 sits on the viewer's (seat 1) … counterclockwise: seat 2 is on the right, 3 across, 0 on the left.
    t.on().reaction({ from: { role: 'player', seat: 3, name: 'Dan' }, reaction: 'wellPlayed' });
    await tick();
    const bubble = screen.getByTestId('reaction-bubble');
    expect(bubble.textContent!.trim()).toBe('Bien joué\u202f!');
    expect(bubble.closest('[data-seat]')!.getAttribute('data-pos')).toBe('top');
    expect(bubble.closest('[data-seat]')!.getAttribute('data-seat')).toBe('3');
    // A spectator's shows in the gallery's corner, with their name.
    t.on().reaction({ from: { role: 'spectator', tag: 'xxxxxxxxxxx', name: 'Zoé' }, reaction: 'wow' });
    await tick();
    const gallery = screen.getAllByTestId('reaction-bubble').find((b) => b.dataset.reaction === 'wow')!;
    expect(gallery.closest('[data-seat]')).toBeNull();
    expect(gallery.textContent!.trim()).toBe('Zoé');
    expect(gallery.querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('chat-live').textContent).toBe('Zoé\u202f: Waouh');
    // The tray stays open (one tap per reaction) and remembers it.
    expect(screen.getByTestId('reactions')).toBeTruthy();
    expect(prefs.reactionsOpen).toBe(true);
    // Escape, with the focus in the tray, closes it and gives the focus back to its button.
    screen.getByRole('button', { name: 'Bravo' }).focus();
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('reactions')).toBeNull();
    expect(prefs.reactionsOpen).toBe(false);
    expect(document.activeElement).toBe(screen.getByTestId('reactions-toggle'));
  });

  it('closes the tray when Tab takes the focus out of it and its button (past either end), as a menu does; a tap elsewhere, or leaving the window, leaves it open', async () => {
    const { client } = await clientWith(1);
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    const toggle = screen.getByTestId('reactions-toggle');
    const outside = screen.getByTestId('chat-toggle');
    const open = async (): Promise<HTMLButtonElement[]> => {
      if (!prefs.reactionsOpen) await fireEvent.click(toggle);
      await tick();
      return [...screen.getByTestId('reactions').querySelectorAll('button')];
    };
    /** The focus moved from the keyboard: a key pressed, then the focus going to `to`. */
    const tabTo = async (from: HTMLElement, to: HTMLElement, shiftKey = false): Promise<void> => {
      await fireEvent.keyDown(from, { key: 'Tab', shiftKey });
      to.focus();
      await fireEvent.keyUp(to, { key: 'Tab', shiftKey });
      await tick();
    };
    // Tab past its last reaction, out of the corner: closed.
    let buttons = await open();
    buttons[0]!.focus();
    await tabTo(buttons[0]!, buttons.at(-1)!);
    expect(screen.queryByTestId('reactions')).not.toBeNull(); // within the tray: open
    await tabTo(buttons.at(-1)!, outside);
    expect(screen.queryByTestId('reactions')).toBeNull();
    expect(prefs.reactionsOpen).toBe(false);
    // Shift+Tab before its first: onto its button, still open; once more, out: closed.
    buttons = await open();
    buttons[0]!.focus();
    await tabTo(buttons[0]!, toggle, true);
    expect(screen.queryByTestId('reactions')).not.toBeNull();
    await tabTo(toggle, outside, true);
    expect(screen.queryByTestId('reactions')).toBeNull();
    // Tab past its last reaction when it is the page's last control: the focus goes to none (the
    // browser's own bar): closed too.
    buttons = await open();
    buttons.at(-1)!.focus();
    await fireEvent.keyDown(buttons.at(-1)!, { key: 'Tab' });
    buttons.at(-1)!.blur();
    await fireEvent.keyUp(document.body, { key: 'Tab' });
    await tick();
    expect(screen.queryByTestId('reactions')).toBeNull();
    // A tap elsewhere (the focus going to what was tapped) leaves it open: a reaction stays one tap.
    buttons = await open();
    buttons[0]!.focus();
    await fireEvent.pointerDown(outside);
    outside.focus();
    await tick();
    expect(screen.queryByTestId('reactions')).not.toBeNull();
    expect(prefs.reactionsOpen).toBe(true);
    // So does the window being left (the focus going to none, no key pressed), also after Tab
    // moved the focus within the tray (the Tab is over once its key is up).
    buttons[0]!.focus();
    await fireEvent.keyDown(buttons[0]!, { key: 'Enter' });
    buttons[0]!.blur();
    await tick();
    expect(screen.queryByTestId('reactions')).not.toBeNull();
    buttons[0]!.focus();
    await tabTo(buttons[0]!, buttons[1]!);
    buttons[1]!.blur();
    await tick();
    expect(screen.queryByTestId('reactions')).not.toBeNull();
  });

  it('says a reaction refused as too fast in the tray, about reactions (not the chat lines’ “too many messages”), for as long as a notice', async () => {
    const answers: ((ack: unknown) => void)[] = [];
    const { client } = await clientWith(1, {}, { react: () => new Promise((r) => answers.push(r)) });
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await fireEvent.click(screen.getByTestId('reactions-toggle'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const flush = () => vi.advanceTimersByTimeAsync(0);
    try {
      await fireEvent.click(screen.getByRole('button', { name: 'Applause' }));
      answers.shift()!({ ok: false, error: { code: 'CHAT_TOO_FAST', message: 'at most 3 reactions in 5 s: wait a moment' } });
      await flush();
      const said = screen.getByTestId('reactions-too-fast');
      expect(said.textContent).toBe('Too many reactions: wait a moment');
      expect(said.getAttribute('role')).toBe('alert');
      expect(said.closest('[data-testid=reactions]')).not.toBeNull();
      expect(client.cues.notice).toBeNull();
      // Refused again: a new alert, read out again.
      await fireEvent.click(screen.getByRole('button', { name: 'Applause' }));
      answers.shift()!({ ok: false, error: { code: 'CHAT_TOO_FAST', message: 'at most 3 reactions in 5 s: wait a moment' } });
      await flush();
      expect(screen.getByTestId('reactions-too-fast')).not.toBe(said);
      await vi.advanceTimersByTimeAsync(NOTICE_MS - 10);
      expect(screen.queryByTestId('reactions-too-fast')).not.toBeNull();
      await vi.advanceTimersByTimeAsync(20);
      expect(screen.queryByTestId('reactions-too-fast')).toBeNull();
      // Another refusal (muted meanwhile) is the table's notice, as before.
      await fireEvent.click(screen.getByRole('button', { name: 'Applause' }));
      answers.shift()!({ ok: false, error: { code: 'CHAT_MUTED', message: 'the host has muted you in this chat' } });
      await flush();
      expect(client.cues.notice?.code).toBe('CHAT_MUTED');
    } finally {
      vi.useRealTimers();
      prefs.setReactionsOpen(false);
    }
  });

  it('tells a muted player, or a spectator when their chat is closed, why there are no reactions', async () => {
    prefs.setReactionsOpen(false);
    const { client } = await clientWith(1, { mutedSeats: [1] });
    const { unmount } = render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await fireEvent.click(screen.getByTestId('reactions-toggle'));
    expect(screen.queryByTestId('reactions')).toBeNull();
    expect(screen.getByTestId('reactions-blocked').textContent).toBe('The host has muted you: you can read the chat, but not write or react.');
    unmount();
    const off = await clientWith('spectator', { spectatorChat: false });
    render(TableView, { id: TABLE_ID, storeFactory: () => off.client });
    expect(screen.getByTestId('reactions-blocked').textContent).toMatch(/^The host has turned spectator chat off/);
    prefs.setReactionsOpen(false);
  });

  it('names a spectator’s reaction as they sign their lines (a reaction carries no name)', async () => {
    prefs.setLang('en');
    const { client, t } = await clientWith(1);
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    t.on().reaction({ from: { role: 'spectator', tag: 'yyyyyyyyyyy', name: null }, reaction: 'wow' });
    await tick();
    expect(screen.getByTestId('reaction-bubble').textContent!.trim()).toBe('A spectator');
    t.on().chat({ id: 10, at: 0, type: 'line', from: { role: 'spectator', tag: 'yyyyyyyyyyy', name: 'Inès' }, text: 'bravo' });
    t.on().reaction({ from: { role: 'spectator', tag: 'yyyyyyyyyyy', name: null }, reaction: 'clap' });
    await tick();
    expect(screen.getByTestId('reaction-bubble').textContent!.trim()).toBe('Inès');
    expect(screen.getByTestId('chat-live').textContent).toBe('Inès: Applause');
  });
});
