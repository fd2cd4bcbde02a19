/**
 * A coinche deal in four phone browsers against the real server: the host picks Coinche on the
 * home page (its targets, 2000 by default), three friends join through the invite link, and
 * they play one deal by tapping — a bid of 90♥, a coinche, passes (the bidder is offered the
 * surcoinche and passes), then all 32 cards — to the coinche deal summary and the score sheet.
 * The header keeps the contract clear of the scores and the menu. Each screen (home, lobby, the bid picker, the coinche offered, the board after it, the
 * surcoinche offered, play, the summary, the score sheet) gets axe-core (no serious or
 * critical violation) and a screenshot at 390×844 and 1280×800 in test-artifacts/coinche/;
 * with the coinche offered and after it, on landscape phones and a small one, the board clear of
 * the seats' plates and bid bubbles, the bubbles of the corner buttons, the picker under the top bar.
 * Last, the deal's replay opened from the score sheet (a new tab, while the next deal runs):
 * only that deal, the calls in the auction grid, the coinche judged by the analysis, and the
 * same coinche score explanation as the live summary (also audited and shot at both sizes), and
 * in English, French and German every call of its move list whole at both sizes (a coinche call
 * as ×2 in a desktop's narrow column, its word on a phone).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SIZES, auditScreen, describeScreen, type ScreenFindings, type Size } from './axe.js';
import { ARTIFACTS, resize, skipAfterFailure, sleep, useBrowser, watch } from './browser.js';
import { bidsWhole } from './move-list.js';

const base = inject('baseUrl');
const SHOTS = path.join(ARTIFACTS, 'coinche');
const chrome = useBrowser();
const found: ScreenFindings[] = [];
const NAMES = ['Anna', 'Ben', 'Cleo', 'Dan'];
/** The four phones, by seat. */
const phones: Page[] = [];
/** The live deal summary's reason, which the replay must give too. */
let liveWhy = '';
/** Who bid 90♥ and who coinched (the eldest and the next seat: the dealer is drawn by the server). */
let bidder = '';
let coincher = '';

beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));

// The steps build on each other: after a failure, skip the rest instead of timing out.
skipAfterFailure();

afterAll(async () => {
  console.info(`axe-core results (coinche)\n${found.map(describeScreen).join('\n')}`);
});

async function phone(url: string): Promise<Page> {
  const page = await chrome.page({ viewport: SIZES.phone, hasTouch: true, locale: 'en-US', reducedMotion: 'reduce', bypassCSP: true }, 15_000);
  await page.goto(url);
  return page;
}

const check = (page: Page, screen: string, extra?: (size: Size) => Promise<void>): Promise<void> => auditScreen(page, SHOTS, screen, 'phone', found, extra);
const count = (page: Page, selector: string): Promise<number> => page.$$eval(selector, (els) => els.length);
const text = async (page: Page, selector: string): Promise<string> => ((await page.textContent(selector)) ?? '').replace(/\s+/g, ' ').trim();

/**
 * The header's trump, contract and multiplier stay clear of the scores and the menu, also at
 * the widest they get (four-digit scores, a capot contract): the texts are widened in place to
 * measure, then put back.
 */
async function headerClear(page: Page, label: string): Promise<void> {
  const gaps = await page.evaluate(() => {
    const measure = () => {
      const trump = document.querySelector('[data-testid=trump]')!.getBoundingClientRect();
      const scores = document.querySelector('[data-testid=scores]')!.getBoundingClientRect();
      const next = [...document.querySelectorAll('header nav button')].find((b) => b.getClientRects().length > 0)!.getBoundingClientRect();
      return { before: trump.left - scores.right, after: next.left - trump.right };
    };
    const now = measure();
    // The text nodes themselves (the page keeps updating them afterwards).
    const contract = document.querySelector<HTMLElement>('[data-testid=contract]')!;
    const nodes = [...[...document.querySelectorAll('[data-testid=scores] b')].map((b) => b.firstChild!), contract.firstChild!];
    const saved = nodes.map((n) => n.nodeValue);
    nodes.forEach((n, i) => (n.nodeValue = i < nodes.length - 1 ? '1840' : 'Capot'));
    contract.classList.add('capot');
    const widest = measure();
    nodes.forEach((n, i) => (n.nodeValue = saved[i]!));
    contract.classList.remove('capot');
    return { now, widest };
  });
  for (const [k, g] of Object.entries(gaps)) {
    expect(g.before, `${label} (${k}): space between scores and trump`).toBeGreaterThanOrEqual(4);
    expect(g.after, `${label} (${k}): space between trump and menu`).toBeGreaterThanOrEqual(4);
  }
}

