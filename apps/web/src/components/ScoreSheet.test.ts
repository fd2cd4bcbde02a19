import { playGame, seededRng, viewFor } from '@belote/rules';
import { render, screen } from '@testing-library/svelte';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';
import { prefs } from '../lib/prefs.svelte.js';
import ScoreSheet from './ScoreSheet.svelte';

/** WCAG relative luminance of an sRGB colour. */
const luminance = (rgb: readonly number[]): number => {
  const [r, g, b] = rgb.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (x: readonly number[], y: readonly number[]): number => {
  const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (a! + 0.05) / (b! + 0.05);
};
/** The lightest backgrounds the sheet is on: the dialog's top (--panel-hi) and the side panel (--night at 60 % over --page-hi). */
const BACKGROUNDS = { dialog: [0x18, 0x39, 0x2b], side: [13.4, 56, 36.4] } as const;

describe('the score sheet', () => {
  it('a deal number that opens the deal is a button whose edge reads at least 3:1 where the sheet is shown (WCAG 1.4.11)', () => {
    prefs.setLang('en');
    const { state } = playGame({ target: 501 }, seededRng('sheet'));
    const view = viewFor(state, 0);
    const { container } = render(ScoreSheet, { props: { history: view.history, totals: view.totals, pot: 0, target: 501, us: 0, teamNames: ['Us', 'Them'], onopen: () => {} } });
    // The sheet's own styles, scoped as the rendered sheet is (vitest leaves a component's CSS out).
    const scope = [...container.querySelector('.sheet')!.classList].find((c) => c.startsWith('svelte-'))!;
    const source = readFileSync(join(import.meta.dirname, 'ScoreSheet.svelte'), 'utf8');
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = compile(source, { filename: 'ScoreSheet.svelte', cssHash: () => scope }).css!.code;
    try {
      const button = screen.getAllByTestId('open-deal')[0]!;
      expect(button.tagName).toBe('BUTTON');
      const edge = getComputedStyle(button).borderTopColor.match(/^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/)!.slice(1).map(Number);
      expect(edge.slice(0, 3)).toEqual([255, 255, 255]);
      // Its alpha, and every opacity on the way up (a muted cell dims its edge too).
      let alpha = Number.isNaN(edge[3]) ? 1 : edge[3]!;
      for (let el: Element | null = button; el && el !== container; el = el.parentElement) alpha *= Number(getComputedStyle(el).opacity || 1);
      for (const [where, bg] of Object.entries(BACKGROUNDS)) {
        const drawn = bg.map((v) => v + (255 - v) * alpha);
        expect(contrast(drawn, bg), where).toBeGreaterThanOrEqual(3);
      }
    } finally {
      style.remove();
    }
  });
});
