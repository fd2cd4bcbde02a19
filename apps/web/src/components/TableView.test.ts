import { currentDeal, playGame, seededRng, viewFor, type GameEvent, type GameState, type GameView, type SeatCombination } from '@belote/rules';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { TABLE_ID, dealt, restrictedTurn, step, taken, updateFor } from '../../test/fixtures.js';
import { connected, fakeTransport } from '../../test/transport.js';
import { cardLabel } from '../lib/i18n.js';
import { prefs } from '../lib/prefs.svelte.js';
import { pwa } from '../lib/pwa.svelte.js';
import { LAST_TRICK_MS, TableClient } from '../lib/store.svelte.js';
import TableView from './TableView.svelte';
import { laterParts } from './parts.js';
import { mySeatIn } from '../lib/replay/my-seats.js';
import { spoken } from '../../test/spoken.js';
import type { TableExtras } from './table-extras.js';

function mounted(update: Parameters<TableClient['receive']>[0], extras?: TableExtras): TableClient {
  const store = new TableClient(TABLE_ID);
  store.receive(update);
  render(TableView, { id: TABLE_ID, storeFactory: () => store, ...(extras ? { extras } : {}) });
  return store;
}

/** A player's table in English with its menu open from the top bar: the menu's button, the menu and its first field. */
async function menuOpen(): Promise<{ toggle: HTMLElement; menu: HTMLElement; lang: HTMLElement }> {
  prefs.setLang('en');
  mounted(updateFor(taken(3), 0, 1));
  const toggle = screen.getByRole('button', { name: 'Settings' });
  await fireEvent.click(toggle);
  return { toggle, menu: screen.getByTestId('menu'), lang: screen.getByTestId('lang') };
}

