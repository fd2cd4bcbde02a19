import { currentDeal, viewFor } from '@belote/rules';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
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
});
