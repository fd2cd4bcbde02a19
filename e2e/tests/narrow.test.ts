/**
 * Small and zoomed screens, in English, French and German: a phone 320 px wide (iPhone SE), a
 * foldable's cover screen (280×653) and a laptop at 200 % zoom (1280×800 → 640×400 CSS px).
 * The replay of a record with a 10-letter name never scrolls sideways at 320 px (the players'
 * summary table was wider than the page, whose docked step buttons then panned out of view);
 * the top bar, for a player (lobby, bidding, play) and a spectator (lobby, play), keeps every
 * button whole, on the screen and on top (what a tap at its centre reaches), none of its parts
 * over another, also at its widest (four-digit scores, a long taker's name, a coinched 160 and a
 * capot contract, widened in place), at 280 to 440 px, a coinched contract's multiplier beside
 * its value, and the buttons it leaves out there are in the menu, and from 320 px it names the
 * trump's taker (whole, or cut to no less than its first letters); the score sheet
 * at 280 px lies inside the screen, its table inside the dialog; a deal summary taller than the
 * screen scrolls inside its dialog, Continue reachable. On the smallest phone (320×568), a classic
 * deal's second round: the three suits and Pass on one row (on two, the retourne's caption went
 * under the seats' plates). The quick reactions' open tray at 320 and 360 px: every reaction inside
 * it, none over the chat's button or its own (at 320 px its last column ran out over its button);
 * in a German lobby at 360 and 320 px, no control of the centre panel under the open tray ("Platz
 * verlassen" lay under it). From 320 px the top bar shows the game's target (on a phone, on the
 * score sheet's button). At a table on a 360 px phone, every entry
 * of the menu is on one line, inside it (French 'Télécharger l’enregistrement' took two). There
 * too, a card of the hand focused by the keyboard leaves its right neighbour's index in view (it
 * was raised over it and hid it whole), and its ring is above that neighbour, but not over the
 * index of it or of the card after (a playable neighbour of a dimmed card is lifted into the
 * ring's top side; a phone's card after next begins under its right side), and cut only there;
 * with a mouse too (a card under the pointer is lifted higher), and while a refused card shakes
 * (its ring went under its neighbour).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, seatedWithBots, sleep, useBrowser } from './browser.js';

const base = inject('baseUrl');
const SHOTS = path.join(ARTIFACTS, 'narrow');
const LOCALES = ['en-US', 'fr-FR', 'de-DE'] as const;
type Locale = (typeof LOCALES)[number];
const chrome = useBrowser();
beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));

/** A phone-like page (a laptop's zoom is a desktop page at twice the pixels). */
function newPage(width: number, height: number, locale: Locale, { phone = true } = {}): Promise<Page> {
  return chrome.page({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: phone, hasTouch: phone, locale, reducedMotion: 'reduce' }, 20_000);
}

const count = (page: Page, selector: string): Promise<number> => page.$$eval(selector, (els) => els.length);
/** A click through the page's own event (the control's place on the screen is what is being checked, not relied on). */
const press = (page: Page, selector: string): Promise<void> => page.$eval(selector, (e) => (e as HTMLElement).click());
const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** The colour of the screen's pixel at (x, y) (CSS px): a screenshot of it, read back through a canvas. */
async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 }, scale: 'css' });
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = c.height = 1;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const [r, gr, b] = g.getImageData(0, 0, 1, 1).data;
    return [r!, gr!, b!] as [number, number, number];
  }, `data:image/png;base64,${png.toString('base64')}`);
}

/** A table of `variant` on the shared server with three easy bots, the page seated at seat 0 as its host (not started): the table's id. */
const seated = (page: Page, variant: 'classic' | 'coinche'): Promise<string> => seatedWithBots(page, base, variant === 'coinche' ? { variant, target: 2000 } : { target: 1000 });

/**
 * Bids until the trump is chosen (classic: take; coinche: the value offered, in hearts, then
 * pass), then, with `play`, plays the first playable card until the deal summary is up.
 * `onBidding` runs once, the first time the page has a bid to make.
 */
async function bidAndPlay(page: Page, { play = false, onBidding }: { play?: boolean; onBidding?: () => Promise<void> } = {}): Promise<void> {
  const deadline = Date.now() + 60_000;
  let bid = false;
  let asked = false;
  const done = async (): Promise<boolean> => (await count(page, play ? '[data-testid=deal-summary]' : 'header [data-testid=trump]')) > 0;
  while (!(await done())) {
    expect(Date.now(), 'the deal to get there within 60 s').toBeLessThan(deadline);
    const mine = (await count(page, '[data-bid]:not([disabled]), [data-bid-suit]:not([disabled])')) > 0;
    if (mine && !asked && onBidding) {
      asked = true;
      await onBidding();
    }
    if (mine) {
      const version = await page.getAttribute('[data-version]', 'data-version');
      if ((await count(page, '[data-bid=take]:not([disabled])')) > 0) await press(page, '[data-bid=take]');
      else if ((await count(page, '[data-bid^="take-"]:not([disabled])')) > 0) await press(page, '[data-bid^="take-"]:not([disabled])');
      else if (!bid && (await count(page, '[data-bid-suit=H]:not([disabled])')) > 0) await press(page, '[data-bid-suit=H]');
      else await press(page, '[data-bid=pass]');
      bid = true;
      await page.waitForFunction((v) => document.querySelector('[data-version]')?.getAttribute('data-version') !== v, version);
    } else if (play && (await count(page, '[data-testid=your-turn]')) > 0 && (await count(page, '[data-playable=true]')) > 0) {
      const card = await page.getAttribute('[data-playable=true]', 'data-card');
      await press(page, `[data-card="${card}"]`);
      await page.waitForSelector(`[data-hand] [data-card="${card}"]`, { state: 'detached' });
    } else await sleep(40);
  }
}

type Box = { left: number; top: number; right: number; bottom: number };