type Box = { left: number; top: number; right: number; bottom: number };
const meet = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * On landscape phones and a small one, with the calls so far in the seats' bubbles: the
 * auction's board clear of every seat's plate and bubble, the bubbles clear of the chat's and
 * reactions' corner buttons, the bid picker and its title under the top bar. Back to the phone after.
 */
async function auctionClear(page: Page, label: string): Promise<void> {
  for (const size of [
    { width: 667, height: 375 },
    { width: 740, height: 360 },
    { width: 844, height: 390 },
    { width: 360, height: 740 },
  ]) {
    await resize(page, size);
    await page.screenshot({ path: path.join(SHOTS, `${label}-${size.width}x${size.height}.png`) });
    const found = await page.evaluate(() => {
      const box = (e: Element) => e.getBoundingClientRect().toJSON() as Box;
      const all = (selector: string) => [...document.querySelectorAll(selector)].map((e) => ({ what: `${e.closest('[data-pos]')?.getAttribute('data-pos') ?? e.getAttribute('data-testid')} ${e.classList[0]}`, ...box(e) }));
      const one = (selector: string) => box(document.querySelector(selector)!);
      return {
        board: one('[data-testid=auction-board]'),
        plates: all('[data-seat] .plate'),
        bubbles: all('[data-seat] .bubble'),
        corners: all('[data-testid=chat-toggle], [data-testid=reactions-toggle]'),
        header: one('header'),
        picker: one('[data-testid=bid-picker]'),
        title: one('[data-testid=bid-picker] .bid-title'),
      };
    });
    const at = `${label} at ${size.width}×${size.height}`;
    expect(found.bubbles.length, `${at}: bubbles`).toBeGreaterThan(0);
    for (const p of [...found.plates, ...found.bubbles]) expect(meet(p, found.board), `${at}: the ${p.what} over the board`).toBe(false);
    for (const b of found.bubbles) for (const c of found.corners) expect(meet(b, c), `${at}: the ${b.what} over the ${c.what}`).toBe(false);
    expect(found.picker.top, `${at}: the bid picker under the top bar`).toBeGreaterThanOrEqual(found.header.bottom);
    expect(found.title.top, `${at}: "Your turn" under the top bar`).toBeGreaterThanOrEqual(found.header.bottom);
  }
  await resize(page, SIZES.phone);
}

/** The phone whose turn it is to call (its bid picker is showing). */
async function caller(): Promise<Page> {
  for (let i = 0; i < 300; i++) {
    for (const p of phones) if ((await count(p, '[data-testid=bid-picker]')) > 0) return p;
    await sleep(30);
  }
  throw new Error('no bid picker showed up');
}

/** Tap a call and wait until that phone's picker is gone (the call was taken). */
async function tap(page: Page, selector: string): Promise<void> {
  await page.click(selector);
  await page.waitForSelector('[data-testid=bid-picker]', { state: 'detached' });
}

