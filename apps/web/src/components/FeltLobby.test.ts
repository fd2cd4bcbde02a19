import { UNSEAT_AFTER_MS, type Snapshot } from '@belote/protocol/client';
import { playGame, seededRng } from '@belote/rules';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_ID, dealt, updateFor } from '../../test/fixtures.js';
import { connected, fakeTransport, type Acks } from '../../test/transport.js';
import { TableClient } from '../lib/store.svelte.js';
import { SECTIONS, loadTexts } from '../lib/i18n.js';
import { prefs } from '../lib/prefs.svelte.js';
import { laterParts } from './parts.js';
import TableView from './TableView.svelte';

/**
 * A lobby (or a finished game) seen by the host on seat 0: Ben (seat 1) has left, Cleo (2) is
 * here, seat 3 is a bot.
 */
function lobby(opts: { isHost?: boolean; status?: 'lobby' | 'finished' | 'playing'; mine?: boolean } = {}): Snapshot {
  const u = updateFor(opts.status === 'finished' ? playGame({ target: 301 }, seededRng(7)).state : dealt(1), 0, 1);
  const seats = u.table.seats.map((s) =>
    s.seat === 1 ? { ...s, connected: false } : s.seat === 3 ? { ...s, name: 'Bot 4', bot: 'normal' as const } : s,
  ) as typeof u.table.seats;
  const status = opts.status ?? 'lobby';
  return {
    ...u,
    you: { role: 'player', seat: opts.mine ? 1 : 0, isHost: opts.isHost ?? true },
    view: status === 'lobby' ? null : u.view,
    table: { ...u.table, status, games: status === 'lobby' ? 0 : 1, seats },
  };
}

async function shown(first: Snapshot, acks: Acks = {}) {
  const { client, t } = connected(first, acks);
  render(TableView, { id: TABLE_ID, storeFactory: () => client });
  await laterParts(); // the button's words come with the table's later parts
  await waitFor(() => expect(document.querySelector('[data-seat="1"] .name')).not.toBeNull());
  await tick();
  return t;
}

const freeButtons = () => [...document.querySelectorAll<HTMLElement>('[data-unseat]')];

/** The page's clock moves on by `ms` (the seat's hold, UNSEAT_AFTER_MS, without waiting it). */
const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('"Free this seat": the host frees the seat of a player who has left', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`only once this page has seen the player gone for UNSEAT_AFTER_MS (${UNSEAT_AFTER_MS} ms), as the server holds the seat`, async () => {
    prefs.setLang('en');
    await shown(lobby());
    await after(UNSEAT_AFTER_MS - 1000);
    expect(freeButtons()).toEqual([]);
    await after(1000);
    await waitFor(() => expect(freeButtons()).toHaveLength(1));
  });

  it('under an absent player’s plate only, for the host; pressed, it sends unseat with that seat', async () => {
    prefs.setLang('en');
    const t = await shown(lobby());
    await after(UNSEAT_AFTER_MS);
    await waitFor(() => expect(freeButtons()).toHaveLength(1));
    const button = freeButtons()[0]!;
    expect(button.textContent).toBe('Free this seat');
    expect(button.closest('[data-seat]')!.getAttribute('data-seat')).toBe('1');
    await fireEvent.click(button);
    expect(t.sent.filter((m) => m.event === 'unseat')).toEqual([{ event: 'unseat', payload: { seat: 1 } }]);
  });

  it('named with the player for a screen reader; freed, the focus goes to what the seat offers now', async () => {
    prefs.setLang('en');
    const first = lobby();
    const acks: Acks = {};
    const t = await shown(first, acks);
    await after(UNSEAT_AFTER_MS);
    const button = await waitFor(() => freeButtons()[0]!);
    expect(button.getAttribute('aria-label')).toBe(`Free this seat (${first.table.seats[1].name})`);
    // the server's step comes before its ack (PROTOCOL.md §6)
    acks.unseat = () => {
      t.on().step({ seq: first.seq + 1, version: first.version + 1, events: [{ type: 'unseated', seat: 1 }] });
      return { ok: true };
    };
    button.focus();
    await fireEvent.click(button);
    await waitFor(() => expect(freeButtons()).toEqual([]));
    await waitFor(() => expect(document.activeElement?.closest('[data-seat]')?.getAttribute('data-seat')).toBe('1'));
    expect(document.activeElement?.tagName).toBe('BUTTON');
  });

  it('in French and German', async () => {
    prefs.setLang('fr');
    await shown(lobby());
    await after(UNSEAT_AFTER_MS);
    await waitFor(() => expect(freeButtons().map((b) => b.textContent)).toEqual(['Libérer la place']));
    prefs.setLang('de');
    await waitFor(() => expect(freeButtons().map((b) => b.textContent)).toEqual(['Platz freigeben']));
    prefs.setLang('en');
  });

  it('after a game over too', async () => {
    prefs.setLang('en');
    await shown(lobby({ status: 'finished' }));
    await after(UNSEAT_AFTER_MS);
    await waitFor(() => expect(freeButtons().map((b) => b.dataset.unseat)).toEqual(['1']));
  });

  it('not for a player who is not the host, nor on one’s own seat, nor during a game', async () => {
    prefs.setLang('en');
    await shown(lobby({ isHost: false }));
    await after(UNSEAT_AFTER_MS);
    expect(freeButtons()).toEqual([]);
    cleanup();
    await shown(lobby({ mine: true }));
    await after(UNSEAT_AFTER_MS);
    expect(freeButtons()).toEqual([]);
    cleanup();
    await shown(lobby({ status: 'playing' }));
    await after(UNSEAT_AFTER_MS);
    expect(freeButtons()).toEqual([]);
  });

  it('a refusal is shown as a notice, as any other', async () => {
    prefs.setLang('en');
    await shown(lobby(), { unseat: { ok: false, error: { code: 'BAD_REQUEST', message: "the player on seat 1 is here: only an absent player's seat can be freed" } } });
    await after(UNSEAT_AFTER_MS);
    const button = await waitFor(() => freeButtons()[0]!);
    expect(screen.queryByTestId('notice')).toBeNull();
    await fireEvent.click(button);
    expect(await screen.findByTestId('notice')).toBeTruthy();
  });
});

