/**
 * Contrast that axe-core leaves undecided, measured as drawn (drawn.ts: two screenshots, with the
 * text and without it). Axe does not check a field's placeholder, and the browser's own grey
 * (#757575) was 3.6:1 on the app's dark fields: each placeholder against its field (removed, the
 * attribute). Axe cannot judge text over a gradient: the replay's move list, deal list, players'
 * table, deal title and the hands' played cards were 2.4 to 4.4:1 where the page's gradient is
 * brightest (the middle of a desktop's screen; anywhere on a phone, as the gradient stays put when
 * the page scrolls): every text of them at a deal's end against its plate (made transparent, all
 * of it). WCAG AA: 4.5:1, 3:1 for large text (24 px, bold 18.66 px).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { playGame, recordOf, seededRng } from '@belote/rules';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, seatedWithBots, useBrowser } from './browser.js';
import { strongest, textsDrawn, type Drawn } from './drawn.js';

const chrome = useBrowser();
const base = (): string => inject('baseUrl');
const SHOTS = path.join(ARTIFACTS, 'contrast');

/** Twice the pixels (a text's core reaches its full colour), the decoding done in the page (bypassCSP: a data URL). */
const newPage = (): Promise<Page> => chrome.page({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, locale: 'en-US', reducedMotion: 'reduce', bypassCSP: true }, 15_000);

/** The contrast of the empty field `selector`'s placeholder, as drawn. */
async function placeholderContrast(page: Page, selector: string): Promise<Drawn> {
  const field = page.locator(selector);
  await field.scrollIntoViewIfNeeded();
  expect(await field.inputValue(), `${selector} is empty`).toBe('');
  const shot = (): Promise<Buffer> => field.screenshot({ animations: 'disabled', caret: 'hide' });
  const shown = await shot();
  const text = await field.getAttribute('placeholder');
  await field.evaluate((e) => e.removeAttribute('placeholder'));
  const bare = await shot();
  await field.evaluate((e, t) => e.setAttribute('placeholder', t ?? ''), text);
  const box = await field.boundingBox();
  const [best] = await strongest(page, shown, bare, [[{ x: 0, y: 0, width: box!.width, height: box!.height }]], 2);
  return best ?? { ratio: 0, ink: 'none', behind: 'none' };
}

async function readable(page: Page, selector: string, label: string): Promise<void> {
  const d = await placeholderContrast(page, selector);
  expect(d.ratio, `${label}: placeholder ${d.ink} on ${d.behind}`).toBeGreaterThanOrEqual(4.5);
}

describe('placeholders readable on the dark fields (4.5:1)', () => {
  it('the home page\'s table link, the chat\'s message and a spectator\'s name', async () => {
    const home = await newPage();
    await home.goto(`${base()}/`);
    await home.waitForSelector('[data-testid=create-form]');
    await readable(home, 'form.join input', 'home: the link to join');

    const player = await newPage();
    await seatedWithBots(player, base());
    await player.click('[data-testid=chat-toggle]');
    await readable(player, '[data-testid=chat-input]', 'chat: the message');

    const spectator = await newPage();
    await spectator.goto(player.url());
    await spectator.click('[data-testid=chat-toggle]');
    await readable(spectator, '[data-testid=chat-name]', 'a spectator\'s chat: the name');
  });
});

/** Every text of `selector` at its contrast (at least `least` of them measured). */
async function allReadable(page: Page, selector: string, label: string, least: number): Promise<void> {
  const all = await textsDrawn(page, selector);
  const measured = all.filter((t) => t.drawn);
  expect(measured.length, `${label}: texts measured (of ${all.length})`).toBeGreaterThanOrEqual(least);
  if (!measured.length) return;
  const weakest = measured.reduce((w, t) => (t.drawn!.ratio / t.piece.need < w.drawn!.ratio / w.piece.need ? t : w), measured[0]!);
  console.info(`${label}: ${measured.length} texts, the weakest "${weakest.piece.text}" ${weakest.drawn!.ink} on ${weakest.drawn!.behind} ${weakest.drawn!.ratio.toFixed(2)}:1`);
  const faint = measured.filter((t) => t.drawn!.ratio < t.piece.need).map((t) => `"${t.piece.text}" ${t.drawn!.ink} on ${t.drawn!.behind} ${t.drawn!.ratio.toFixed(2)}:1 (needs ${t.piece.need})`);
  expect.soft(faint, `${label}: texts under their contrast`).toEqual([]);
}

/** On a phone the page's gradient stays put as it scrolls: `selector`'s top brought to its brightest part (30 % down). */
async function atBrightest(page: Page, selector: string): Promise<void> {
  await page.evaluate((selector) => {
    const top = document.querySelector(selector)!.getBoundingClientRect().top;
    window.scrollBy(0, top - innerHeight * 0.3 + 40);
  }, selector);
}

describe('the replay\'s move list, deal list, players\' table and hands readable where the page is brightest', () => {
  it('at 1280×800 at a deal\'s end, and on a phone with each part in the middle of the screen', async () => {
    const record = recordOf(playGame({ target: 301, announcements: true }, seededRng('e2e-replay-marks')).state);
    mkdirSync(SHOTS, { recursive: true });
    const file = path.join(SHOTS, 'record.json');
    writeFileSync(file, JSON.stringify({ ...record, table: 'c'.repeat(22), game: 0, players: ['Maximilian', 'Bernadette', 'Bot 3', 'Bot 4'] }));
    const page = await chrome.page({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2, locale: 'en-US', reducedMotion: 'reduce', bypassCSP: true }, 20_000);
    await page.goto(`${base()}/`);
    await page.setInputFiles('[data-testid=open-record]', file);
    await page.waitForURL(/\/replay/);
    await page.waitForSelector('[data-testid=analysis-status][data-status=done]', { timeout: 180_000 });
    // The second deal played to its end: every card of it in the list and played in the hands, the
    // deal list's current row not the first; the players' table over the game (its counts).
    const deal = record.deals.findIndex((d, i) => i > 0 && d.actions.some((a) => a.type === 'play'));
    await page.click(`[data-testid=deal-list] [data-deal="${deal}"]`);
    await page.click('[data-testid=move-list] .list');
    await page.keyboard.press('End');
    await page.click('[data-testid=player-summary] [data-scope=game]');
    await page.waitForSelector('[data-testid=player-summary] .count');
    expect(await page.$$eval('[data-mini-card][data-played=true]', (els) => els.length)).toBe(32);
    await page.screenshot({ path: path.join(SHOTS, 'replay-desktop.png') });
    const parts = [
      ['[data-testid=move-list]', 'the move list', 40],
      ['[data-testid=deal-list]', 'the deal list', 8],
      ['[data-testid=player-summary]', 'the players\' table', 20],
      ['.deal-head', 'the deal\'s title', 2],
    ] as const;
    for (const [selector, label, least] of parts) await allReadable(page, selector, `1280×800: ${label}`, least);
    for (const seat of [0, 1, 2, 3]) await allReadable(page, `[data-replay-seat="${seat}"]`, `1280×800: seat ${seat}'s played cards`, 8);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => innerWidth === 390);
    for (const [selector, label, least] of parts) {
      await atBrightest(page, selector);
      await allReadable(page, selector, `390×844: ${label}`, Math.min(least, 8));
    }
    await atBrightest(page, '[data-replay-seat="0"]');
    await allReadable(page, '[data-replay-seat="0"]', '390×844: the hand\'s played cards', 8);
    await page.screenshot({ path: path.join(SHOTS, 'replay-phone.png') });
  }, 240_000);
});
