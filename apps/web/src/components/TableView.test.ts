import { currentDeal, playGame, seededRng, viewFor } from '@belote/rules';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { TABLE_ID, restrictedTurn, step, taken, updateFor } from '../../test/fixtures.js';
import { prefs } from '../lib/prefs.svelte.js';
import { TableClient } from '../lib/store.svelte.js';
import TableView from './TableView.svelte';

function mounted(update: Parameters<TableClient['receive']>[0]): TableClient {
  const store = new TableClient(TABLE_ID);
  store.receive(update);
  render(TableView, { id: TABLE_ID, storeFactory: () => store });
  return store;
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

  it('marks the turn: your-turn cue and tab title', async () => {
    prefs.setLang('en');
    mounted(updateFor(taken(3), 0, 1));
    expect(screen.getByTestId('your-turn').textContent).toBe('Your turn');
    await Promise.resolve();
    expect(document.title).toBe('● Your turn — Belote');
  });

  it('shows spectators the table without a hand', () => {
    mounted(updateFor(taken(3), 'spectator', 1));
    expect(document.querySelectorAll('[data-card]').length).toBe(0);
    expect(document.querySelectorAll('[data-seat]').length).toBe(4);
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
    await fireEvent.click(screen.getAllByTestId('open-deal')[0]!);
    const past = screen.getByTestId('deal-summary');
    expect(past.textContent).toContain('Card points');
    expect(past.textContent).toContain(String(result.written[1]));
    expect(screen.queryByTestId('continue')).toBeNull();
    await fireEvent.click(screen.getByTestId('close-summary'));
    expect(screen.queryByTestId('deal-summary')).toBeNull();
  });

  it('shows the card points and tricks each team has taken in the running deal', () => {
    prefs.setLang('en');
    let s = taken(3);
    for (let i = 0; i < 4; i++) {
      const d = currentDeal(s)!;
      s = step(s, { type: 'play', seat: d.turn!, card: viewFor(s, d.turn!).deal!.legal[0]! }).state;
    }
    const d = viewFor(s, 0).deal!;
    expect(d.tricksWon[0] + d.tricksWon[1]).toBe(1);
    mounted(updateFor(s, 0, 1));
    const score = screen.getByTestId('deal-score');
    for (const team of [0, 1] as const) {
      expect(score.querySelector(`[data-team-points="${team}"]`)!.textContent).toBe(String(d.points[team]));
      expect(score.textContent).toContain(`${d.points[team]} points, ${d.tricksWon[team]} trick${d.tricksWon[team] === 1 ? '' : 's'}`);
    }
  });

  it('switches language', async () => {
    prefs.setLang('de');
    mounted(updateFor(taken(3), 0, 1));
    expect(screen.getByTestId('your-turn').textContent).toBe('Du bist dran');
    prefs.setLang('en');
  });
});