/**
 * The top bar at `width`: every visible button inside the screen and what a tap at its centre
 * reaches, its parts (home, each team's score, the trump, the contract, the buttons) meeting
 * none of the others (the trump's disc with its ring), the page not wider than the screen, the
 * game's target written in it from 320 px (whole, on the score sheet's button on a phone).
 * Coinche: again with ×4 (added in place when the contract has none), the multiplier beside the
 * value from 300 px (a capot's under it). With a trump, again at its widest: four-digit scores, a
 * 160 contract and a taker's name of 24 letters, then a capot contract (texts widened in place,
 * then put back).
 */
async function barProblems(page: Page, width: number, height: number): Promise<string[]> {
  return page.evaluate(
    ([vw, vh]) => {
      const problems: string[] = [];
      const name = (e: Element): string => e.getAttribute('aria-label') ?? e.getAttribute('data-testid') ?? e.className;
      const check = (when: string): void => {
        const header = document.querySelector('header')!;
        const buttons = [...header.querySelectorAll('button')].filter((b) => b.getClientRects().length > 0);
        for (const b of buttons) {
          const r = b.getBoundingClientRect();
          if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5) problems.push(`${when}: "${name(b)}" at x ${Math.round(r.left)}–${Math.round(r.right)}, outside the screen`);
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!hit || !b.contains(hit)) problems.push(`${when}: "${name(b)}" under ${hit ? `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''} (${name(hit.closest('[data-testid], button') ?? hit)})` : 'nothing (off the screen)'}`);
        }
        const parts = [...buttons, ...header.querySelectorAll('[data-testid=scores] .score, [data-testid=scores] .target > [aria-hidden], [data-testid=trump] > *')].filter((e) => e.getClientRects().length > 0);
        // The game's target ("/1000") in sight from 320 px, whatever else the bar holds, whole in
        // the box that holds it (it was left out below 380 px, and up to 440 px once a trump was
        // taken or a contract coinched).
        const targets = [...header.querySelectorAll('[aria-hidden=true]')].filter((e) => /^\/\d+$/.test(e.textContent!.trim()) && e.getClientRects().length > 0);
        if (vw >= 320 && targets.length === 0) problems.push(`${when}: no target ("/N") in the bar`);
        for (const e of targets) {
          const [r, box] = [e.getBoundingClientRect(), (e.closest('button') ?? header).getBoundingClientRect()];
          if (r.width === 0 || r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) problems.push(`${when}: the target "${e.textContent}" not whole in its box`);
        }
        // The sides of a ring drawn as a shadow (the trump's disc) are part of what it takes, and
        // a pixel clear of it: it touched a French spectator's "Équipe B" at 360 px. (Under it,
        // the taker's line box.)
        const ring = (e: Element): number => {
          const spread = / 0px 0px 0px ([\d.]+)px$/.exec(getComputedStyle(e).boxShadow)?.[1];
          return spread ? Number(spread) + 1 : 0;
        };
        const boxes = parts.map((e) => {
          const [r, d] = [e.getBoundingClientRect(), ring(e)];
          return { what: name(e) || e.textContent!.trim(), box: { left: r.left - d, top: r.top, right: r.right + d, bottom: r.bottom } };
        });
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i]!, boxes[j]!];
            if (a.box.left < b.box.right - 0.5 && b.box.left < a.box.right - 0.5 && a.box.top < b.box.bottom - 0.5 && b.box.top < a.box.bottom - 0.5) problems.push(`${when}: "${a.what}" meets "${b.what}"`);
          }
        const sw = document.documentElement.scrollWidth;
        if (sw > vw) problems.push(`${when}: the page ${sw} px wide`);
        // Coinche: the multiplier beside the contract's value, on its line (on a phone it was
        // under it, the taker's name a third line: below 380 px, then up to 440 px); a capot's
        // word over it.
        const mult = header.querySelector('[data-testid=multiplier]');
        const value = header.querySelector('[data-testid=contract]:not(.capot)')?.firstChild;
        if (mult && value && vw >= 300) {
          const range = document.createRange();
          range.selectNode(value);
          const [v, m] = [range.getBoundingClientRect(), mult.getBoundingClientRect()];
          if (!(m.left >= v.right - 0.5 && m.top < v.bottom - 2 && m.bottom > v.top + 2)) problems.push(`${when}: the multiplier ${mult.textContent} not beside the value "${value.nodeValue}"`);
        }
      };
      check('now');
      const contract = document.querySelector<HTMLElement>('header [data-testid=contract]');
      // A coinched contract (×4 as the bar draws it, its scoped class the contract's), if none is.
      let added: HTMLElement | null = null;
      if (contract && !contract.querySelector('[data-testid=multiplier]')) {
        added = contract.appendChild(document.createElement('span'));
        added.className = `mult coinche-tag ${[...contract.classList].find((c) => c.startsWith('svelte-')) ?? ''}`;
        added.dataset.testid = 'multiplier';
        added.textContent = '×4';
        check('coinched');
      }
      if (document.querySelector('header [data-testid=trump]')) {
        const scores = [...document.querySelectorAll('header [data-testid=scores] b')].map((b) => [b.firstChild!, '1840'] as const);
        const taker = document.querySelector('header [data-testid=trump] .taker')?.firstChild;
        const widest = [...scores, ...(taker ? [[taker, 'Maximilian-Alexander Ott'] as const] : []), ...(contract ? [[contract.firstChild!, '160'] as const] : [])];
        const nodes = widest.map(([n]) => n);
        const saved = nodes.map((n) => n.nodeValue);
        widest.forEach(([n, text]) => (n.nodeValue = text));
        if (contract) check('widest number');
        if (contract?.firstChild) contract.firstChild.nodeValue = 'Capot';
        contract?.classList.add('capot');
        check('widest');
        nodes.forEach((n, i) => (n.nodeValue = saved[i]!));
        contract?.classList.remove('capot');
      }
      added?.remove();
      return problems;
    },
    [width, height] as const,
  );
}

