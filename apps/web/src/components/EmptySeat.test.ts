import { cleanup, fireEvent, render } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGS, SECTIONS, loadTexts } from '../lib/i18n.js';
import { prefs } from '../lib/prefs.svelte.js';
import EmptySeat from './EmptySeat.svelte';

beforeAll(async () => {
  for (const lang of LANGS) for (const section of SECTIONS) await loadTexts(lang, section);
});
afterEach(() => {
  cleanup();
  prefs.setLang('en');
});

/** The words of a text, as axe's label-content-name-mismatch compares them (letters and digits, any case). */
const words = (s: string): string[] => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const contains = (name: string, visible: string): boolean => {
  const [n, v] = [words(name), words(visible)];
  return n.some((_, i) => v.every((w, j) => n[i + j] === w));
};

describe('EmptySeat: the host’s bot buttons', () => {
  it.each(LANGS)('%s: each button’s name holds its visible words (WCAG 2.5.3: the speech user says what they see)', async (lang) => {
    prefs.setLang(lang);
    const { container } = render(EmptySeat, { seat: 2, onsit: () => {}, onaddbot: () => {} });
    const toggle = container.querySelector<HTMLButtonElement>('[data-addbot]')!;
    await fireEvent.click(toggle);
    const buttons = [toggle, ...container.querySelectorAll<HTMLButtonElement>('[data-addbot-level]')];
    expect(buttons).toHaveLength(4);
    for (const b of buttons) {
      const name = b.getAttribute('aria-label')!;
      expect(name, `${lang}: ${b.textContent}`).toContain('3');
      expect(contains(name, b.textContent!), `${lang}: "${b.textContent}" in "${name}"`).toBe(true);
    }
  });
});
