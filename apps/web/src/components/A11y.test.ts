import { currentDeal, viewFor } from '@belote/rules';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { TABLE_ID, auctioned, dealt, step, taken, updateFor } from '../../test/fixtures.js';
import { spoken, timesSpoken } from '../../test/spoken.js';
import { cardLabel } from '../lib/i18n.js';
import { prefs } from '../lib/prefs.svelte.js';
import { TableClient } from '../lib/store.svelte.js';
import Callouts from './Callouts.svelte';
import Card from './Card.svelte';
import Modal from './Modal.svelte';
import SitPrompt from './SitPrompt.svelte';
import TableView from './TableView.svelte';
import TopBar from './TopBar.svelte';

describe('screen reader cues', () => {
  it('speaks whose turn it is in a region that stays in the page', async () => {
    prefs.setLang('en');
    const state = taken(3);
    const turn = currentDeal(state)!.turn!;
    const store = new TableClient(TABLE_ID);
    store.receive(updateFor(state, turn, 1));
    render(TableView, { id: TABLE_ID, storeFactory: () => store });
    const live = screen.getByTestId('turn-live');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('Your turn');
    // read once: the cue above the hand shows what the live region says
    expect(screen.getByTestId('your-turn').textContent).toBe('Your turn');
    expect(timesSpoken(document.body, 'Your turn'), spoken(document.body)).toBe(1);
    store.receive(updateFor(state, ((turn + 1) % 4) as 0 | 1 | 2 | 3, 2));
    await Promise.resolve();
    expect(screen.getByTestId('turn-live').textContent).toBe(`${['Anna', 'Ben', 'Cleo', 'Dan'][turn]} to play`);
  });

  it('says whose turn it is to bid during the auction (not "to play"), in the reader\'s language', async () => {
    prefs.setLang('en');
    const state = dealt(1);
    const turn = currentDeal(state)!.turn!;
    const store = new TableClient(TABLE_ID);
    store.receive(updateFor(state, ((turn + 1) % 4) as 0 | 1 | 2 | 3, 1));
    render(TableView, { id: TABLE_ID, storeFactory: () => store });
    const name = ['Anna', 'Ben', 'Cleo', 'Dan'][turn];
    expect((await screen.findByTestId('turn-live')).textContent).toBe(`${name} to bid`);
    prefs.setLang('fr');
    await Promise.resolve();
    expect(screen.getByTestId('turn-live').textContent).toBe(`À ${name} de parler`);
    prefs.setLang('en');
  });

  it('says who played a card with the reader\'s punctuation: French puts a narrow no-break space before the colon', async () => {
    prefs.setLang('fr');
    let state = taken(3);
    const leader = currentDeal(state)!.turn!;
    const card = viewFor(state, leader).deal!.legal[0]!;
    state = step(state, { type: 'play', seat: leader, card }).state;
    const store = new TableClient(TABLE_ID);
    store.receive(updateFor(state, 'spectator', 1));
    render(TableView, { id: TABLE_ID, storeFactory: () => store });
    const name = ['Anna', 'Ben', 'Cleo', 'Dan'][leader];
    // as the bids are read ("Bot 4\u202f: Passer"), not "Anna: as de cœur"
    expect((await screen.findByTestId('turn-live')).textContent).toMatch(new RegExp(`^${name}\u202f: ${cardLabel('fr', card)}\\. À \\S+ de jouer$`));
    prefs.setLang('en');
  });

  it('says a pass as what was done ("Bot 4: Passe"), not the button\'s verb ("Passen", "Passer"), classic and coinche', async () => {
    for (const [lang, word] of [['de', 'Passe'], ['fr', 'Passe'], ['en', 'Pass']] as const) {
      prefs.setLang(lang);
      for (const state of [auctioned(2, [{ type: 'pass' }]), (() => {
        const s = dealt(1);
        return step(s, { type: 'pass', seat: currentDeal(s)!.turn! }).state;
      })()]) {
        const store = new TableClient(TABLE_ID);
        const update = updateFor(state, 'spectator', 1);
        store.receive(update);
        render(TableView, { id: TABLE_ID, storeFactory: () => store });
        const passer = ((currentDeal(state)!.turn! + 3) % 4) as 0 | 1 | 2 | 3;
        const colon = lang === 'fr' ? '\u202f:' : ':';
        expect((await screen.findByTestId('turn-live')).textContent).toMatch(new RegExp(`^${update.table.seats[passer].name}${colon} ${word}\\. `));
        cleanup();
      }
    }
    prefs.setLang('en');
  });

  it('speaks the newest callout with the player’s name', async () => {
    prefs.setLang('en');
    const { rerender } = render(Callouts, { callouts: [], posOf: () => 'left', nameOf: () => 'Anna' });
    const live = screen.getByTestId('callout-live');
    expect(live.textContent!.trim()).toBe('');
    await rerender({ callouts: [{ id: 1, seat: 1, kind: 'belote' }], posOf: () => 'left', nameOf: () => 'Anna' });
    expect(live.textContent!.trim()).toBe('Anna: Belote\u202f!');
    expect(screen.getByTestId('callout').getAttribute('aria-hidden')).toBe('true');
  });
});