describe('back with the token of a seat that was freed (BAD_TOKEN at the handshake)', () => {
  const SIT_NOW = 'Your seat was given up (on another device, or by the host): sit down again to play';
  const SIT_LATER = 'Your seat was given up (on another device, or by the host): you can sit down again after this game';
  const spectating = (s: Snapshot): Snapshot => ({ ...s, you: { role: 'spectator', seat: null, isHost: false } });

  /** Back with the freed seat's token: refused, then the table as a spectator sees it. */
  async function back(table: Snapshot) {
    localStorage.setItem(`belote:table:${TABLE_ID}`, JSON.stringify({ token: 'freed-seat' }));
    const t = fakeTransport();
    const client = new TableClient(TABLE_ID);
    client.connect(t.factory);
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await laterParts();
    expect(t.creds().token).toBe('freed-seat'); // the handshake presents it…
    t.on().refused({ code: 'BAD_TOKEN', message: 'this seat token is not valid at this table' });
    expect(t.reconnect).toHaveBeenCalledOnce();
    expect(t.creds()).toEqual({ tableId: TABLE_ID }); // …and is refused: again, as a spectator
    await tick();
    // Not yet said: its words depend on the table, not known before the snapshot.
    expect(screen.queryByTestId('notice')).toBeNull();
    t.on().status('connected');
    t.on().snapshot(spectating(table));
    const text = (await screen.findByTestId('notice')).textContent;
    expect(document.querySelector('main.fatal')).toBeNull();
    localStorage.clear();
    return { text, t };
  }

  it('a spectator, told in words why the seat is no longer theirs: in the lobby, to sit down again', async () => {
    prefs.setLang('en');
    expect((await back(lobby())).text).toBe(SIT_NOW);
  });

  it('after a game over, to sit down again', async () => {
    prefs.setLang('en');
    expect((await back(lobby({ status: 'finished' }))).text).toBe(SIT_NOW);
  });

  it('the game started meanwhile: that they can sit down again after this game (only watch until then)', async () => {
    prefs.setLang('en');
    expect((await back(updateFor(dealt(1), 'spectator', 1))).text).toBe(SIT_LATER);
  });

  it('in French and German too, each state its own words', async () => {
    for (const [lang, now, later] of [
      ['fr', 'Votre place a été libérée (depuis un autre appareil, ou par l’hôte)\u202f: asseyez-vous de nouveau pour jouer', 'Votre place a été libérée (depuis un autre appareil, ou par l’hôte)\u202f: vous pourrez vous rasseoir après cette partie'],
      ['de', 'Dein Platz wurde freigegeben (auf einem anderen Gerät oder vom Gastgeber): Setz dich erneut, um zu spielen', 'Dein Platz wurde freigegeben (auf einem anderen Gerät oder vom Gastgeber): Nach diesem Spiel kannst du dich erneut setzen'],
    ] as const) {
      await Promise.all(SECTIONS.map((s) => loadTexts(lang, s)));
      prefs.setLang(lang);
      expect((await back(lobby())).text).toBe(now);
      cleanup();
      expect((await back(updateFor(dealt(1), 'spectator', 1))).text).toBe(later);
      cleanup();
    }
    prefs.setLang('en');
  });
});
