/** The hint's title: the strong bot's move where each language puts it in the sentence. */
import { currentDeal, viewFor, type Card } from '@belote/rules';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_ID, taken, updateFor } from '../../test/fixtures.js';
import { prefs } from '../lib/prefs.svelte.js';
import { TableClient } from '../lib/store.svelte.js';
import HintControls from './HintControls.svelte';
import type { Hint } from './hints.js';

// jsdom has no ResizeObserver (the controls place themselves with one).
beforeEach(() => vi.stubGlobal('ResizeObserver', class { observe(): void {} unobserve(): void {} disconnect(): void {} }));
afterEach(() => {
  prefs.setLang('en');
  vi.unstubAllGlobals();
});

/** A table at the viewer's turn, and a card it may play. */
function atMyTurn(): { store: TableClient; card: Card } {
  const state = taken(3);
  const seat = currentDeal(state)!.turn!;
  const store = new TableClient(TABLE_ID);
  store.receive(updateFor(state, seat, 1));
  return { store, card: viewFor(state, seat).deal!.legal[0]! };
}

describe('the hint panel', () => {
  it('names the card in the sentence: after the verb in English and French, before it in German', async () => {
    const { store, card } = atMyTurn();
    const hint: Hint = { kind: 'card', best: card, options: [{ option: card, value: 10 }], samples: 4, ms: 1 };
    render(HintControls, { store, ask: async () => ({ ok: true, hint }) });
    await fireEvent.click(screen.getByTestId('hint'));
    // (the title as shown: without the move's words for a screen reader)
    const title = async (): Promise<string> => {
      const h2 = (await screen.findByTestId('hint-panel')).querySelector('h2')!.cloneNode(true) as HTMLElement;
      h2.querySelectorAll('.sr-only').forEach((e) => e.remove());
      return h2.textContent!.replace(/\s+/g, ' ').trim();
    };
    const move = (await screen.findByTestId('hint-panel')).querySelector('h2 b [aria-hidden=true]')!.textContent!;
    expect(await title()).toBe(`The strong bot would play ${move}`);
    prefs.setLang('de');
    await Promise.resolve();
    expect(await title()).toBe(`Der starke Bot würde ${move} spielen`);
    prefs.setLang('fr');
    await Promise.resolve();
    expect(await title()).toBe(`Le robot fort jouerait ${move}`);
  });

  it('speaks each move in words as text (an aria-label on a b or span is not read by every screen reader: ARIA forbids it there)', async () => {
    const { store, card } = atMyTurn();
    render(HintControls, { store, ask: async () => ({ ok: true, hint: { kind: 'card', best: card, options: [{ option: card, value: 0 }], samples: 4, ms: 1 } satisfies Hint }) });
    await fireEvent.click(screen.getByTestId('hint'));
    const panel = await screen.findByTestId('hint-panel');
    expect([...panel.querySelectorAll('[aria-label]')].map((e) => e.tagName)).toEqual(['BUTTON']);
    for (const move of [panel.querySelector('h2 b')!, panel.querySelector('li > span')!]) {
      expect(move.querySelector('[aria-hidden=true]')!.textContent).toMatch(/[♠♥♦♣]/);
      expect(move.querySelector('.sr-only')!.textContent).toMatch(/^\w+ of (spades|hearts|diamonds|clubs)$/);
    }
  });

  it('says why there is no hint in the page’s language, never the English reason', async () => {
    const { store } = atMyTurn();
    let code = 'NOT_YOUR_TURN';
    render(HintControls, { store, ask: async () => ({ ok: false, code, message: 'a hint is for your own turn' }) });
    prefs.setLang('fr');
    await fireEvent.click(screen.getByTestId('hint'));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce n’est pas votre tour');
    prefs.setLang('de');
    await Promise.resolve();
    expect(screen.getByRole('alert').textContent).toBe('Du bist nicht dran');
    // Any other failure (no game, the worker failed): a translated "try again", not the internal message.
    code = 'INTERNAL';
    await fireEvent.click(screen.getByTestId('hint'));
    expect((await screen.findByRole('alert')).textContent).toBe('Gerade kein Tipp möglich: Versuch es noch einmal');
  });

  it('counts the sampled deals in the right number: "1 sampled deal", "4 sampled deals"', async () => {
    const { store, card } = atMyTurn();
    let samples = 1;
    render(HintControls, { store, ask: async () => ({ ok: true, hint: { kind: 'card', best: card, options: [{ option: card, value: 0 }], samples, ms: 1 } satisfies Hint }) });
    const note = async (): Promise<string> => (await screen.findByTestId('hint-panel')).querySelector('p')!.textContent!;
    await fireEvent.click(screen.getByTestId('hint'));
    expect(await note()).toMatch(/\(1 sampled deal\)\.$/);
    prefs.setLang('fr');
    await Promise.resolve();
    expect(await note()).toMatch(/\(1 donne tirée\)\.$/);
    prefs.setLang('en');
    samples = 4;
    await fireEvent.click(screen.getByTestId('hint'));
    await fireEvent.click(screen.getByTestId('hint'));
    expect(await note()).toMatch(/\(4 sampled deals\)\.$/);
  });
});