/** A dialog inside the screen, its content inside its edges, not scrolling sideways; when taller than the screen, its last button scrolls into view. */
async function dialogProblems(page: Page, selector: string): Promise<string[]> {
  return page.$eval(selector, (box) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const r = box.getBoundingClientRect();
    if (r.left < -0.5 || r.right > vw + 0.5) problems.push(`the dialog at x ${Math.round(r.left)}–${Math.round(r.right)}, the screen ${vw} px wide`);
    if (r.top < -0.5 || r.bottom > vh + 0.5) problems.push(`the dialog at y ${Math.round(r.top)}–${Math.round(r.bottom)}, the screen ${vh} px tall`);
    if (box.scrollWidth > box.clientWidth + 0.5) problems.push(`the dialog scrolls sideways (${box.scrollWidth} px in ${box.clientWidth})`);
    const inner = { left: r.left + box.clientLeft, right: r.left + box.clientLeft + box.clientWidth };
    for (const e of box.querySelectorAll('th, td, button, a, p')) {
      const b = e.getBoundingClientRect();
      if (b.width === 0) continue;
      if (b.left < inner.left - 0.5 || b.right > inner.right + 0.5) problems.push(`"${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 20)}" at x ${Math.round(b.left)}–${Math.round(b.right)}, outside the dialog's ${Math.round(inner.left)}–${Math.round(inner.right)}`);
    }
    const buttons = [...box.querySelectorAll('button')];
    const last = buttons[buttons.length - 1]!;
    last.scrollIntoView({ block: 'nearest' });
    const l = last.getBoundingClientRect();
    const hit = document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2);
    if (l.top < -0.5 || l.bottom > vh + 0.5 || !hit || !last.contains(hit)) problems.push(`"${last.textContent!.trim()}" cannot be brought into view (y ${Math.round(l.top)}–${Math.round(l.bottom)}, the screen ${vh} px tall)`);
    box.scrollTop = 0;
    return problems;
  });
}

/** The hand's slot of `card`. */
const slot = (card: string): string => `[data-hand] [data-card="${card}"]`;
/** The accent colour (the focus ring's), give or take. */
const accent = ([r, g, b]: [number, number, number]): boolean => Math.abs(r - 0xff) <= 40 && Math.abs(g - 0xd5) <= 40 && Math.abs(b - 0x4f) <= 40;

/** No motion left in the hand, and two frames drawn since. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-hand] .slot, [data-hand] .card')].every((c) => c.getAnimations().every((a) => a.playState === 'finished')));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** One's turn to play, every card of the hand drawn (the last ones wait for their packet). */
async function myTurn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[data-testid=your-turn]') && document.querySelectorAll('[data-hand] [data-playable=true]').length > 0 && document.querySelectorAll('[data-hand] .waiting').length === 0,
    null,
    { timeout: 30_000 },
  );
}

/** A classic game started and bid until one's turn to play, every card of the hand drawn: the hand's cards, a key pressed (a keyboard user). */
async function handToPlay(page: Page): Promise<string[]> {
  await seated(page, 'classic');
  await page.click('[data-testid=start]');
  await bidAndPlay(page);
  await myTurn(page);
  await page.keyboard.press('Shift');
  return page.$$eval('[data-hand] [data-card]', (els) => els.map((e) => e.getAttribute('data-card')!));
}

/** The hand's slots given the classes a turn gives them (dimmed, playable: what they look like is the hand's CSS), settled. */
async function setClasses(page: Page, { dim, playable }: { dim: number[]; playable: number[] }): Promise<void> {
  await page.$$eval('[data-hand] .slot', (slots, [d, p]) => slots.forEach((e, i) => (e.classList.toggle('dim', d.includes(i)), e.classList.toggle('playable', p.includes(i)))), [dim, playable] as const);
  await settled(page);
}

/**
 * The focused card `k`'s ring is not drawn over the next two cards' indices (rank and suit; a
 * phone's card after next begins under its right side): the screen's pixels where its top and
 * right sides (its accent 2 to 5 px outside the card) cross an index box are not the accent colour.
 */
async function ringOverIndices(page: Page, k: number): Promise<string[]> {
  const points = await page.$$eval(
    '[data-hand] .slot',
    (slots, k) => {
      const ring = slots[k]!.querySelector('.card')!.getBoundingClientRect();
      const out: { card: string; x: number; y: number }[] = [];
      for (const next of slots.slice(k + 1, k + 3)) {
        const box = next.querySelector('.corner.tl')!.getBoundingClientRect();
        const card = next.getAttribute('data-card')!;
        for (const d of [2.5, 3.5, 4.5]) {
          const [y, x] = [ring.top - d, ring.right + d];
          if (y > box.top && y < box.bottom) for (let f = 0.1; f < 1; f += 0.2) out.push({ card, x: box.left + box.width * f, y });
          if (x > box.left && x < box.right) for (let f = 0.1; f < 1; f += 0.2) out.push({ card, x, y: box.top + box.height * f });
        }
      }
      return out;
    },
    k,
  );
  const focused = await page.$$eval('[data-hand] .slot', (slots, k) => slots[k]!.getAttribute('data-card')!, k);
  const over = new Set<string>();
  for (const p of points) if (accent(await pixel(page, Math.floor(p.x), Math.floor(p.y)))) over.add(p.card);
  return [...over].map((card) => `the ring of the focused ${focused} over the index of ${card}`);
}

/**
 * The focused card `k`'s ring is cut only where an index is: its right side is drawn (the accent
 * colour) just above and just below the gap over the next cards' indices that it crosses (their
 * index boxes with a margin: 0.7 of a card width from their top), wherever each card is lifted.
 */
async function ringGaps(page: Page, k: number): Promise<string[]> {
  const { card, points } = await page.$$eval(
    '[data-hand] .slot',
    (slots, k) => {
      const r = slots[k]!.querySelector('.card')!.getBoundingClientRect();
      const x = r.right + 3.5;
      const gaps = slots
        .slice(k + 1, k + 3)
        .map((s) => s.querySelector('.card')!.getBoundingClientRect())
        .filter((n) => x > n.left && x < n.left + r.width * 0.48)
        .map((n) => [n.top, n.top + r.width * 0.7] as const);
      const ys = gaps.length ? [Math.min(...gaps.map((g) => g[0])) - 4, Math.max(...gaps.map((g) => g[1])) + 4] : [];
      return { card: slots[k]!.getAttribute('data-card')!, points: ys.filter((y) => y > r.top + 2 && y < r.bottom - 2).map((y) => ({ x: Math.floor(x), y: Math.floor(y) })) };
    },
    k,
  );
  const out: string[] = [];
  for (const p of points) if (!accent(await pixel(page, p.x, p.y))) out.push(`the ring of the focused ${card} cut at y ${p.y}, where no index is`);
  return out;
}

