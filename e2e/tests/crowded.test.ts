/**
 * Crowded screens, each measured here: three places where a real-browser audit found one part of
 * the table over another, or moving away (and axe-core on each screen, all rules; serious or
 * critical fail), and a deal whose flights the room made for an auction hid:
 * - a tablet in portrait (768×1024, 820×1180): the open chat (no side panel below 1000 px)
 *   leaves the partner's plate in view — it covered it — and covers neither the turned-up card,
 *   the bidding buttons, the hand nor the trick; read back (tall) it still leaves the plate;
 * - a small phone in a coinche auction (320×568, 360×640, 375×667), each seat with a bid bubble
 *   and the picker with two rows of values (the worst case): the contract's board, the four
 *   plates and bubbles and the chat and reactions buttons meet none of each other, and every
 *   value, suit and call of the picker is on the screen, 44 px, clear of them and what a tap at
 *   its centre reaches (at 320×568 they piled up in the room above the picker);
 * - a small phone dealing a coinche hand (320×568, 360×640), motion on: the auction hides the
 *   other seats' backs, and a dealt card is still seen flying to each of those seats (onto its
 *   plate, where it fades), none left there once dealt;
 * - the lobby on a desktop (1366×768) and a tablet: a seat's "Sit here" and "+ Bot" stay where
 *   they were when its bot levels open (a side seat moved up 73 px, the bottom seat 146 px), and
 *   the levels are on the screen, on top, clear of the centre panel's controls.
 * Screenshots in test-artifacts/crowded/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings, blocking, describeFindings } from './axe.js';
import { bubbleEverySeat } from './bid-bubbles.js';
import { ARTIFACTS, resize, seatedWithBots, sleep, useBrowser } from './browser.js';

const base = inject('baseUrl');
const SHOTS = path.join(ARTIFACTS, 'crowded');
const chrome = useBrowser();
beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));

function newPage(viewport: { width: number; height: number }, touch: boolean): Promise<Page> {
  return chrome.page(
    {
      viewport,
      ...(touch ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
      locale: 'en-US',
      reducedMotion: 'reduce',
      bypassCSP: true, // axe-core is injected as a script
    },
    20_000,
  );
}

type Box = { what: string; left: number; top: number; right: number; bottom: number; width: number; height: number };
/** Two boxes overlap (by more than half a pixel: rounding is not overlapping). */
const meet = (a: Box, b: Box): boolean => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
const show = (b: Box): string => `${b.what} at ${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)}`;
const count = (page: Page, selector: string): Promise<number> => page.$$eval(selector, (els) => els.length);

/**
 * The boxes of what `selector` matches (visible ones), named by `data-testid`, `data-bid…`,
 * `data-card` or their seat's position, once no finite animation runs on the page (a card still
 * landing, a bubble or a board fading in).
 */