describe('Modal', () => {
  it('takes the focus, closes from its 44 px close button, and gives the focus back', async () => {
    prefs.setLang('en');
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onclose = vi.fn();
    const children = createRawSnippet(() => ({ render: () => '<p>inside</p>' }));
    const { unmount } = render(Modal, { label: 'Score sheet', onclose, children, testid: 'm' });
    expect(document.activeElement).toBe(screen.getByTestId('m'));
    await fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onclose).toHaveBeenCalledOnce();
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe('SitPrompt', () => {
  it('puts the focus in the name field as it opens, so a phone shows its keyboard at once', () => {
    prefs.setLang('en');
    render(SitPrompt, { initial: '', onsit: vi.fn(), oncancel: vi.fn() });
    expect(document.activeElement).toBe(screen.getByTestId('name-input'));
  });
});

describe('TopBar', () => {
  const props = { totals: [412, 388] as [number, number], target: 1000, us: 0 as const, teamNames: ['Us', 'Them'] as [string, string], onsheet: vi.fn(), onlast: vi.fn(), onhome: vi.fn() };

  it('reads the scores against the target, and announces the trump and its taker', async () => {
    prefs.setLang('en');
    const { rerender } = render(TopBar, { props });
    const scores = screen.getByTestId('scores');
    expect(scores.querySelector('.sr-only')!.textContent).toBe('game to 1000');
    expect(scores.querySelector('[aria-hidden=true]')!.textContent).toBe('/1000');
    // The live region is there before the trump is chosen, so the choice is spoken.
    const spoken = screen.getByTestId('trump-spoken');
    expect(spoken.getAttribute('aria-live')).toBe('polite');
    expect(spoken.textContent).toBe('');
    await rerender({ ...props, trump: 'H', takerName: 'Anna' });
    expect(screen.getByTestId('trump-spoken').textContent).toBe('Trump: hearts, taken by Anna');
    // the badge is drawn a frame after the taking's (lib/frame-late.svelte.ts), the words at once
    expect(screen.queryByTestId('trump')).toBeNull();
    expect((await screen.findByTestId('trump')).getAttribute('aria-hidden')).toBe('true');
    prefs.setLang('fr');
    await Promise.resolve();
    expect(screen.getByTestId('trump-spoken').textContent).toBe('Atout\u202f: cœur, pris par Anna');
    prefs.setLang('en');
  });
});

describe('Card', () => {
  it('prints the court letters of the language and is named in full for screen readers', () => {
    prefs.setLang('fr');
    const { container } = render(Card, { card: 'KH' });
    expect(container.querySelector('.corner')!.textContent).toBe('R');
    expect(container.querySelector('.sr-only')!.textContent).toBe('roi de cœur');
    prefs.setLang('de');
    render(Card, { card: 'JS' });
    expect([...document.querySelectorAll('[data-face=JS] .corner')].map((e) => e.textContent)).toEqual(['B', 'B']);
    prefs.setLang('en');
  });
});