/**
 * The focused card `k`'s ring is above its right neighbour (WCAG 2.4.11): its right side, across
 * the neighbour's face low down (clear of any index; the ring 2 to 5 px outside the card), is
 * drawn in the accent colour.
 */
async function ringUnder(page: Page, k: number): Promise<string[]> {
  const { card, next, x, y } = await page.$$eval(
    '[data-hand] .slot',
    (slots, k) => {
      const r = slots[k]!.querySelector('.card')!.getBoundingClientRect();
      return { card: slots[k]!.getAttribute('data-card')!, next: slots[k + 1]?.getAttribute('data-card') ?? '', x: Math.floor(r.right + 3), y: Math.floor(r.top + r.height * 0.8) };
    },
    k,
  );
  const [r, g, b] = await pixel(page, x, y);
  return accent([r, g, b]) ? [] : [`the ring of the focused ${card} under ${next} (rgb ${r} ${g} ${b} at its right side)`];
}

describe('small and zoomed screens', () => {
  it('the replay at 320 px in en, fr and de: no sideways scrolling, the step buttons in view', async () => {
    // A record as a table's download carries it: with the players' names (one of 10 letters).
    const record = JSON.parse(readFileSync(new URL('../../docs/rules/examples/coinche-surcoinche.json', import.meta.url), 'utf8')) as object;
    const file = path.join(SHOTS, 'coinche-named.json');
    writeFileSync(file, JSON.stringify({ ...record, players: ['Maximilian', 'Bot 2', 'Bot 3', 'Bot 4'] }));
    for (const locale of LOCALES) {
      const page = await newPage(320, 568, locale);
      await page.goto(`${base}/`);
      await page.setInputFiles('[data-testid=open-record]', file);
      await page.waitForSelector('[data-testid=player-summary] table', { timeout: 60_000 });
      const widths: Record<string, number> = {};
      for (const scope of ['deal', 'game']) {
        await press(page, `[data-scope=${scope}]`);
        widths[scope] = await scrollWidth(page);
      }
      for (let step = 1; step <= 40; step++) {
        await page.keyboard.press('ArrowRight');
        if (step % 8 === 0) widths[`step ${step}`] = await scrollWidth(page);
      }
      await page.screenshot({ path: path.join(SHOTS, `replay-320-${locale}.png`), fullPage: true });
      for (const [when, w] of Object.entries(widths)) expect(w, `${locale}, ${when}: the replay page's width at 320 px`).toBeLessThanOrEqual(320);
      const controls = await page.$eval('[data-testid=replay-controls]', (e) => e.getBoundingClientRect().toJSON() as Box);
      expect(controls.left, `${locale}: the step buttons' left edge`).toBeGreaterThanOrEqual(0);
      expect(controls.right, `${locale}: the step buttons' right edge`).toBeLessThanOrEqual(320);
      await page.context().close();
    }
  });

  it('the replay on a short landscape screen (740×360, 844×390 touch; 640×400 at 200 %): the trick, the own hand, the step buttons and the slider in view together, and first in the Tab order', async () => {
    const file = new URL('../../docs/rules/examples/coinche-surcoinche.json', import.meta.url).pathname;
    const problems: string[] = [];
    for (const [width, height, phone] of [
      [740, 360, true],
      [844, 390, true],
      [640, 400, false],
    ] as const) {
      const page = await newPage(width, height, 'en-US', { phone });
      await page.goto(`${base}/`);
      await page.setInputFiles('[data-testid=open-record]', file);
      await page.waitForSelector('[data-testid=player-summary] table', { timeout: 60_000 });
      // Into the first trick: three cards on the table, the third one's verdict on the bar.
      for (let step = 0; step < 40 && (await count(page, '[data-trick-card]')) < 3; step++) await page.keyboard.press('ArrowRight');
      await page.waitForSelector('[data-testid=verdict-line]');
      await page.screenshot({ path: path.join(SHOTS, `replay-short-${width}x${height}.png`) });
      const seen = await page.evaluate(() => {
        const box = (e: Element): Box => e.getBoundingClientRect().toJSON() as Box;
        const buttons = [...document.querySelectorAll('[data-testid=replay-controls] button')].map((b) => {
          const r = box(b);
          const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
          return { name: b.getAttribute('aria-label') ?? '', box: r, onTop: hit !== null && b.contains(hit) };
        });
        // What Tab reaches, in its order (the page's: no positive tabindex), and whether it is on the screen.
        const stops = [...document.querySelectorAll('a[href], button:not([disabled]), input, select, [tabindex]:not([tabindex="-1"])')]
          .map((e) => ({ e, r: box(e) }))
          .filter(({ e, r }) => r.right > r.left && getComputedStyle(e).visibility !== 'hidden')
          .map(({ e, r }) => ({ name: e.getAttribute('aria-label') ?? e.getAttribute('data-testid') ?? e.textContent!.trim().slice(0, 30), on: r.top >= 0 && r.bottom <= innerHeight }));
        return {
          scrollY: window.scrollY,
          trick: [...document.querySelectorAll('[data-trick-card]')].map(box),
          hand: box(document.querySelector('[data-replay-seat].bottom')!),
          buttons,
          slider: [...document.querySelectorAll('[data-testid=replay-scrub] :is(input, select)')].map((e) => {
            const r = box(e);
            const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            return { name: e.tagName.toLowerCase(), box: r, onTop: hit !== null && e.contains(hit) };
          }),
          stops,
        };
      });
      const where = `${width}×${height}`;
      if (seen.scrollY !== 0) problems.push(`${where}: the page scrolled (${seen.scrollY})`);
      if (seen.trick.length !== 3) problems.push(`${where}: ${seen.trick.length} cards in the trick, not 3`);
      if (seen.buttons.length !== 7) problems.push(`${where}: ${seen.buttons.length} step buttons, not 7`);
      const inside = (b: Box): boolean => b.left >= 0 && b.top >= 0 && b.right <= width && b.bottom <= height;
      const meet = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const [i, c] of seen.trick.entries()) {
        if (!inside(c)) problems.push(`${where}: trick card ${i + 1} not wholly on the screen (${JSON.stringify(c)})`);
        if (meet(c, seen.hand)) problems.push(`${where}: trick card ${i + 1} over the own hand`);
      }
      if (!inside(seen.hand)) problems.push(`${where}: the own hand not wholly on the screen (${JSON.stringify(seen.hand)})`);
      for (const b of seen.buttons) {
        if (!inside(b.box)) problems.push(`${where}: ${b.name} not wholly on the screen (${JSON.stringify(b.box)})`);
        if (!b.onTop) problems.push(`${where}: ${b.name} covered at its centre`);
        if (b.box.right - b.box.left < 44 || b.box.bottom - b.box.top < 44) problems.push(`${where}: ${b.name} smaller than 44 px`);
        if (meet(b.box, seen.hand)) problems.push(`${where}: ${b.name} over the own hand`);
        for (const c of seen.trick) if (meet(b.box, c)) problems.push(`${where}: ${b.name} over a trick card`);
      }
      // The slider and its speed on the screen too, with the step buttons (under the caption they were below it).
      if (seen.slider.length !== 2) problems.push(`${where}: ${seen.slider.length} parts of the slider's row, not 2`);
      for (const c of seen.slider) {
        if (!inside(c.box)) problems.push(`${where}: the slider's ${c.name} not wholly on the screen (${JSON.stringify(c.box)})`);
        else if (!c.onTop) problems.push(`${where}: the slider's ${c.name} covered at its centre`);
        for (const t of seen.trick) if (meet(c.box, t)) problems.push(`${where}: the slider's ${c.name} over a trick card`);
      }
      // Tab goes through what is on the screen before what is below it (the step buttons were
      // last, after the move list and the analysis below the table).
      const below = seen.stops.findIndex((x) => !x.on);
      const late = below < 0 ? [] : seen.stops.slice(below).filter((x) => x.on);
      if (late.length) problems.push(`${where}: Tab reaches ${late.map((x) => x.name).join(', ')} (on the screen) after ${seen.stops[below]!.name} (below it)`);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`the top bar at 280 to 440 px in ${locale}, for a player and a spectator: every button whole, on screen and on top; what it leaves out in the menu`, async () => {
      const problems: string[] = [];
      for (const [width, height] of [
        [280, 653],
        [320, 568],
        [360, 740],
        [390, 844],
      ] as const) {
        for (const variant of locale === 'en-US' ? (['classic', 'coinche'] as const) : (['coinche'] as const)) {
          const label = `${variant} ${width}×${height}`;
          const player = await newPage(width, height, locale);
          const id = await seated(player, variant);
          const guest = await newPage(width, height, locale);
          await guest.goto(`${base}/t/${id}`);
          await guest.waitForSelector('header [data-testid=scores] b');
          const note = async (page: Page, who: string, screen: string): Promise<void> => {
            for (const p of await barProblems(page, width, height)) problems.push(`${label}, ${who}, ${screen}: ${p}`);
            await page.screenshot({ path: path.join(SHOTS, `bar-${locale}-${variant}-${width}-${who}-${screen}.png`), clip: { x: 0, y: 0, width, height: 120 } });
          };
          await note(player, 'player', 'lobby');
          await note(guest, 'spectator', 'lobby');
          await player.click('[data-testid=start]');
          await bidAndPlay(player, { onBidding: () => note(player, 'player', 'bidding') });
          await guest.waitForSelector('header [data-testid=trump]', { state: 'attached' });
          await sleep(300);
          await note(player, 'player', 'play');
          await note(guest, 'spectator', 'play');
          // The same game's bar at the other phones' widths (the bar is CSS alone: a resize is a new phone).
          if (width === 390)
            for (const w of [375, 380, 412, 430, 440])
              for (const [page, who] of [
                [player, 'player'],
                [guest, 'spectator'],
              ] as const) {
                await page.setViewportSize({ width: w, height });
                await sleep(100);
                for (const p of await barProblems(page, w, height)) problems.push(`${variant} ${w}×${height}, ${who}, play: ${p}`);
                await page.screenshot({ path: path.join(SHOTS, `bar-${locale}-${variant}-${w}-${who}-play.png`), clip: { x: 0, y: 0, width: w, height: 120 } });
                if (w === 440) await page.setViewportSize({ width, height });
              }
          // The trump's taker named beside it (it was left out below 441 px): whole, or cut short
          // (…) to no less than its first letters; 280 px has no room for it (said to screen readers).
          if (width >= 300) {
            for (const [page, who] of [
              [player, 'player'],
              [guest, 'spectator'],
            ] as const) {
              const taker = await page.$eval('header [data-testid=trump]', (e) => {
                const name = e.querySelector('.taker');
                return name && name.getClientRects().length > 0 ? { text: name.textContent!, width: name.getBoundingClientRect().width, cut: name.scrollWidth > name.clientWidth + 0.5 } : null;
              });
              if (!taker) problems.push(`${label}, ${who}: no taker's name beside the trump`);
              else if (taker.cut && taker.width < 24) problems.push(`${label}, ${who}: the taker's name "${taker.text}" cut to ${Math.round(taker.width)} px`);
            }
          }
          // The score sheet and the last trick are in the bar, or else in its menu.
          for (const [what, button, item] of [
            ['the score sheet', 'header .sheet-btn', 'menu-sheet'],
            ['the last trick', 'header [data-testid=last-trick-btn]', 'menu-last-trick'],
          ] as const) {
            if (await player.$eval(button, (b) => b.getClientRects().length > 0)) continue;
            await press(player, 'header nav > button[aria-expanded]');
            const shown = await player.waitForSelector(`[data-testid=${item}]`, { timeout: 3_000 }).catch(() => null);
            if (!shown) problems.push(`${label}: ${what} neither in the bar nor in its menu`);
            await player.keyboard.press('Escape');
          }
          await player.context().close();
          await guest.context().close();
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  it("the hand at 360 px with the keyboard: the focused card leaves its right neighbour's index in view, its ring above it, over no index", async () => {
    const page = await newPage(360, 740, 'en-US');
    const cards = await handToPlay(page);
    expect(cards.length).toBeGreaterThanOrEqual(2);
    const hidden: string[] = [];
    const focusCard = async (k: number, shot?: string): Promise<void> => {
      await page.focus(slot(cards[k]!));
      expect(await page.$eval(slot(cards[k]!), (e) => e.matches(':focus-visible'))).toBe(true);
      await settled(page);
      if (shot) await page.screenshot({ path: path.join(SHOTS, shot) });
      hidden.push(...(await ringOverIndices(page, k)), ...(await ringGaps(page, k)));
    };
    for (let k = 0; k < cards.length - 1; k++) {
      await focusCard(k, k === 1 ? 'hand-focus-360.png' : undefined);
      // The neighbour's index: its card's top left corner (the rank and suit), what a look there finds.
      const on = await page.$eval(`${slot(cards[k + 1]!)} .card`, (c) => {
        const r = c.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width * 0.12, r.top + r.height * 0.12)?.closest('[data-card]')?.getAttribute('data-card') ?? null;
      });
      if (on !== cards[k + 1]) hidden.push(`${cards[k + 1]} under the focused ${cards[k]} (found ${String(on)})`);
      hidden.push(...(await ringUnder(page, k)));
    }
    // A dimmed card whose next two are playable, lifted into its ring's top side (a Q read as
    // an O there) and beside its right side: the classes a turn following suit gives them, set
    // here (what they look like is the hand's CSS), the cards checked to be lifted.
    expect(cards.length).toBeGreaterThanOrEqual(4);
    await setClasses(page, { dim: [1], playable: [2, 3] });
    const tops = await page.$$eval('[data-hand] .card', (els) => els.slice(1, 4).map((c) => c.getBoundingClientRect().top));
    expect(tops[0]! - tops[1]!, 'the playable neighbour lifted').toBeGreaterThan(8);
    await focusCard(1, 'hand-focus-lifted-360.png');
    expect(hidden).toEqual([]);
  });

  it("the hand at 360 px with a mouse and the keyboard: the focused card's ring over no index with a card under the pointer (lifted higher), above its neighbour while a refused card shakes", async () => {
    // A phone-sized window with a mouse (hover: hover) and motion.
    const page = await chrome.page({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, locale: 'en-US' }, 20_000);
    const cards = await handToPlay(page);
    expect(cards.length).toBeGreaterThanOrEqual(4);
    const problems: string[] = [];
    /** Card `k` focused from the keyboard and card `h` under the pointer (on its uncovered left part). */
    const focusAndHover = async (k: number, h: number, shot: string): Promise<void> => {
      await page.focus(slot(cards[k]!));
      const r = await page.$eval(`${slot(cards[h]!)} .card`, (c) => c.getBoundingClientRect().toJSON() as Box);
      await page.mouse.move(r.left + 6, r.top + (r.bottom - r.top) * 0.75);
      await settled(page);
      const lift = await page.$eval(slot(cards[h]!), (e) => e.matches(':hover') && e.matches('.playable'));
      expect(lift, `${cards[h]} under the pointer, playable`).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, shot) });
      for (const p of [...(await ringOverIndices(page, k)), ...(await ringGaps(page, k)), ...(await ringUnder(page, k))]) problems.push(`${p} (${cards[h]} under the pointer)`);
    };
    // The focused card under the pointer (lifted 0.3 of a card, not the keyboard's 0.2), its
    // next two not playable; then a dimmed focused card whose neighbour is under the pointer.
    await setClasses(page, { dim: [0, 2, 3], playable: [1] });
    await focusAndHover(1, 1, 'hand-hover-focus-360.png');
    await setClasses(page, { dim: [0, 1, 3], playable: [2] });
    await focusAndHover(1, 2, 'hand-hover-next-360.png');
    // A card one may not play refused (Enter on it): while it shakes its ring stays above its
    // neighbour and goes with it. The shake held at its left-most (a quarter of it in).
    await page.mouse.move(0, 0);
    await setClasses(page, { dim: [], playable: [] });
    // (leading a trick, every card may be played: played on until a turn with one that may not,
    // into the next deal if need be: about one deal in sixty has none in one's first seven turns)
    const refusable = (): Promise<string | null> =>
      page.$$eval('[data-hand] .slot', (slots) => slots.slice(0, -1).find((e) => e.getAttribute('data-playable') === 'false')?.getAttribute('data-card') ?? null);
    for (let turns = 0; !(await refusable()); turns++) {
      expect(turns, 'a turn with a card not playable, with a right neighbour, within three deals').toBeLessThan(24);
      const card = (await page.getAttribute('[data-hand] [data-playable=true]', 'data-card'))!;
      await page.$eval(slot(card), (e) => (e as HTMLElement).click());
      await page.waitForSelector(slot(card), { state: 'detached' });
      // One's next turn, or the deal's end: its summary continued, the next deal bid (its hand
      // dealt first: the last deal's trump is not this one's) until one's turn to play.
      const next = await page.waitForFunction(
        () =>
          document.querySelector('[data-testid=continue]:not([disabled])')
            ? 'summary'
            : document.querySelector('[data-testid=your-turn]') && document.querySelectorAll('[data-hand] [data-playable=true]').length > 0 && document.querySelectorAll('[data-hand] .waiting').length === 0,
        null,
        { timeout: 30_000 },
      );
      if ((await next.jsonValue()) !== 'summary') continue;
      await press(page, '[data-testid=continue]');
      await page.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
      await page.waitForSelector('[data-hand] [data-card]');
      await bidAndPlay(page);
      await myTurn(page);
    }
    const card = await refusable();
    expect(card, 'a card not playable, with a right neighbour').not.toBeNull();
    const refused = await page.$$eval('[data-hand] .slot', (slots, c) => slots.findIndex((e) => e.getAttribute('data-card') === c), card);
    await page.focus(slot(card!));
    await settled(page);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${slot(card!)}.refused`);
    const held = await page.$eval(slot(card!), (e) => {
      // (its own, its face's, its ring's: a pseudo-element's are the subtree's; the name scoped)
      const shakes = e.getAnimations({ subtree: true }).filter((a) => a instanceof CSSAnimation && /shake$/.test(a.animationName));
      for (const a of shakes) {
        a.pause();
        a.currentTime = 75;
      }
      return shakes.length;
    });
    expect(held, 'the refused card shakes').toBeGreaterThan(0);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: path.join(SHOTS, 'hand-refused-shake-360.png') });
    for (const p of await ringUnder(page, refused)) problems.push(`${p}, shaking`);
    expect(problems).toEqual([]);
  });

  it('the table menu at 360 px in en, fr and de: every entry on one line, inside the menu', async () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const page = await newPage(360, 740, locale);
      await seated(page, 'classic');
      await page.click('[data-testid=start]');
      // A game under way: the menu holds its record, its replay and the deal's seal.
      await page.waitForSelector('header [data-testid=scores] b');
      await press(page, 'header nav > button[aria-expanded]');
      await page.waitForSelector('[data-testid=menu] [data-testid=record-link]');
      await page.waitForSelector('[data-testid=menu] [data-testid=replay-menu-link]');
      await page.screenshot({ path: path.join(SHOTS, `menu-360-${locale}.png`) });
      const entries = await page.$eval('[data-testid=menu]', (menu) => {
        const box = menu.getBoundingClientRect();
        return [...menu.querySelectorAll<HTMLElement>('button, a, label')]
          .filter((e) => e.getClientRects().length > 0)
          .map((e) => {
            // The lines its own words take (a select's options aside): the tops of their boxes.
            const tops: number[] = [];
            const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.parentElement!.closest('select') || !n.nodeValue!.trim() ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
            for (let n = walk.nextNode(); n; n = walk.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(n);
              for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
            }
            const r = e.getBoundingClientRect();
            // a new line starts more than a third of a line below the one before
            const lines = tops.sort((a, b) => a - b).filter((t, i) => i === 0 || t - tops[i - 1]! > 6).length;
            return { text: e.textContent!.replace(/\s+/g, ' ').trim().slice(0, 60), lines, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 };
          });
      });
      expect(entries.length, `${locale}: the menu's entries`).toBeGreaterThanOrEqual(5);
      for (const e of entries) {
        if (e.lines > 1) problems.push(`${locale}: "${e.text}" on ${e.lines} lines`);
        if (!e.inside) problems.push(`${locale}: "${e.text}" runs out of the menu`);
      }
      await page.context().close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the score sheet at 280 px inside the screen (coinche, a finished deal), the deal summary too', async () => {
    const page = await newPage(280, 653, 'fr-FR');
    await seated(page, 'coinche');
    await page.click('[data-testid=start]');
    await bidAndPlay(page, { play: true });
    await page.screenshot({ path: path.join(SHOTS, 'summary-coinche-280-fr.png') });
    const summary = await dialogProblems(page, '[data-testid=deal-summary]');
    await press(page, '[data-testid=continue]');
    await page.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
    // The bar's button, or (left out of a narrow bar) the menu's.
    if (await page.$eval('header .sheet-btn', (b) => b.getClientRects().length > 0).catch(() => false)) await press(page, 'header .sheet-btn');
    else {
      await press(page, 'header nav > button[aria-expanded]');
      await press(page, '[data-testid=menu-sheet]');
    }
    await page.waitForSelector('[data-testid=sheet-modal] [data-deal-row]');
    await page.screenshot({ path: path.join(SHOTS, 'sheet-coinche-280-fr.png') });
    const sheet = await dialogProblems(page, '[data-testid=sheet-modal]');
    expect({ summary, sheet }).toEqual({ summary: [], sheet: [] });
  });

  it('the smallest phone (320×568), classic round 2: the three suits and Pass on one row, the retourne and its caption clear of every seat', async () => {
    const page = await newPage(320, 568, 'en-US');
    await seated(page, 'classic');
    await page.click('[data-testid=start]');
    // Pass in round 1 until round 2 comes round to this seat (a bot's taking plays the deal out).
    const deadline = Date.now() + 150_000;
    for (;;) {
      expect(Date.now(), 'one\'s turn in round 2 within 150 s').toBeLessThan(deadline);
      if ((await count(page, '[data-bid^="take-"]:not([disabled])')) > 0) break;
      if ((await count(page, '[data-testid=continue]:not([disabled])')) > 0) {
        await press(page, '[data-testid=continue]');
        await page.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
      } else if ((await count(page, '[data-bid=take]:not([disabled])')) > 0) {
        const version = await page.getAttribute('[data-version]', 'data-version');
        await press(page, '[data-bid=pass]');
        await page.waitForFunction((v) => document.querySelector('[data-version]')?.getAttribute('data-version') !== v, version);
      } else if ((await count(page, '[data-testid=your-turn]')) > 0 && (await count(page, '[data-playable=true]')) > 0) {
        const card = await page.getAttribute('[data-playable=true]', 'data-card');
        await press(page, `[data-card="${card}"]`);
        await page.waitForSelector(`[data-hand] [data-card="${card}"]`, { state: 'detached' });
      } else await sleep(40);
    }
    await page.waitForSelector('[data-bid=pass]', { state: 'visible' });
    await page.screenshot({ path: path.join(SHOTS, 'round2-320x568.png') });
    // The suits wrapped to a second row, and the taller panel left the table too little
    // height: the retourne's caption went under the bottom seat's plate.
    const { rows, retourne, plates } = await page.evaluate(() => {
      const box = (e: Element): { left: number; top: number; right: number; bottom: number } => e.getBoundingClientRect().toJSON() as DOMRect;
      return {
        rows: new Set([...document.querySelectorAll('[data-bid]')].map((b) => Math.round(b.getBoundingClientRect().top))).size,
        // the card (as drawn, turned a little) and its caption
        retourne: [...document.querySelectorAll('[data-testid=retourne] .flipper, [data-testid=retourne] > span')].map((e) => ({ what: e.matches('.flipper') ? 'the card' : 'its caption', ...box(e) })),
        plates: [...document.querySelectorAll('[data-seat]')].map((s) => ({ what: s.getAttribute('data-pos'), ...box(s.querySelector('.plate')!) })),
      };
    });
    const meeting = retourne.flatMap((r) => plates.filter((p) => p.left < r.right - 0.5 && r.left < p.right - 0.5 && p.top < r.bottom - 0.5 && r.top < p.bottom - 0.5).map((p) => `${r.what} meets ${p.what}`));
    expect({ rows, meeting }).toEqual({ rows: 1, meeting: [] });
  });

  it('the quick reactions at 320 and 360 px in en, fr and de: every reaction inside the open tray, clear of the chat\'s and the tray\'s own buttons', async () => {
    const problems: string[] = [];
    for (const locale of LOCALES)
      for (const [width, height] of [[320, 568], [360, 740]] as const) {
        const page = await newPage(width, height, locale);
        const res = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ rules: { target: 1000 }, options: {} }) });
        const { id } = (await res.json()) as { id: string };
        await page.goto(`${base}/t/${id}`);
        await page.waitForSelector('[data-testid=reactions-toggle]');
        await press(page, '[data-testid=reactions-toggle]');
        await page.waitForSelector('[data-testid=reactions] button');
        await page.screenshot({ path: path.join(SHOTS, `reactions-${width}-${locale}.png`) });
        // At 320 px the tray was narrower than its phrases: its last column ran out of it, over
        // its own button (French: over the button's centre, the tray then closed by no tap).
        const found = await page.evaluate(() => {
          const out: string[] = [];
          const tray = document.querySelector('[data-testid=reactions]')!.getBoundingClientRect();
          const toggles = [...document.querySelectorAll('[data-testid=reactions-toggle], [data-testid=chat-toggle]')];
          for (const b of document.querySelectorAll('[data-testid=reactions] button')) {
            const r = b.getBoundingClientRect();
            const what = b.getAttribute('aria-label') ?? b.textContent!.trim();
            if (r.left < tray.left - 0.5 || r.right > tray.right + 0.5) out.push(`"${what}" at x ${Math.round(r.left)}–${Math.round(r.right)}, out of the tray's ${Math.round(tray.left)}–${Math.round(tray.right)}`);
            for (const t of toggles) {
              const o = t.getBoundingClientRect();
              if (r.left < o.right - 0.5 && o.left < r.right - 0.5 && r.top < o.bottom - 0.5 && o.top < r.bottom - 0.5) out.push(`"${what}" over ${t.getAttribute('data-testid')}`);
            }
          }
          for (const t of toggles) {
            const o = t.getBoundingClientRect();
            if (!t.contains(document.elementFromPoint(o.left + o.width / 2, o.top + o.height / 2))) out.push(`${t.getAttribute('data-testid')} not what a tap at its centre reaches`);
          }
          return out;
        });
        problems.push(...found.map((f) => `${locale} ${width}: ${f}`));
        await page.context().close();
      }
    expect(problems).toEqual([]);
  });

  it('a table\'s lobby at 360 and 320 px in de, the reactions open: no control of the centre panel under the tray, each one reached by a tap once scrolled into view', async () => {
    const problems: string[] = [];
    for (const [width, height] of [[360, 740], [320, 568]] as const) {
      const page = await newPage(width, height, 'de-DE');
      await seated(page, 'classic');
      await press(page, '[data-testid=reactions-toggle]');
      await page.waitForSelector('[data-testid=reactions] button');
      await sleep(200);
      await page.screenshot({ path: path.join(SHOTS, `lobby-tray-${width}-de.png`) });
      // "Platz verlassen" lay under the open tray at 360×740, reached only by scrolling the panel.
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const lobby = document.querySelector('[data-testid=lobby]')!;
        const tray = document.querySelector('[data-testid=reactions]')!.getBoundingClientRect();
        const controls = [...lobby.querySelectorAll('button, a, input')].filter((e) => e.getClientRects().length > 0);
        if (controls.length < 4) out.push(`only ${controls.length} controls in the panel`);
        const name = (e: Element): string => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30) || e.tagName;
        const seen = lobby.getBoundingClientRect();
        for (const e of controls) {
          // What of it the panel shows (it scrolls inside): none of that under the tray.
          const r = e.getBoundingClientRect();
          const [top, bottom, left, right] = [Math.max(r.top, seen.top), Math.min(r.bottom, seen.bottom), Math.max(r.left, seen.left), Math.min(r.right, seen.right)];
          if (top < bottom && left < right && top < tray.bottom - 0.5 && bottom > tray.top + 0.5 && left < tray.right - 0.5 && right > tray.left + 0.5) out.push(`"${name(e)}" under the tray (y ${Math.round(top)}–${Math.round(bottom)}, the tray from ${Math.round(tray.top)})`);
        }
        // none is covered (the panel ends above the tray), so none is taken from the keyboard
        // either: what it scrolls out of sight is clipped, not under the tray (Tab brings it back)
        for (const e of controls) if (e.closest('[inert]')) out.push(`"${name(e)}" inert`);
        for (const e of controls) {
          e.scrollIntoView({ block: 'nearest' });
          const r = e.getBoundingClientRect();
          if (!e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))) out.push(`"${name(e)}" not reached by a tap once scrolled into view`);
        }
        return out;
      });
      problems.push(...found.map((f) => `${width}×${height}: ${f}`));
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });

  it('a laptop at 200 % (640×400): a deal summary taller than the screen scrolls inside, Continue reachable', async () => {
    const page = await newPage(640, 400, 'en-US', { phone: false });
    await seated(page, 'coinche');
    await page.click('[data-testid=start]');
    await bidAndPlay(page, { play: true });
    const tall = await page.$eval('[data-testid=deal-summary]', (e) => e.scrollHeight);
    expect(tall, 'the coinche deal summary taller than the screen (what this checks)').toBeGreaterThan(400);
    await page.screenshot({ path: path.join(SHOTS, 'summary-coinche-640x400.png') });
    expect(await dialogProblems(page, '[data-testid=deal-summary]')).toEqual([]);
    await page.$eval('[data-testid=continue]', (b) => b.scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: path.join(SHOTS, 'summary-coinche-640x400-end.png') });
  });
});