describe('a coinche deal on four phones', () => {
  it('creates a coinche table from the home page and seats four players through the invite link', async () => {
    const anna = await phone(`${base}/`);
    await anna.click('[data-variant=coinche]');
    expect(await anna.$$eval('[data-testid=targets] input', (els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['501', '1000', '1001', '2000', '3000']);
    expect(await anna.$eval('[data-testid=targets] input:checked', (e) => (e as HTMLInputElement).value)).toBe('2000');
    await check(anna, 'home');
    await anna.click('[data-testid=create]');
    await anna.waitForURL(/\/t\/[A-Za-z0-9_-]{22}$/);
    const invite = anna.url();
    phones.push(anna);
    for (let seat = 1; seat < 4; seat++) phones.push(await phone(invite));
    for (const [seat, p] of phones.entries()) {
      await p.click(`[data-sit="${seat}"]`);
      await p.fill('[data-testid=name-input]', NAMES[seat]!);
      await p.click('[data-testid=sit-confirm]');
      await p.waitForSelector(`[data-seat="${seat}"] >> text=${NAMES[seat]}`);
    }
    for (const p of phones) expect(await text(p, '[data-testid=lobby-rules]')).toBe('Coinche · game to 2000');
    await anna.waitForSelector('[data-testid=start]:not([disabled])');
    await check(anna, 'lobby');
  });

  it('bids 90♥, coinches, offers the surcoinche, and plays the coinched contract', async () => {
    await phones[0]!.click('[data-testid=start]');
    // Eight cards each, no retourne; everyone sees the board.
    for (const p of phones) {
      await p.waitForSelector('[data-testid=auction-board] >> text=No bid yet');
      await p.waitForFunction(() => document.querySelectorAll('[data-card]').length === 8);
      expect(await count(p, '[data-testid=retourne]')).toBe(0);
    }
    // The eldest: every value from 80, no coinche yet.
    const eldest = await caller();
    bidder = NAMES[phones.indexOf(eldest)]!;
    expect(await eldest.$$eval('[data-bid-value]', (els) => els.map((e) => e.getAttribute('data-bid-value')))).toEqual(['80', '90', '100', '110', '120', '130', '140', '150', '160', 'capot']);
    expect(await eldest.$$eval('[data-bid]', (els) => els.map((e) => e.getAttribute('data-bid')))).toEqual(['pass']);
    await eldest.click('[data-bid-value="90"]');
    expect(await eldest.getAttribute('[data-bid-suit=H]', 'aria-label')).toBe('Bid 90 hearts');
    await check(eldest, 'bid-picker');
    await tap(eldest, '[data-bid-suit=H]');

    // The next seat (the other team) may coinche; only higher values are offered.
    const next = await caller();
    expect(phones.indexOf(next)).toBe((phones.indexOf(eldest) + 1) % 4);
    expect(await text(next, '[data-testid=auction-contract]')).toBe('90');
    expect((await next.$$eval('[data-bid-value]', (els) => els.map((e) => e.getAttribute('data-bid-value'))))[0]).toBe('100');
    expect(await next.$$eval('[data-bid]', (els) => els.map((e) => e.getAttribute('data-bid')))).toEqual(['pass', 'coinche']);
    await check(next, 'coinche-offered');
    await auctionClear(next, 'coinche-offered');
    await tap(next, '[data-bid=coinche]');
    coincher = NAMES[phones.indexOf(next)]!;

    // After the coinche: no more bids; the bidder's partner may surcoinche, passes.
    const partner = await caller();
    expect(await text(partner, '[data-testid=auction-multiplier]')).toBe(`Coinché ×2 by ${coincher}`);
    expect(await count(partner, '[data-bid-value]')).toBe(0);
    expect(await partner.$$eval('[data-bid]', (els) => els.map((e) => e.getAttribute('data-bid')))).toEqual(['pass', 'surcoinche']);
    await check(partner, 'after-coinche');
    await auctionClear(partner, 'after-coinche');
    await tap(partner, '[data-bid=pass]');
    const fourth = await caller();
    expect(await fourth.$$eval('[data-bid]', (els) => els.map((e) => e.getAttribute('data-bid')))).toEqual(['pass']);
    await tap(fourth, '[data-bid=pass]');
    // Back to the bidder: Surcoinche offered; it passes, and the contract is 90♥ coinché.
    const again = await caller();
    expect(again).toBe(eldest);
    expect(await again.$$eval('[data-bid]', (els) => els.map((e) => e.getAttribute('data-bid')))).toEqual(['pass', 'surcoinche']);
    await check(again, 'surcoinche-offered');
    await again.click('[data-bid=pass]');

    // Play: the contract and its multiplier in every header; the eldest leads.
    for (const p of phones) {
      await p.waitForSelector('[data-testid=contract]');
      expect(await text(p, '[data-testid=contract]')).toBe('90×2');
      // the bidder's own phone says it to them: "taken by you"
      expect(await p.textContent('[data-testid=trump-spoken]')).toBe(`Contract 90 hearts, taken by ${p === again ? 'you' : bidder}, Coinché ×2`);
    }
    for (const size of ['phone', 'desktop'] as const) {
      await resize(phones[0]!, SIZES[size]);
      await headerClear(phones[0]!, size);
    }
    await phones[0]!.setViewportSize(SIZES.phone);
    let plays = 0;
    let shot = false;
    const deadline = Date.now() + 120_000;
    while (plays < 32) {
      expect(Date.now()).toBeLessThan(deadline);
      let current: Page | null = null;
      for (const p of phones) if ((await count(p, '[data-testid=your-turn]')) > 0) current = p;
      if (!current) {
        await sleep(30);
        continue;
      }
      if (!shot && (await count(current, '[data-trick-card]')) >= 2) {
        await check(current, 'play');
        shot = true;
      }
      const card = (await current.getAttribute('[data-playable=true]', 'data-card'))!;
      await current.click(`[data-card="${card}"]`, { position: { x: 8, y: 14 } });
      await current.waitForSelector(`[data-card="${card}"]`, { state: 'detached' });
      plays++;
    }
    expect(shot).toBe(true);
  });

  it('ends with the coinche summary: why, each total and what each team writes', async () => {
    const anna = phones[0]!;
    for (const p of phones) await p.waitForSelector('[data-testid=deal-summary]');
    const summary = await text(anna, '[data-testid=deal-summary]');
    expect(summary).toMatch(/Made|Dedans|Capot/);
    expect(await text(anna, '[data-testid=summary-contract]')).toMatch(/· 90 hearts Coinché ×2$/);
    liveWhy = await text(anna, '[data-testid=summary-why]');
    expect(liveWhy).toMatch(/^(Made|Dedans|Capot): /);
    // The winners of a coinched contract write (… ) × 2; the other side only its belote, if any.
    const formulas = await anna.$$eval('[data-team-formula]', (els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(formulas).toHaveLength(2);
    expect(formulas.some((f) => /\(1?[0-9]{2,3} [a-z ]+.*\) × 2 = \d+$/.test(f))).toBe(true);
    expect(await anna.$$eval('[data-testid=scores] b', (els) => els.map((e) => Number(e.textContent)).reduce((a, b) => a + b, 0))).toBeGreaterThan(0);
    await check(anna, 'summary');
    // Everyone continues; the score sheet keeps the contract with its multiplier.
    for (const p of phones) await p.click('[data-testid=continue]');
    for (const p of phones) await p.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
    await anna.click('button[aria-label^="Score sheet,"]');
    await anna.waitForSelector('[data-testid=sheet-modal] [data-contract-cell="0"]');
    expect(await text(anna, '[data-testid=sheet-modal] [data-contract-cell="0"]')).toBe('90 hearts×2 Coinché');
    await check(anna, 'score-sheet');
    await anna.click('[data-testid=sheet-modal] [data-testid=open-deal]');
    await anna.waitForSelector('[data-testid=summary-how]');
    await check(anna, 'summary-from-sheet');
  });

  it('replays the coinche deal from the score sheet: the calls in the grid, the coinche score, each call analysed', async () => {
    const anna = phones[0]!;
    await anna.click('[data-testid=close-summary]');
    await anna.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
    await anna.click('button[aria-label^="Score sheet,"]');
    const replay = watch((await Promise.all([anna.context().waitForEvent('page'), anna.click('[data-testid=sheet-modal] [data-replay-deal="1"]')]))[0], 30_000, 'replay');
    await replay.waitForSelector('[data-testid=deal-list] [data-deal]');
    // The second deal is being played: only the first is there.
    expect(await replay.$$eval('[data-testid=deal-list] [data-deal]', (els) => els.map((e) => e.getAttribute('data-deal')))).toEqual(['0']);
    // As dealt: eight cards a seat, no retourne; then the calls one by one into the grid.
    expect(await replay.$$eval('[data-replay-seat]', (els) => els.map((e) => e.querySelectorAll('[data-mini-card]').length))).toEqual([8, 8, 8, 8]);
    expect(await count(replay, '[role=img][aria-label^="Turned-up card"]')).toBe(0);
    await replay.keyboard.press('ArrowRight');
    // Anna's own game: the replay speaks to her as "You" (her seat kept on this device) when the
    // server's dealer made her the eldest, or the coincher.
    expect(await text(replay, '[data-testid=caption]')).toBe(bidder === 'Anna' ? 'You bid 90 hearts' : `${bidder} bids 90 hearts`);
    await replay.keyboard.press('ArrowRight');
    // (text() reads every space as one: the narrow no-break space before the ! too)
    expect(await text(replay, '[data-testid=caption]')).toBe(`${coincher === 'Anna' ? 'You' : coincher}: Coinche !`);
    expect(await replay.$$eval('[data-testid=auction] tbody td', (els) => els.map((e) => (e.textContent ?? '').trim()).filter(Boolean))).toEqual(['90 ♥', 'Coinche']);
    // The call is judged once the deal is analysed (in the page's worker): the options include it.
    await replay.waitForSelector('[data-testid=decision]', { timeout: 120_000 });
    expect(await replay.getAttribute('[data-testid=decision] tr.played', 'data-option')).toBe('coinche');
    expect(await replay.$$eval('[data-testid=decision] tbody tr', (els) => els.map((e) => e.getAttribute('data-option')))).toContain('pass');
    await check(replay, 'replay-call');
    // The end of the deal: the contract coinched, why, and each team's formula as in the live summary.
    await replay.keyboard.press('End');
    expect(await text(replay, '[data-testid=breakdown-contract]')).toMatch(/^\w+ · 90 hearts Coinché ×2$/);
    // its suit reads on what lies under it (a black or red suit on the dark panel did not: on a disc)
    const suitContrast = await replay.$eval('[data-testid=breakdown-contract] svg', (svg) => {
      const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (c: string): number => {
        const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      // what lies under it: its ancestors' backgrounds, translucent ones laid over the first opaque one
      const layers: number[][] = [];
      for (let e: Element | null = svg.parentElement; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if ((c[3] ?? 1) > 0) layers.push(c);
        if ((c[3] ?? 1) === 1) break;
      }
      const under = layers.reduceRight((acc, [r, g, b, alpha = 1]) => [r!, g!, b!].map((v, i) => alpha * v + (1 - alpha) * acc[i]!), [255, 255, 255]);
      const [a, b] = [lum(getComputedStyle(svg).fill), lum(`rgb(${under.join(',')})`)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(suitContrast).toBeGreaterThanOrEqual(3);
    expect(await text(replay, '[data-testid=breakdown-why]')).toBe(liveWhy);
    const formulas = await replay.$$eval('[data-testid=deal-breakdown] [data-team-formula]', (els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(formulas).toHaveLength(2);
    expect(formulas.some((f) => /\) × 2 = \d+$/.test(f))).toBe(true);
    await check(replay, 'replay-end');
    // Every call whole in the move list, in each language: a coinche call by its word, or by its
    // multiplier (×2, ×4) where the column is narrow (a desktop's), the word in its spoken name.
    for (const lang of ['en', 'fr', 'de'] as const) {
      if (lang !== 'en') {
        await replay.evaluate((l) => localStorage.setItem('belote:lang', l), lang);
        await replay.reload();
        await replay.waitForFunction((l) => document.documentElement.lang === l && document.querySelector('[data-testid=move-list] button.move.bid') !== null, lang);
      }
      // the analysis' marks (?! ? ??) drawn too
      await replay.waitForSelector('[data-testid=analysis-status][data-status=done]', { timeout: 120_000 });
      await bidsWhole(replay, `the coinche replay (${lang})`, 'phone');
      for (const size of ['desktop', 'phone'] as const) {
        await resize(replay, SIZES[size]);
        // on a phone, the move list in view (above the docked step buttons)
        if (size === 'phone') await replay.locator('[data-testid=move-list]').evaluate((e) => e.scrollIntoView({ block: 'center' }));
        await replay.screenshot({ path: path.join(SHOTS, `replay-moves-${lang}-${size}.png`) });
      }
    }
    await replay.evaluate(() => localStorage.setItem('belote:lang', 'en'));
    const coinche = replay.locator('[data-testid=move-list] button.move.bid:has(.short)');
    expect(await coinche.count()).toBe(1);
    expect(await coinche.locator('.sr-only').textContent()).toMatch(/^\w+: Coinche(, .+)?$/);
    expect(await coinche.locator('.txt').innerText()).toBe('Coinche');
    await resize(replay, SIZES.desktop);
    expect(await coinche.locator('.txt').innerText()).toBe('×2');
    expect(await coinche.locator('.short').getAttribute('title')).toBe('Coinche');
    await replay.close();
  });
});