async function boxes(page: Page, selector: string): Promise<Box[]> {
  await page.evaluate(async () => {
    const until = performance.now() + 3000;
    for (;;) {
      for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0 || performance.now() > until) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  return page.$$eval(selector, (els) =>
    els
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => {
        const a = (n: string) => e.getAttribute(n);
        const seat = e.closest('[data-pos]')?.getAttribute('data-pos');
        const what =
          a('data-testid') ??
          (a('data-bid') && `bid ${a('data-bid')}`) ??
          (a('data-bid-value') && `value ${a('data-bid-value')}`) ??
          (a('data-bid-suit') && `suit ${a('data-bid-suit')}`) ??
          (a('data-card') && `card ${a('data-card')}`) ??
          (a('data-trick-card') !== null ? `trick card ${a('data-trick-card')}` : `${seat ?? ''} ${e.classList[0]}`);
        return { what, ...(e.getBoundingClientRect().toJSON() as Omit<Box, 'what'>) };
      }),
  );
}

/** Pairs of `a` × `b` that overlap, in words (a box is never compared with itself). */
function overlaps(a: Box[], b: Box[]): string[] {
  const found: string[] = [];
  for (const x of a) for (const y of b) if (x !== y && meet(x, y) && !found.includes(`${show(y)} over ${show(x)}`)) found.push(`${show(x)} over ${show(y)}`);
  return found;
}

/**
 * Plays this seat until `found`: `bid` (take or pass) when asked to bid, the first playable card
 * on its turn, Continue after a deal.
 */
async function drive(page: Page, bid: 'take' | 'pass', found: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 90_000;
  // (a button can go between seeing it and pressing it: the table moved on; look again)
  const press = (selector: string, position?: { x: number; y: number }): Promise<void> => page.click(selector, { timeout: 3000, position }).catch(() => undefined);
  while (!(await found())) {
    expect(Date.now(), 'the table to get there within 90 s').toBeLessThan(deadline);
    if (await page.isVisible('[data-testid=continue]:not([disabled])')) await press('[data-testid=continue]:not([disabled])');
    else if (bid === 'take' && (await page.isVisible('[data-bid=take]'))) await press('[data-bid=take]');
    else if (await page.isVisible('[data-bid=pass]')) await press('[data-bid=pass]');
    else if ((await count(page, '[data-testid=your-turn]')) > 0 && (await count(page, '[data-hand] [data-playable=true]')) > 0) {
      // read without waiting: the card may have been played meanwhile (the last press landed late)
      const card = await page.$eval('[data-hand] [data-playable=true]', (e) => e.getAttribute('data-card')).catch(() => null);
      if (card) await press(`[data-hand] [data-card="${card}"]`, { x: 8, y: 14 });
    } else await sleep(40);
  }
}

async function axeClean(page: Page, label: string): Promise<void> {
  const findings = await axeFindings(page);
  console.info(`axe-core, ${label}: ${findings.length === 0 ? 'no violations' : `\n${describeFindings(findings)}`}`);
  expect.soft(findings.filter(blocking), `${label}:\n${describeFindings(findings.filter(blocking))}`).toEqual([]);
}

describe('crowded screens', () => {
  it('a tablet in portrait: the open chat leaves the partner\'s plate in view, clear of the turned-up card, the bidding buttons, the hand and the trick', async () => {
    const TABLETS = [
      { name: 'tablet-768', width: 768, height: 1024 },
      { name: 'tablet-820', width: 820, height: 1180 },
    ];
    const page = await newPage(TABLETS[0]!, true);
    await seatedWithBots(page, base);
    await page.click('[data-testid=start]:not([disabled])');
    await page.waitForSelector('[data-testid=chat-toggle]');
    await drive(page, 'pass', () => page.isVisible('[data-bid=take]'));
    await page.click('[data-testid=chat-toggle]');
    await page.waitForSelector('[data-testid=chat-panel]');

    /** At each tablet size, the chat short and tall: what it must leave clear. */
    const check = async (phase: string, under: string): Promise<void> => {
      for (const s of TABLETS) {
        await resize(page, s);
        for (const tall of [false, true]) {
          if ((await page.getAttribute('[data-testid=chat-expand]', 'aria-expanded')) !== String(tall)) await page.click('[data-testid=chat-expand]');
          await page.screenshot({ path: path.join(SHOTS, `chat-${phase}-${tall ? 'tall' : 'short'}-${s.name}.png`) });
          const panel = await boxes(page, '[data-testid=chat-panel]');
          expect(panel, `${s.name} ${phase}: the chat open`).toHaveLength(1);
          const plate = await boxes(page, '[data-pos=top] .plate');
          expect(plate, `${s.name} ${phase}: the partner's plate`).toHaveLength(1);
          // Read back (tall), the panel goes over the seats and the trick by design; never the plate across.
          const clear = [...plate, ...(await boxes(page, `[data-bid], [data-hand] [data-card]${tall ? '' : `, ${under}`}`))];
          expect(overlaps(panel, clear), `${s.name} ${phase} (chat ${tall ? 'tall' : 'short'})`).toEqual([]);
        }
      }
      await resize(page, TABLETS[0]!);
    };
    await check('bidding', '[data-testid=retourne]');
    await axeClean(page, 'a tablet, the chat open during the bidding');

    // Into the play: this seat's turn with cards in the trick.
    await drive(page, 'take', async () => (await count(page, '[data-testid=your-turn]')) > 0 && (await count(page, '[data-trick-card]')) > 0);
    await check('play', '[data-trick-card]');
  });

  it('a small phone in a coinche auction: the board, the plates, the bid bubbles, the corner buttons and the bid picker clear of each other', async () => {
    const SMALL = [
      { name: '320x568', width: 320, height: 568 },
      { name: '360x640', width: 360, height: 640 },
      { name: '375x667', width: 375, height: 667 },
    ];
    const page = await newPage(SMALL[0]!, true);
    // The bots call until it is this seat's turn; the picker then waits for it. A bot may have
    // coinched (or bid capot) first: no value is open then, and a fresh table is dealt.
    for (let tables = 1; ; tables++) {
      await seatedWithBots(page, base, { variant: 'coinche', target: 2000 });
      await page.click('[data-testid=start]:not([disabled])');
      await page.waitForSelector('[data-testid=bid-picker] [data-bid=pass]', { timeout: 30_000 });
      if ((await count(page, '[data-bid-value]')) > 0) break;
      expect(tables, 'a table where a value is still open at this seat').toBeLessThan(5);
    }
    await page.waitForSelector('[data-testid=chat-toggle]');
    // The worst case: every seat has spoken (a copy of a bubble's look, "Surcoinche!", the widest
    // call) and the picker has two rows of values (as at an auction's first call: copies of a value).
    await bubbleEverySeat(page);
    await page.evaluate(() => {
      const values = document.querySelector('[data-testid=bid-picker] .values');
      const first = values?.querySelector('label');
      const capot = values?.querySelector('label.capot') ?? null;
      while (values && first && values.querySelectorAll('label').length < 10) values.insertBefore(first.cloneNode(true), capot);
    });
    expect(await count(page, '[data-bid-value]'), 'two rows of values').toBeGreaterThanOrEqual(10);
    for (const s of SMALL) {
      await resize(page, s);
      await page.screenshot({ path: path.join(SHOTS, `coinche-auction-${s.name}.png`) });
      const table = await boxes(page, '[data-testid=auction-board], [data-seat] .plate, [data-seat] .bubble, [data-testid=chat-toggle], [data-testid=reactions-toggle]');
      expect(table.filter((b) => b.what.endsWith('plate')), `${s.name}: four plates`).toHaveLength(4);
      expect(table.filter((b) => b.what.endsWith('bubble')), `${s.name}: four bubbles`).toHaveLength(4);
      expect(table.filter((b) => b.what === 'auction-board'), `${s.name}: the board`).toHaveLength(1);
      expect(overlaps(table, table), `${s.name}: the table's parts`).toEqual([]);
      const picker = await boxes(page, '[data-bid-value], [data-bid-suit], [data-bid]');
      expect(picker.length, `${s.name}: the picker's controls`).toBeGreaterThanOrEqual(15);
      expect(overlaps(table, picker), `${s.name}: the table over the picker`).toEqual([]);
      const hand = await boxes(page, '[data-hand] [data-card]');
      expect(hand, `${s.name}: the hand`).toHaveLength(8);
      expect(overlaps(picker, hand), `${s.name}: the picker over the hand`).toEqual([]);
      for (const b of [...table, ...picker, ...hand]) {
        expect(b.left >= -0.5 && b.top >= -0.5 && b.right <= s.width + 0.5 && b.bottom <= s.height + 0.5, `${s.name}: ${show(b)} on the screen`).toBe(true);
      }
      for (const b of picker) expect(Math.min(b.width, b.height), `${s.name}: ${b.what} ≥ 44 px`).toBeGreaterThanOrEqual(44);
      const untappable = await page.$$eval('[data-bid-value], [data-bid-suit], [data-bid]', (els) =>
        els
          .filter((e) => {
            const r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return hit === null || !e.contains(hit);
          })
          .map((e) => e.getAttribute('data-bid-value') ?? e.getAttribute('data-bid-suit') ?? e.getAttribute('data-bid')),
      );
      expect(untappable, `${s.name}: controls a tap at their centre does not reach`).toEqual([]);
      expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]), `${s.name}: no page scrolling`).toEqual([s.width, s.height]);
    }
    await resize(page, SMALL[0]!);
    await axeClean(page, 'a 320×568 phone, the coinche bid picker');
  });

  it('a small phone dealing a coinche hand: the cards are seen flying to every seat, whose backs the auction hides', async () => {
    for (const viewport of [
      { width: 320, height: 568 },
      { width: 360, height: 640 },
    ]) {
      const where = `${viewport.width}x${viewport.height}`;
      // Motion on (the deal's flights), as a phone.
      const page = await chrome.page({ viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' }, 20_000);
      await seatedWithBots(page, base, { variant: 'coinche', target: 2000 });
      // Every frame from the start on: the seats (by position) with a card back drawn and moving in them.
      await page.evaluate(() => {
        const w = window as unknown as { __reached: string[] };
        w.__reached = [];
        const loop = (): void => {
          for (const a of document.getAnimations()) {
            const el = (a.effect as KeyframeEffect | null)?.target;
            if (a.playState !== 'running' || !(el instanceof Element) || el.getClientRects().length === 0) continue;
            const pos = el.closest('[data-pos]')?.getAttribute('data-pos');
            const back = el.matches('.back') || el.querySelector('.back') !== null;
            // a flight: a keyframe away from where the card ends (translate(0px, 0px) does not move)
            const moving = (a.effect as KeyframeEffect).getKeyframes().some((k) => {
              const m = typeof k.transform === 'string' ? /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px/.exec(k.transform) : null;
              return m !== null && Math.abs(Number(m[1])) + Math.abs(Number(m[2])) > 2;
            });
            if (pos && back && moving && !w.__reached.includes(pos)) w.__reached.push(pos);
          }
          if (!(window as unknown as { __dealt?: boolean }).__dealt) requestAnimationFrame(loop);
        };
        requestAnimationFrame(loop);
      });
      await page.click('[data-testid=start]:not([disabled])');
      // Dealt: a while after the deal's step (1.2 s of motion), no card's animation running any more.
      await page.waitForFunction(
        () => {
          const dealt = performance.getEntriesByName('belote:deal')[0];
          if (!dealt || performance.now() < dealt.startTime + 1500) return false;
          const flying = document.getAnimations().some((a) => {
            const el = (a.effect as KeyframeEffect | null)?.target;
            return a.playState === 'running' && el instanceof Element && (el.matches('.back') || el.querySelector('.back') !== null);
          });
          return ((window as unknown as { __dealt?: boolean }).__dealt = !flying);
        },
        undefined,
        { timeout: 10_000 },
      );
      expect(await count(page, '[data-testid=auction-board]'), `${where}: the auction on`).toBe(1);
      // The auction's layout keeps its room: the seats' backs stay hidden (the board's, the bubbles').
      expect(await page.$$eval('[data-seat] .backs', (els) => els.filter((e) => e.getClientRects().length > 0).length), `${where}: backs shown`).toBe(0);
      const reached = await page.evaluate(() => (window as unknown as { __reached: string[] }).__reached);
      expect(reached.filter((p) => p !== 'bottom').sort(), `${where}: the seats a dealt card was seen flying to`).toEqual(['left', 'right', 'top']);
      // Nothing left over on the plates once dealt.
      expect(await page.$$eval('[data-seat] .back', (els) => els.filter((e) => e.getClientRects().length > 0).length), `${where}: backs left on the table`).toBe(0);
      await page.screenshot({ path: path.join(SHOTS, `coinche-dealt-${where}.png`) });
      await page.context().close();
    }
  });

  it('the lobby on a desktop and a tablet: a seat\'s buttons stay put when its bot levels open, the levels on the screen and on top', async () => {
    const SIZES = [
      { name: 'desktop-1366', width: 1366, height: 768 },
      { name: 'tablet-768', width: 768, height: 1024 },
    ];
    const page = await newPage(SIZES[0]!, false);
    await page.goto(`${base}/`);
    await page.click('[data-testid=create]');
    await page.waitForURL(/\/t\//);
    await page.waitForSelector('[data-testid=chat-panel], [data-testid=chat-toggle]'); // the later parts are in
    for (const s of SIZES) {
      await resize(page, s);
      // right, left, bottom, top: the host is not seated, every seat is free
      for (const seat of [1, 3, 0, 2]) {
        const pos = await page.getAttribute(`[data-seat="${seat}"]`, 'data-pos');
        const buttons = `[data-sit="${seat}"], [data-addbot="${seat}"]`;
        const before = await boxes(page, buttons);
        await page.click(`[data-addbot="${seat}"]`);
        await page.waitForSelector(`[data-seat="${seat}"] [data-addbot-level]`);
        await page.screenshot({ path: path.join(SHOTS, `lobby-levels-${pos}-${s.name}.png`) });
        const after = await boxes(page, buttons);
        expect(after.length, `${s.name}: the ${pos} seat's buttons`).toBe(2);
        for (const [i, b] of before.entries()) {
          const a = after[i]!;
          expect(Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top)), `${s.name}: the ${pos} seat's ${b.what} moved from ${show(b)} to ${show(a)}`).toBeLessThanOrEqual(2);
        }
        const levels = await boxes(page, `[data-seat="${seat}"] [data-addbot-level]`);
        expect(levels, `${s.name}: the ${pos} seat's levels`).toHaveLength(3);
        for (const l of levels) expect(l.left >= 0 && l.top >= 0 && l.right <= s.width && l.bottom <= s.height, `${s.name}: ${show(l)} on the screen`).toBe(true);
        const centre = await boxes(page, '[data-testid=lobby] :is(button, a[href], input, select)');
        expect(overlaps(levels, centre), `${s.name}: the ${pos} seat's levels over the lobby's controls`).toEqual([]);
        const hidden = await page.$$eval(`[data-seat="${seat}"] [data-addbot-level], ${buttons}`, (els) =>
          els
            .filter((e) => {
              const r = e.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return hit === null || !e.contains(hit);
            })
            .map((e) => e.getAttribute('data-addbot-level') ?? e.textContent),
        );
        expect(hidden, `${s.name}: the ${pos} seat's buttons a tap at their centre does not reach`).toEqual([]);
        if (s === SIZES[0] && seat === 1) await axeClean(page, 'a desktop lobby, a side seat\'s bot levels open');
        await page.keyboard.press('Escape');
        await page.waitForSelector(`[data-seat="${seat}"] [data-addbot-level]`, { state: 'detached' });
      }
    }
  });
});