describe('TableView', () => {
  it('shows why a dimmed card cannot be played, in the chosen language', async () => {
    prefs.setLang('en');
    const { state } = restrictedTurn(taken(3))!;
    const seat = currentDeal(state)!.turn!;
    mounted(updateFor(state, seat, 1));
    const deal = viewFor(state, seat).deal!;
    const illegal = deal.hand!.find((c) => !deal.legal.includes(c))!;
    const button = document.querySelector<HTMLElement>(`[data-card="${illegal}"]`)!;
    expect(button.dataset.playable).toBe('false');
    await fireEvent.click(button);
    expect((await screen.findByTestId('refusal')).textContent).toMatch(/^You must (follow|trump|overtrump)/);
    prefs.setLang('fr');
    expect((await screen.findByTestId('refusal')).textContent).toMatch(/^Vous devez/);
    prefs.setLang('en');
  });

  it('marks the turn: the your-turn cue; in the background a title and favicon badge, cleared on return', async () => {
    prefs.setLang('en');
    const icon = Object.assign(document.createElement('link'), { rel: 'icon', href: '/favicon.svg' });
    document.head.append(icon);
    let state: DocumentVisibilityState = 'visible';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      mounted(updateFor(taken(3), 0, 1));
      expect(screen.getByTestId('your-turn').textContent).toBe('Your turn');
      await tick();
      // Visible: no badge, no vibration.
      expect(document.title).toBe('Belote');
      expect(icon.getAttribute('href')).toBe('/favicon.svg');
      expect(vibrate).not.toHaveBeenCalled();
      // Hidden while it is the player's turn: the badge (the turn did not just come: no vibration).
      state = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      expect(document.title).toBe('● Your turn — Belote');
      expect(icon.getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
      // Back: cleared.
      state = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      expect(document.title).toBe('Belote');
      expect(icon.getAttribute('href')).toBe('/favicon.svg');
    } finally {
      visibility.mockRestore();
      icon.remove();
    }
  });

  it('in the background, a turn that comes with a step badges the title and vibrates once', async () => {
    prefs.setLang('en');
    const s0 = dealt(1);
    const first = currentDeal(s0)!.turn!;
    const me = ((first + 1) % 4) as 0 | 1 | 2 | 3;
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      const { client, t } = connected(updateFor(s0, me, 5));
      render(TableView, { id: TABLE_ID, storeFactory: () => client });
      await tick();
      expect(document.title).toBe('Belote');
      // The seat before passes: now it is the viewer's turn to bid.
      t.on().step({ seq: 6, version: 6, events: step(s0, { type: 'pass', seat: first }).events });
      await tick();
      expect(document.title).toBe('● Your turn — Belote');
      expect(vibrate).toHaveBeenCalledOnce();
    } finally {
      visibility.mockRestore();
    }
  });

  it('while the connection is down: "Reconnecting" in place of the turn cue, the hand takes no tap, nothing is sent', async () => {
    prefs.setLang('en');
    const state = taken(3);
    const seat = currentDeal(state)!.turn!;
    const { client, t } = connected(updateFor(state, seat, 1));
    render(TableView, { id: TABLE_ID, storeFactory: () => client });
    await tick();
    expect(screen.getByTestId('your-turn')).toBeTruthy();
    t.on().status('disconnected');
    await tick();
    expect(screen.getByTestId('offline').textContent).toBe('Reconnecting…');
    expect(screen.queryByTestId('your-turn')).toBeNull();
    const legal = viewFor(state, seat).deal!.legal[0]!;
    await fireEvent.click(document.querySelector<HTMLElement>(`[data-card="${legal}"]`)!);
    expect(t.sent.filter((m) => m.event === 'action')).toEqual([]);
    // back: the same tap plays the card
    t.on().status('connected');
    await tick();
    expect(screen.queryByTestId('offline')).toBeNull();
    await fireEvent.click(document.querySelector<HTMLElement>(`[data-card="${legal}"]`)!);
    expect(t.sent.filter((m) => m.event === 'action')).toEqual([{ event: 'action', payload: { version: 1, action: { type: 'play', card: legal } } }]);
  });

  it('before the first snapshot (the server not reached) the top bar shows no made-up scores', async () => {
    prefs.setLang('en');
    const store = new TableClient(TABLE_ID);
    render(TableView, { id: TABLE_ID, storeFactory: () => store });
    await tick();
    expect(screen.getByTestId('scores').textContent!.trim()).toBe('');
    // The installed app opened offline at a table stays here: the page keeps its main landmark.
    expect(screen.getByRole('main').textContent).toBe('…');
  });

  /** A table's link opened with the network off: its connection down, the page drawn. */
  async function openedOffline(): Promise<ReturnType<typeof fakeTransport>> {
    const t = fakeTransport();
    const store = new TableClient(TABLE_ID);
    store.connect(t.factory);
    t.on().status('disconnected');
    pwa.online = false;
    render(TableView, { id: TABLE_ID, storeFactory: () => store });
    await tick();
    return t;
  }

  it('a table link opened offline says why nothing shows (not only "Reconnecting…"), and shows the table once back', async () => {
    prefs.setLang('en');
    const t = await openedOffline();
    try {
      expect(document.querySelector('main')?.textContent).toMatch(/^\s*You are offline: a table is played through the server\. This one opens when the connection is back\.\s*Home\s*$/);
      expect(screen.queryByTestId('offline')).toBeNull(); // one message, not "Reconnecting…" too
      prefs.setLang('fr');
      await tick();
      expect(document.querySelector('main p')?.textContent?.trim()).toBe('Vous êtes hors ligne\u202f: une table se joue par le serveur. Celle-ci s’ouvre dès que la connexion revient.');
      prefs.setLang('en');
      // The network back: the socket connects (socket.ts) and the table comes.
      pwa.online = true;
      t.on().status('connected');
      t.on().snapshot(updateFor(taken(3), 0, 1));
      await tick();
      expect(document.querySelector('main p')).toBeNull();
      expect(document.querySelectorAll('[data-seat]').length).toBe(4);
    } finally {
      pwa.online = true;
    }
  });

  it('with no table to show (a link opened offline, a table that does not exist) no score sheet nor game record, in the side panel or the menu', async () => {
    prefs.setLang('en');
    await laterParts(); // the side panel's and the menu's part there: only the table's absence keeps them away
    const noRecord = async (): Promise<void> => {
      expect(document.querySelector('aside')).toBeNull();
      expect(screen.queryByText('Score sheet')).toBeNull();
      expect(screen.queryByTestId('game-info')).toBeNull();
      await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
      await screen.findByTestId('menu');
      expect(screen.queryByTestId('record-link')).toBeNull();
      await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    };
    const t = await openedOffline();
    try {
      expect(document.querySelector('main p')?.textContent).toMatch(/^You are offline/);
      await noRecord();
      // Back, the table there: its score sheet and record.
      pwa.online = true;
      t.on().status('connected');
      t.on().snapshot(updateFor(taken(3), 0, 1));
      await tick();
      expect(document.querySelector('aside [data-testid=game-info]')).not.toBeNull();
      expect(screen.getByTestId('scores').textContent!.trim()).not.toBe('');
      // The table gone while shown (it expired): its message, and no scores, score sheet or last
      // trick left to open over it in the top bar either.
      t.on().refused({ code: 'NO_SUCH_TABLE', message: 'no such table' });
      await tick();
      expect(document.querySelector('main p')?.textContent).toBe('This table does not exist (or has ended).');
      expect(screen.getByTestId('scores').textContent!.trim()).toBe('');
      expect(document.querySelector('.sheet-btn')).toBeNull();
      await noRecord();
    } finally {
      pwa.online = true;
    }
    cleanup();
    const gone = fakeTransport();
    const none = new TableClient(TABLE_ID);
    none.connect(gone.factory);
    gone.on().refused({ code: 'NO_SUCH_TABLE', message: 'no such table' });
    render(TableView, { id: TABLE_ID, storeFactory: () => none });
    await tick();
    expect(document.querySelector('main p')?.textContent).toBe('This table does not exist (or has ended).');
    await noRecord();
  });

  it('says who played the last card, and names each card of the trick by its player, for screen readers', async () => {
    prefs.setLang('en');
    let s = taken(3);
    const leader = currentDeal(s)!.turn!;
    const card = viewFor(s, leader).deal!.legal[0]!;
    s = step(s, { type: 'play', seat: leader, card }).state;
    const update = updateFor(s, 'spectator', 1);
    mounted(update);
    await tick();
    const name = update.table.seats[leader].name!;
    expect(screen.getByTestId('turn-live').textContent).toMatch(new RegExp(`^${name}: ${cardLabel('en', card)}\\. .+ to play$`));
    expect(screen.getByRole('group', { name: 'Trick on the table' }).textContent).toContain(`${name}: `);
  });

  it('says who won the trick; to its winner in the second person ("Du gewinnst den Stich", not "Du gewinnt")', async () => {
    prefs.setLang('de');
    let s = taken(3);
    for (let i = 0; i < 3; i++) {
      const seat = currentDeal(s)!.turn!;
      s = step(s, { type: 'play', seat, card: viewFor(s, seat).deal!.legal[0]! }).state;
    }
    const seat = currentDeal(s)!.turn!;
    const last = step(s, { type: 'play', seat, card: viewFor(s, seat).deal!.legal[0]! });
    const won = last.events.find((e) => e.type === 'trickWon')!;
    if (won.type !== 'trickWon') throw new Error('no trick won');
    const other = ((won.winner + 1) % 4) as 0 | 1 | 2 | 3;
    for (const viewer of [won.winner, other]) {
      const { client, t } = connected(updateFor(s, viewer, 1));
      render(TableView, { id: TABLE_ID, storeFactory: () => client });
      t.on().step({ seq: 2, version: 2, events: last.events });
      await laterParts();
      await tick();
      const said = screen.getByTestId('turn-live').textContent!;
      const name = client.live.table!.seats[won.winner].name!;
      expect(said).toContain(viewer === won.winner ? '. Du gewinnst den Stich' : `. ${name} gewinnt den Stich`);
      cleanup();
    }
    prefs.setLang('en');
  });

  it('speaks the trump as taken "von dir" to its taker (not "von Du", a practice player\'s name), by name to the others', async () => {
    prefs.setLang('de');
    const s = taken(3);
    const deal = viewFor(s, 'spectator').deal!;
    const suit = { S: 'Pik', H: 'Herz', D: 'Karo', C: 'Kreuz' }[deal.trump!];
    for (const viewer of [deal.taker!, ((deal.taker! + 1) % 4) as 0 | 1 | 2 | 3]) {
      const update = updateFor(s, viewer, 1);
      mounted(update);
      const by = viewer === deal.taker ? 'dir' : update.table.seats[deal.taker!].name;
      expect(screen.getByTestId('trump-spoken').textContent).toBe(`Trumpf: ${suit}, genommen von ${by}`);
      cleanup();
    }
    prefs.setLang('en');
  });

  it('a dialog keeps the keyboard: Tab from its last control comes back to its first', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 0, 1);
    mounted({ ...update, table: { ...update.table, status: 'finished' } });
    const dialog = await screen.findByTestId('game-over');
    const back = screen.getByTestId('back-to-table');
    back.focus();
    const tab = await fireEvent.keyDown(back, { key: 'Tab' });
    expect(tab).toBe(false); // the browser's own move prevented
    expect(document.activeElement).toBe(dialog.querySelector('button'));
    await fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(back);
  });

  it('says to screen readers which seat is the partner and which are left and right; not to a spectator', async () => {
    prefs.setLang('en');
    mounted(updateFor(taken(3), 0, 1));
    await tick();
    expect(document.querySelector('[data-seat="2"] .name')!.textContent).toContain(', your partner');
    const sides = [1, 3].map((s) => document.querySelector(`[data-seat="${s}"] .name`)!.textContent!);
    expect(sides.some((x) => x.includes(', on your left')) && sides.some((x) => x.includes(', on your right'))).toBe(true);
    expect(document.querySelector('[data-seat="0"] .name')!.textContent).not.toMatch(/partner|your left|your right/);
  });

  it('shows one\'s own seat disconnected while one\'s own connection is down (the last snapshot says connected)', async () => {
    prefs.setLang('en');
    const store = mounted(updateFor(taken(3), 0, 1));
    const own = (): Element => document.querySelector('[data-seat="0"]')!;
    store.connection.status = 'connected';
    await tick();
    expect(own().querySelector('.dot.on')).not.toBeNull();
    store.connection.status = 'disconnected';
    await tick();
    expect(own().querySelector('.dot.on')).toBeNull();
    expect(own().textContent).toContain('disconnected');
    expect(document.querySelector('[data-seat="1"] .dot.on')).not.toBeNull(); // the others: as last known
    store.connection.status = 'connected';
    await tick();
    expect(own().querySelector('.dot.on')).not.toBeNull();
  });

  it('shows spectators the table without a hand', () => {
    mounted(updateFor(taken(3), 'spectator', 1));
    expect(document.querySelectorAll('[data-card]').length).toBe(0);
    expect(document.querySelectorAll('[data-seat]').length).toBe(4);
    expect(document.body.textContent).not.toMatch(/your partner|on your left|on your right/);
  });

  it('ends the game with the winner and a rematch button for the host', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    expect(state.winner).not.toBeNull();
    const update = updateFor(state, 0, 1);
    const store = mounted({ ...update, table: { ...update.table, status: 'finished' } });
    const dialog = await screen.findByTestId('game-over');
    expect(dialog.textContent).toMatch(state.winner === 0 ? /You win!/ : /You lose/);
    const rematch = vi.spyOn(store.commands, 'rematch').mockResolvedValue();
    await fireEvent.click(screen.getByTestId('rematch'));
    expect(rematch).toHaveBeenCalledOnce();
    expect(document.querySelectorAll('[data-deal-row]').length).toBe(state.deals.length);
  });

  it('ends the game once its last trick has been seen (the trick in the middle, then the game-over dialog)', async () => {
    prefs.setLang('en');
    const steps: { state: GameState; events: GameEvent[] }[] = [];
    playGame({ target: 301 }, seededRng(7), undefined, { onStep: (state, events) => steps.push({ state, events }) });
    const [before, last] = [steps.at(-2)!, steps.at(-1)!];
    expect(last.state.winner).not.toBeNull();
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    try {
      const { client, t } = connected(updateFor(before.state, 0, 1));
      render(TableView, { id: TABLE_ID, storeFactory: () => client });
      t.on().step({ seq: 2, version: 2, events: last.events });
      await tick();
      expect(client.live.view?.winner).toBe(last.state.winner);
      // the table stays on the felt (no lobby yet), the game's last trick in the middle
      expect(client.live.table?.status).toBe('finished');
      expect(client.cues.heldTrick?.cards).toHaveLength(4);
      expect(document.querySelectorAll('[data-trick-card]')).toHaveLength(4);
      expect(screen.queryByTestId('lobby')).toBeNull();
      expect(screen.queryByTestId('game-over')).toBeNull();
      await vi.advanceTimersByTimeAsync(LAST_TRICK_MS + 10);
      expect(screen.getByTestId('game-over')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('game over puts one\'s own team first, as the top bar and the score sheet do (a player of seat 1)', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 1, 1);
    mounted({ ...update, table: { ...update.table, status: 'finished' } });
    await screen.findByTestId('game-over');
    const totals = state.deals.at(-1)!.result!.totals;
    expect(screen.getByTestId('final-totals').textContent!.replace(/\s+/g, ' ').trim()).toBe(`Us ${totals[1]} Them ${totals[0]}`);
    const written = state.deals.at(-1)!.result!.written;
    expect(screen.getByTestId('last-deal').querySelector('.written')!.textContent!.replace(/\s+/g, ' ').trim()).toMatch(new RegExp(`^Us ?\\+${written[1]} Them ?\\+${written[0]}$`));
  });

  it('tells a spectator which team won the game', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 'spectator', 1);
    mounted({ ...update, table: { ...update.table, status: 'finished' } });
    const dialog = await screen.findByTestId('game-over');
    expect(dialog.textContent).toContain(`Team ${'AB'[state.winner!]} wins!`);
  });

  it('game over shows the deal that ended the game and opens its breakdown, then comes back', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 0, 1);
    mounted({ ...update, table: { ...update.table, status: 'finished' } });
    const last = state.deals.at(-1)!.result!;
    const button = await screen.findByTestId('last-deal');
    expect(button.textContent!.replace(/\s+/g, ' ')).toContain(`Deal ${state.deals.length} · `);
    expect(button.textContent).toContain(`+${last.written[0]}`);
    expect(button.textContent).toContain(`+${last.written[1]}`);
    await fireEvent.click(button);
    const summary = await screen.findByTestId('deal-summary');
    expect(summary.getAttribute('aria-label')).toBe(`Deal ${state.deals.length}`);
    expect(screen.queryByTestId('game-over')).toBeNull();
    expect(document.activeElement).toBe(summary); // the dialog takes the focus: Escape reaches it
    // The key stops at the summary: in a browser the game over, back as it closes, would take it too.
    const beyond = vi.fn();
    window.addEventListener('keydown', beyond);
    await fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    window.removeEventListener('keydown', beyond);
    expect(beyond).not.toHaveBeenCalled();
    expect(await screen.findByTestId('game-over')).toBeTruthy();
    expect(screen.queryByTestId('deal-summary')).toBeNull();
  });

  it('after the game over, the table is a lobby: a free seat to take, the host\'s settings and next game', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 0, 1);
    const seats = update.table.seats.map((x) => (x.seat === 2 ? { ...x, name: null } : x)) as typeof update.table.seats;
    const store = mounted({ ...update, table: { ...update.table, status: 'finished', seats } });
    await fireEvent.click(await screen.findByTestId('back-to-table'));
    expect(screen.queryByTestId('game-over')).toBeNull();
    expect(screen.getByTestId('between-games').textContent).toBe('Change seats or settings, then start the next game');
    // the finished game's last trump and taker are not shown as if a deal were being played
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(screen.queryByTestId('trump')).toBeNull();
    expect(screen.getByTestId('trump-spoken').textContent).toBe('');
    // the seat left empty can be taken (or given to a bot by the host); the others cannot
    expect(document.querySelectorAll('[data-seat="2"] button').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('[data-seat="1"] button').length).toBe(0);
    const start = vi.spyOn(store.commands, 'start').mockResolvedValue();
    expect(screen.getByTestId('start').textContent).toBe('Waiting for players…'); // a seat is empty, no fillWithBots
    // the host's settings: the table's values, saved as one change for the next game
    const settings = vi.spyOn(store.commands, 'settings').mockResolvedValue(true);
    await fireEvent.click(screen.getByTestId('open-settings'));
    const target = screen.getByTestId('settings-target') as HTMLSelectElement;
    expect(target.value).toBe('301');
    await fireEvent.change(target, { target: { value: '501' } });
    await fireEvent.click(screen.getByTestId('settings-bots'));
    await fireEvent.click(screen.getByTestId('settings-save'));
    expect(settings).toHaveBeenCalledWith({
      rules: { target: 501, announcements: false, tie: 'litige', direction: 'counterclockwise' },
      options: { turnTimerSeconds: null, fillWithBots: true, botLevel: 'normal' },
    });
    await Promise.resolve();
    expect(screen.queryByTestId('table-settings')).toBeNull();
    expect(start).not.toHaveBeenCalled();
  });

  it('a game started from the keyboard: the focus, gone with the lobby, goes to the hand (not left on the page while others bid)', async () => {
    prefs.setLang('en');
    const game = updateFor(step(dealt(5), { type: 'pass', seat: 0 }).state, 0, 2); // seat 1 to speak
    const store = mounted({ ...game, seq: 1, version: 1, view: null, table: { ...game.table, status: 'lobby', games: 0 } });
    const start = await screen.findByTestId('start');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' })); // a keyboard player (lib/keys.ts)
    start.focus();
    store.receive(game);
    await tick();
    await tick();
    expect(document.activeElement).toBe(document.querySelector('[data-hand] button[tabindex="0"]'));
    window.dispatchEvent(new Event('pointerdown')); // the next tests' player uses a pointer again
  });

  it('a host who has just created the table, not seated, from the keyboard: the focus on the first "Sit here", not a "+ Bot"', async () => {
    prefs.setLang('en');
    const update = updateFor(dealt(5), 'spectator', 1);
    const seats = update.table.seats.map((x) => ({ ...x, name: null, bot: null })) as typeof update.table.seats;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' })); // a keyboard player (lib/keys.ts): Create pressed with Enter
    mounted({ ...update, you: { ...update.you, isHost: true }, view: null, table: { ...update.table, status: 'lobby', games: 0, seats } });
    await screen.findByTestId('lobby');
    await tick();
    await tick();
    expect(document.activeElement).toBe(document.querySelector('[data-sit]'));
    expect(document.querySelector('[data-addbot]')).not.toBeNull(); // the host's "+ Bot" is there, after it
    window.dispatchEvent(new Event('pointerdown'));
  });

  it('the game-over dialog, closed from the keyboard, leaves the focus on the lobby\'s next thing to do, not the page; it is described by who won and the score', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 0, 1);
    const seats = update.table.seats.map((x) => (x.seat === 2 ? { ...x, name: null } : x)) as typeof update.table.seats;
    mounted({ ...update, table: { ...update.table, status: 'finished', seats } });
    const dialog = await screen.findByTestId('game-over');
    expect(document.activeElement).toBe(dialog); // it opened by itself: nothing of the page had the focus
    const said = (dialog.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent?.trim()).join(' ');
    expect(said).toBe('You win! Us 331 Them 285');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })); // a keyboard player (lib/keys.ts); Escape closes it
    await tick();
    await tick();
    expect(screen.queryByTestId('game-over')).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('[data-seat="2"] [data-addbot]'));
    window.dispatchEvent(new Event('pointerdown'));
  });

  it('after the game over, no announcement of its last deal stays on a seat', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 0, 1);
    const tierce: SeatCombination = { seat: 1, combination: { kind: 'tierce', points: 20, cards: ['QD', 'KD', 'AD'], suit: 'D', top: 'A', length: 3 } };
    const view: GameView = { ...update.view!, deal: { ...update.view!.deal!, shown: { team: 1, combinations: [tierce] } } };
    // Playing (the summary of the last deal): the chip is on its seat.
    mounted({ ...update, view });
    await tick();
    expect(document.querySelector('[data-seat="1"] .announce')?.textContent).toBe('Tierce A♦');
    cleanup();
    mounted({ ...update, view, table: { ...update.table, status: 'finished' } });
    await fireEvent.click(await screen.findByTestId('back-to-table'));
    expect(screen.getByTestId('between-games')).toBeTruthy();
    expect(document.querySelectorAll('.announce').length).toBe(0);
  });

  it('a practice table offline before its first snapshot says nothing of the server (it needs none)', async () => {
    prefs.setLang('en');
    await laterParts(); // the words of the offline message are there: only the table's kind keeps it away
    const t = fakeTransport();
    const store = new TableClient(TABLE_ID);
    store.connect(t.factory);
    pwa.online = false;
    try {
      render(TableView, { id: TABLE_ID, storeFactory: () => store, extras: { replayHref: () => '#', download: () => {} } });
      await tick();
      expect(document.body.textContent).not.toMatch(/offline/i);
      expect(document.querySelector('main.loading')).not.toBeNull();
    } finally {
      pwa.online = true;
    }
  });

  it('a practice table (extras) keeps its felt after the game over: no lobby, no seat buttons, no settings', async () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 301 }, seededRng(7));
    const update = updateFor(state, 0, 1);
    mounted({ ...update, table: { ...update.table, status: 'finished' } }, { replayHref: () => '#', download: () => {} });
    await fireEvent.click(await screen.findByTestId('back-to-table'));
    expect(screen.queryByTestId('between-games')).toBeNull();
    expect(screen.queryByTestId('start')).toBeNull();
    expect(screen.queryByTestId('open-settings')).toBeNull();
    for (const seat of [0, 1, 2, 3]) expect(document.querySelectorAll(`[data-seat="${seat}"] button`).length).toBe(0);
  });

  it("keeps the seat one plays in an online game, for that game's replay in another tab; not a spectator's, not a practice table's", async () => {
    localStorage.clear();
    const update = updateFor(taken(3), 2, 1);
    // The table's third game (index 2), played from seat 2.
    mounted({ ...update, table: { ...update.table, games: 3 } });
    await laterParts();
    // (written once its module is imported, a moment later)
    await vi.waitFor(() => expect([mySeatIn(TABLE_ID, 2), mySeatIn(TABLE_ID, 1)]).toEqual([2, null]));
    const settled = async () => {
      await laterParts();
      await tick();
      await new Promise((r) => setTimeout(r, 50));
    };
    cleanup();
    localStorage.clear();
    mounted(updateFor(taken(3), 'spectator', 1));
    await settled();
    expect(mySeatIn(TABLE_ID, 0)).toBeNull();
    cleanup();
    mounted(updateFor(taken(3), 0, 1), { replayHref: () => '#', download: () => {} });
    await settled();
    expect(mySeatIn(TABLE_ID, 0)).toBeNull();
  });

  it('counts down the turn timer on the seat to play, to zero and no further', async () => {
    prefs.setLang('en');
    vi.useFakeTimers({ toFake: ['performance', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      const state = taken(3);
      const turn = currentDeal(state)!.turn!;
      // the time left arrives with the frame and counts down on this device's clock
      mounted(updateFor(state, ((turn + 1) % 4) as 0 | 1 | 2 | 3, 1, { turnMsLeft: 6_500, nextDeal: null }));
      const timer = (): HTMLElement => document.querySelector<HTMLElement>(`[data-seat="${turn}"] [data-testid=timer]`)!;
      expect(timer().textContent).toBe('7');
      expect(document.querySelector(`[data-seat="${turn}"] [data-testid=timer-spoken]`)!.textContent).toBe('7 s left');
      expect(timer().classList.contains('urgent')).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(timer().textContent).toBe('5');
      expect(timer().classList.contains('urgent')).toBe(true);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(timer().textContent).toBe('0');
      // Only the seat to play shows a timer.
      expect(document.querySelectorAll('[data-testid=timer]').length).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers the game record and shows the deal commitment in the menu', async () => {
    prefs.setLang('en');
    const update = updateFor(taken(3), 0, 1);
    const hash = 'ab'.repeat(32);
    mounted({ ...update, table: { ...update.table, commitment: { deal: 0, hash } } });
    await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const menu = screen.getByTestId('menu');
    const link = menu.querySelector<HTMLAnchorElement>('[data-testid=record-link]')!;
    expect(link.getAttribute('href')).toBe(`/api/tables/${TABLE_ID}/record`);
    expect(link.hasAttribute('download')).toBe(true);
    // Said for players, not developers.
    expect(menu.textContent).toContain('Note the seal shown below');
    expect(menu.textContent).not.toMatch(/pnpm|verify/);
    expect(menu.querySelector('[data-testid=commitment]')!.textContent).toContain(hash);
    expect(menu.querySelector('[data-testid=commitment]')!.textContent).toContain('Deal 1');
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('menu')).toBeNull();
    // A tap outside the menu closes it too; a tap inside does not.
    await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await fireEvent.click(screen.getByTestId('menu'));
    expect(screen.queryByTestId('menu')).not.toBeNull();
    await fireEvent.click(document.body);
    expect(screen.queryByTestId('menu')).toBeNull();
  });

  it('the open menu closes when the keyboard focus leaves it and its button (Tab out), as a menu button does', async () => {
    const { toggle, menu, lang } = await menuOpen();
    // Within the menu, and back to its own button: it stays open.
    lang.focus();
    menu.querySelector<HTMLInputElement>('[data-testid=sound-toggle]')!.focus();
    toggle.focus();
    lang.focus();
    await tick();
    expect(screen.queryByTestId('menu')).not.toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // Out of it (the top bar's next button, as Shift+Tab from the menu's button): closed.
    toggle.focus();
    screen.getByRole('button', { name: /^Score sheet, game to/ }).focus();
    await tick();
    expect(screen.queryByTestId('menu')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Score sheet, game to/ }));
    // From inside the menu to the table (Tab past its last control): closed too.
    await fireEvent.click(toggle);
    screen.getByTestId('lang').focus();
    document.querySelector<HTMLElement>('[data-card]')!.focus();
    await tick();
    expect(screen.queryByTestId('menu')).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('[data-card]'));
  });

  it('Escape in the open menu closes it and gives the focus back to its button, not to the page', async () => {
    const { toggle, lang } = await menuOpen();
    lang.focus();
    await fireEvent.keyDown(lang, { key: 'Escape' });
    await tick();
    expect(screen.queryByTestId('menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('on a 320 px screen the menu holds the last trick but not the score sheet, whose button (with the target under it) stays in the bar', async () => {
    prefs.setLang('en');
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: /max-width: 339px/.test(q), media: q, addEventListener() {}, removeEventListener() {} }));
    try {
      mounted(updateFor(taken(3), 0, 1));
      await fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
      await screen.findByTestId('menu-last-trick');
      expect(screen.queryByTestId('menu-sheet')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('on a 280 px screen the menu holds the score sheet and the last trick (the bar has no room for their buttons): each opens its dialog, the focus back on the menu button after', async () => {
    prefs.setLang('en');
    const narrow = (q: string): boolean => /max-width: (339|299)px/.test(q);
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: narrow(q), media: q, addEventListener() {}, removeEventListener() {} }));
    try {
      mounted(updateFor(taken(3), 0, 1));
      const toggle = screen.getByRole('button', { name: 'Settings' });
      await fireEvent.click(toggle);
      expect((await screen.findByTestId('menu-last-trick')).hasAttribute('disabled')).toBe(true);
      await fireEvent.click(screen.getByTestId('menu-sheet'));
      await screen.findByTestId('sheet-modal');
      expect(screen.queryByTestId('menu')).toBeNull();
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      await fireEvent.click(screen.getByTestId('modal-close'));
      await tick();
      expect(screen.queryByTestId('sheet-modal')).toBeNull();
      expect(document.activeElement).toBe(toggle);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('after a deal: the summary counts down, Continue says ready, and the score sheet opens every deal', async () => {
    prefs.setLang('en');
    let s = taken(3);
    for (let d = currentDeal(s)!; d.phase !== 'over'; d = currentDeal(s)!) s = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! }).state;
    const result = viewFor(s, 0).deal!.result!;
    const store = mounted(updateFor(s, 0, 40, { turnMsLeft: null, nextDeal: { msLeft: 12_000, ready: [false, true, true, true] } }));
    const summary = await screen.findByTestId('deal-summary');
    expect(screen.getByTestId('next-deal').textContent).toMatch(/^Next deal in 1[12] s$/);
    expect(summary.textContent).toContain(String(result.points[0]));
    const ready = vi.spyOn(store.commands, 'ready').mockResolvedValue();
    await fireEvent.click(screen.getByTestId('continue'));
    expect(ready).toHaveBeenCalledOnce();
    // once continued: waiting for the others, the button spent
    store.live.presence({ seq: 41, seats: store.live.table!.seats.map(() => ({ connected: true, botPlaying: false })) as never, spectators: 0, turnMsLeft: null, nextDeal: { msLeft: 9_000, ready: [true, false, true, true] } });
    await Promise.resolve();
    expect(screen.getByTestId('next-deal').textContent).toMatch(/· Waiting for Ben$/);
    expect((screen.getByTestId('continue') as HTMLButtonElement).disabled).toBe(true);
    // the score sheet's row opens the deal's whole breakdown
    store.cues.closeSummary();
    await Promise.resolve();
    expect(screen.queryByTestId('deal-summary')).toBeNull();
    const opener = screen.getAllByTestId('open-deal')[0]!;
    opener.focus();
    await fireEvent.click(opener);
    const past = screen.getByTestId('deal-summary');
    expect(document.activeElement).toBe(past);
    expect(past.textContent).toContain('Card points');
    expect(past.textContent).toContain(String(result.written[1]));
    expect(screen.queryByTestId('continue')).toBeNull();
    await fireEvent.click(screen.getByTestId('close-summary'));
    expect(screen.queryByTestId('deal-summary')).toBeNull();
    expect(document.activeElement).toBe(opener); // the focus goes back where it was
  });

  it('the deal summary is announced with its outcome, not its title alone: who took, made or not, what each team writes', async () => {
    prefs.setLang('en');
    let s = taken(3);
    for (let d = currentDeal(s)!; d.phase !== 'over'; d = currentDeal(s)!) s = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! }).state;
    const result = viewFor(s, 0).deal!.result!;
    const update = updateFor(s, 0, 40, { turnMsLeft: null, nextDeal: { msLeft: 12_000, ready: [false, false, false, false] } });
    mounted(update);
    const summary = await screen.findByTestId('deal-summary');
    expect(screen.getByRole('dialog', { name: 'Deal 1' })).toBe(summary);
    // What a screen reader says as it opens, after the title: the dialog's description.
    const taker = update.table.seats[result.taker!].name!;
    const headline = result.capot !== null ? 'Capot' : ({ made: 'Made', dedans: 'Dedans', litige: 'Litige' } as Record<string, string>)[result.outcome];
    const [us, them] = [...summary.querySelectorAll('thead th')].map((th) => th.childNodes[0]!.textContent);
    const said = `${headline}. Trump: ${{ S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }[result.trump!]}, taken by ${taker}. Written: ${us} ${result.written[0]}, ${them} ${result.written[1]}.`;
    const described = (summary.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toBe(said);
    expect(screen.getByRole('dialog', { description: said })).toBe(summary);
    // In the viewer's language.
    prefs.setLang('fr');
    await tick();
    expect(screen.getByRole('dialog', { description: /^(Fait|Dedans|Litige|Capot)\. Atout\u202f: .+, pris par .+\. / })).toBe(summary);
    prefs.setLang('en');
  });

  it('a deal summary that opens while a chat message is being typed leaves the focus in the field', async () => {
    prefs.setLang('en');
    let s = taken(3);
    for (let d = currentDeal(s)!; d.phase !== 'over'; d = currentDeal(s)!) s = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! }).state;
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    try {
      mounted(updateFor(s, 0, 40, { turnMsLeft: null, nextDeal: { msLeft: 12_000, ready: [false, true, true, true] } }));
      await screen.findByTestId('deal-summary');
      expect(document.activeElement).toBe(field);
    } finally {
      field.remove();
    }
  });

  it('shows the card points and tricks each team has taken in the running deal, a frame after the rest of the table', async () => {
    prefs.setLang('en');
    let s = taken(3);
    for (let i = 0; i < 4; i++) {
      const d = currentDeal(s)!;
      s = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! }).state;
    }
    const d = viewFor(s, 0).deal!;
    expect(d.tricksWon[0] + d.tricksWon[1]).toBe(1);
    mounted(updateFor(s, 0, 1));
    // (lib/frame-late.svelte.ts: the frame that draws the table does not draw the score too)
    expect(screen.queryByTestId('deal-score')).toBeNull();
    const score = await screen.findByTestId('deal-score');
    for (const team of [0, 1] as const) {
      expect(score.querySelector(`[data-team-points="${team}"]`)!.textContent).toBe(String(d.points[team]));
      expect(score.textContent).toContain(`${d.points[team]} points, ${d.tricksWon[team]} trick${d.tricksWon[team] === 1 ? '' : 's'}`);
    }
    // read once each: "Team A 0 points, 0 tricks", not "Team A 0 0 points, 0 tricks"
    const names = [...score.querySelectorAll('dt')].map((dt) => dt.textContent);
    const said = (team: 0 | 1) => `${d.points[team]} points, ${d.tricksWon[team]} trick${d.tricksWon[team] === 1 ? '' : 's'}`;
    expect(spoken(score)).toBe(`This deal ${names[0]} ${said(0)} ${names[1]} ${said(1)}`);
  });

  it('switches language', async () => {
    prefs.setLang('de');
    mounted(updateFor(taken(3), 0, 1));
    expect(screen.getByTestId('your-turn').textContent).toBe('Du bist dran');
    prefs.setLang('en');
  });
});
