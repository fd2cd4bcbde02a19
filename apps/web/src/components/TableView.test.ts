import { currentDeal, playGame, seededRng, viewFor } from '@belote/rules';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import { TABLE_ID, restrictedTurn, taken, updateFor } from '../lib/fixtures.js';
import { prefs } from '../lib/prefs.svelte.js';
import { TableStore } from '../lib/store.svelte.js';
import TableView from './TableView.svelte';

function mounted(update: Parameters<TableStore['receive']>[0]): TableStore {
  const store = new TableStore(TABLE_ID);
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
    const rematch = vi.spyOn(store, 'rematch').mockResolvedValue();
    await fireEvent.click(screen.getByTestId('rematch'));
    expect(rematch).toHaveBeenCalledOnce();
    expect(document.querySelectorAll('[data-deal-row]').length).toBe(state.deals.length);
  });

  it('counts down the turn timer on the seat to play, to zero and no further', async () => {
    prefs.setLang('en');
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      const state = taken(3);
      const turn = currentDeal(state)!.turn!;
      const update = updateFor(state, ((turn + 1) % 4) as 0 | 1 | 2 | 3, 1);
      mounted({ ...update, table: { ...update.table, turnDeadline: Date.now() + 6_500 } });
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

  it('switches language', async () => {
    prefs.setLang('de');
    mounted(updateFor(taken(3), 0, 1));
    expect(screen.getByTestId('your-turn').textContent).toBe('Du bist dran');
    prefs.setLang('en');
  });
});
