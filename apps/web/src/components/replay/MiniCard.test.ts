/** The replay's small open cards print court cards with the language's letter, as the table's cards do. */
import { render } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { prefs } from '../../lib/prefs.svelte.js';
import MiniCard from './MiniCard.svelte';

afterEach(() => prefs.setLang('en'));

describe('a replay hand’s card', () => {
  it('shows R for a king in French, K in English', () => {
    prefs.setLang('fr');
    const fr = render(MiniCard, { card: 'KH' });
    expect(fr.container.querySelector('.r')!.textContent).toBe('R');
    fr.unmount();
    prefs.setLang('en');
    const en = render(MiniCard, { card: 'KH' });
    expect(en.container.querySelector('.r')!.textContent).toBe('K');
  });
});
