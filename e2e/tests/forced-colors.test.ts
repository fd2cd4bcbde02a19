/**
 * Windows high contrast (`forced-colors: active`): the browser replaces the page's colours with
 * the system's few (Canvas, CanvasText, ButtonText, Highlight, GrayText …), drops gradients and
 * box shadows and keeps backgrounds' transparency. The table must stay playable: every card of
 * the hand and every back of the other seats drawn with an edge and an opaque background that
 * its ink reads on, playable cards told apart from the others, the bidding buttons and the home
 * page's choices outlined, the seat plates and the deal summary opaque (the table's rim not drawn
 * through them), the sit dialog's buttons outlined; each team told apart without its colour (a
 * line of its own, one style wherever drawn: the free seats' buttons, the seat plates, the top
 * bar's scores, the deal's tally, the score sheet's columns). In light and dark system themes (Chromium's
 * emulation follows the colour scheme). And the keyboard focus ring on a gold button (the home
 * page's create, the sit dialog's OK, the lobby's start, Take) in a colour apart from the gold,
 * in the normal look too. Screenshots
 * `forced-colors/<screen>-<theme>.png`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { playGame, recordOf, seededRng } from '@belote/rules';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, seatedWithBots, sleep, useBrowser } from './browser.js';

const base = inject('baseUrl');
const SHOTS = path.join(ARTIFACTS, 'forced-colors');
const chrome = useBrowser();
beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));

const count = (page: Page, selector: string): Promise<number> => page.$$eval(selector, (els) => els.length);

/** What an element's box looks like: its border (widest side), background, ink, outline and opacity. */
interface Look {
  what: string;
  border: number;
  borderStyle: string;
  borderColor: string;
  borderAlpha: number;
  bg: string;
  bgAlpha: number;
  ink: string;
  contrast: number;
  outline: number;
  outlineStyle: string;
  outlineColor: string;
  opacity: string;
  width: number;
}

/** The look of every element matching `selector` that is on the screen (a laid-out box). */
function looks(page: Page, selector: string): Promise<Look[]> {
  return page.$$eval(selector, (els) => {
    const rgba = (c: string): [number, number, number, number] => {
      const m = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0, m.length > 3 ? m[3]! : 1];
    };
    const lum = ([r, g, b]: number[]): number => {
      const f = (v: number): number => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const contrast = (a: string, b: string): number => {
      const [x, y] = [lum(rgba(a)), lum(rgba(b))];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    return els
      .filter((e) => e.getBoundingClientRect().width > 0)
      .map((e) => {
        const s = getComputedStyle(e);
        const sides = (['Top', 'Right', 'Bottom', 'Left'] as const).map((k) => ({
          w: parseFloat(s.getPropertyValue(`border-${k.toLowerCase()}-width`)),
          style: s.getPropertyValue(`border-${k.toLowerCase()}-style`),
          color: s.getPropertyValue(`border-${k.toLowerCase()}-color`),
        }));
        const side = sides.reduce((a, b) => (b.w > a.w ? b : a));
        return {
          what: e.getAttribute('data-card') ?? e.closest('[data-card]')?.getAttribute('data-card') ?? e.getAttribute('data-bid') ?? e.getAttribute('data-testid') ?? e.textContent?.trim().slice(0, 24) ?? e.className,
          border: Math.min(...sides.map((x) => (x.style === 'none' || x.style === 'hidden' ? 0 : x.w))),
          borderStyle: side.style,
          borderColor: side.color,
          borderAlpha: Math.min(...sides.map((x) => rgba(x.color)[3])),
          bg: s.backgroundColor,
          bgAlpha: rgba(s.backgroundColor)[3],
          ink: s.color,
          contrast: contrast(s.backgroundColor, s.color),
          outline: s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth),
          outlineStyle: s.outlineStyle,
          outlineColor: s.outlineColor,
          opacity: s.opacity,
          width: e.getBoundingClientRect().width,
        };
      });
  });
}

/** The contrast ratio (WCAG) of two computed colours, `rgb(…)`. */
function contrast(a: string, b: string): number {
  const lum = (c: string): number => {
    const [r = 0, g = 0, bl = 0] = (c.match(/[\d.]+/g) ?? []).map(Number).map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The system's Canvas and CanvasText as this page resolves them. */
function systemColours(page: Page): Promise<{ canvas: string; canvasText: string }> {
  return page.evaluate(() => {
    const d = document.createElement('div');
    d.style.cssText = 'position:absolute;background:Canvas;color:CanvasText';
    document.body.append(d);
    const s = getComputedStyle(d);
    const out = { canvas: s.backgroundColor, canvasText: s.color };
    d.remove();
    return out;
  });
}

/** Each element has an edge one sees: a border at least `min` px wide, drawn, in an opaque colour. */
function outlined(found: Look[], where: string, min = 1): void {
  expect(found.length, `${where}: some on the screen`).toBeGreaterThan(0);
  for (const l of found) {
    expect(l.border, `${where}: ${l.what}'s border (${l.borderStyle} ${l.borderColor})`).toBeGreaterThanOrEqual(min);
    // (Chromium's emulated Highlight is 80 % opaque)
    expect(l.borderAlpha, `${where}: ${l.what}'s border colour ${l.borderColor}`).toBeGreaterThanOrEqual(0.8);
  }
}

/** Each element is a card drawn on the system's Canvas (opaque), its ink reading on it. */
function onCanvas(found: Look[], where: string, canvas: string, minContrast = 4.5): void {
  for (const l of found) {
    expect(l.bgAlpha, `${where}: ${l.what}'s background ${l.bg} opaque`).toBe(1);
    expect(l.bg, `${where}: ${l.what}'s background is Canvas`).toBe(canvas);
    expect(l.contrast, `${where}: ${l.what}'s ink ${l.ink} on ${l.bg}`).toBeGreaterThanOrEqual(minContrast);
  }
}

/** A look's tell-tale for "playable or not": what a forced palette keeps (border, outline, opacity). */
const tell = (l: Look): string => `${l.border} ${l.borderStyle} ${l.borderColor} / ${l.outline} ${l.outlineStyle} / ${l.opacity}`;

/** The line each element matching `selector` draws (its border sides 2 px wide or more: side, width, style), and the team it stands for. */
function lines(page: Page, selector: string): Promise<{ team: number; line: string }[]> {
  return page.$$eval(selector, (els) =>
    els
      .filter((e) => e.getBoundingClientRect().width > 0)
      .map((e) => {
        const s = getComputedStyle(e);
        const line = ['top', 'right', 'bottom', 'left']
          .map((k) => ({ k, w: parseFloat(s.getPropertyValue(`border-${k}-width`)), style: s.getPropertyValue(`border-${k}-style`) }))
          .filter((b) => b.w >= 2 && b.style !== 'none' && b.style !== 'hidden')
          .map((b) => `${b.k} ${b.w}px ${b.style}`)
          .join(', ');
        return { team: e.closest('.team-0, .team-ink-0') ? 0 : e.closest('.team-1, .team-ink-1') ? 1 : -1, line };
      }),
  );
}

/**
 * The teams told apart without their colours: every element of a team drawn with the same line
 * (2 px or more), the two teams' lines not alike.
 */
function teamsApart(found: { team: number; line: string }[], where: string): void {
  const by = [0, 1].map((tm) => [...new Set(found.filter((f) => f.team === tm).map((f) => f.line))]);
  for (const tm of [0, 1]) {
    expect(by[tm], `${where}: team ${tm}'s lines, one for all its own`).toHaveLength(1);
    expect(by[tm]![0], `${where}: team ${tm} drawn with a line`).not.toBe('');
  }
  expect(by[0]![0], `${where}: the two teams' lines apart`).not.toBe(by[1]![0]);
}

/** Focuses `selector` as a keyboard user would have it (the ring shown): a key pressed first. */
async function keyboardFocus(page: Page, selector: string): Promise<Look> {
  await page.keyboard.press('Shift');
  // (at a live deal the bidding buttons are hidden until the cards have landed)
  await page.waitForSelector(selector, { state: 'visible' });
  await page.focus(selector);
  expect(await page.$eval(selector, (e) => e.matches(':focus-visible')), `${selector} focus-visible`).toBe(true);
  // Reduced motion makes every change a 1 ms transition (app.css): the ring is read once it is over.
  await page.waitForFunction((s) => document.querySelector(s)!.getAnimations().every((a) => a.playState === 'finished'), selector);
  return (await looks(page, selector))[0]!;
}

/** A new table's sit dialog for seat 0, the name typed: its OK button ready (Cancel closes it). */
async function sitDialog(page: Page): Promise<void> {
  const res = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ rules: { target: 1001 } }) });
  const { id } = (await res.json()) as { id: string };
  await page.goto(`${base}/t/${id}`);
  await page.click('[data-sit="0"]');
  await page.fill('[data-testid=name-input]', 'Maximilian');
  await page.waitForSelector('[data-testid=sit-confirm]:not([disabled])');
}

/** Makes the call `bid` and waits for the table to apply it. */
async function bidAndWait(page: Page, bid: string): Promise<void> {
  const version = await page.getAttribute('[data-version]', 'data-version');
  await page.click(`[data-bid=${bid}]`);
  await page.waitForFunction((v) => document.querySelector('[data-version]')?.getAttribute('data-version') !== v, version);
}

/** Plays the first playable card of the hand and waits for it to leave the hand. */
async function playACard(page: Page): Promise<void> {
  const slot = await page.$('[data-hand] .playable[data-card]');
  const card = await slot?.getAttribute('data-card');
  if (!card) return void (await sleep(40));
  await page.click(`[data-card="${card}"]`, { position: { x: 8, y: 14 } });
  await page.waitForSelector(`[data-card="${card}"]`, { state: 'detached' });
}

/**
 * Plays on (Take when offered, else Pass; the first playable card; Continue after a deal) until
 * `stop` says the screen to check is up.
 */
async function playUntil(page: Page, what: string, stop: () => Promise<boolean>, { take = true } = {}): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await stop())) {
    expect(Date.now(), `${what} within 90 s`).toBeLessThan(deadline);
    expect(await count(page, '[data-testid=game-over]'), `${what} before the game's end`).toBe(0);
    if ((await count(page, '[data-testid=continue]:not([disabled])')) > 0) {
      await page.click('[data-testid=continue]');
      await page.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
    } else if (take && (await count(page, '[data-bid=take]')) > 0) await bidAndWait(page, 'take');
    // (Pass only once Take is known not offered: the panel may come between the checks.)
    else if ((await count(page, '[data-bid=pass]')) > 0 && (take || (await count(page, '[data-bid=take]')) === 0)) await bidAndWait(page, 'pass');
    else if ((await count(page, '[data-testid=your-turn]')) > 0) await playACard(page);
    else await sleep(40);
  }
}

describe('forced colours (Windows high contrast)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme} theme: cards, backs, buttons, choices, plates and the deal summary drawn with edges on Canvas; playable cards told apart`, async () => {
      const page = await chrome.page({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US', reducedMotion: 'reduce', forcedColors: 'active', colorScheme: theme }, 15_000);
      await page.goto(`${base}/`);
      const { canvas } = await systemColours(page);

      // The home page's choices (radio buttons drawn as pills): each outlined, the chosen one apart.
      await page.waitForSelector('.seg label');
      await page.screenshot({ path: path.join(SHOTS, `home-${theme}.png`), fullPage: true });
      const choices = await looks(page, '.seg label');
      outlined(choices, 'home choice');
      const chosen = await looks(page, '.seg label.on');
      const others = await looks(page, '.seg label:not(.on)');
      expect(chosen.length).toBeGreaterThan(0);
      for (const c of chosen) for (const o of others) expect(`${c.bg} ${tell(c)}`, `the chosen ${c.what} apart from ${o.what}`).not.toBe(`${o.bg} ${tell(o)}`);
      outlined(await looks(page, '[data-testid=create]'), 'create');

      // The sit dialog: OK and Cancel outlined (their fills are dropped), OK's focus ring drawn.
      await sitDialog(page);
      await page.screenshot({ path: path.join(SHOTS, `sit-${theme}.png`) });
      // Each free seat's team: its button's edge (the team's colour was all that told it).
      teamsApart(await lines(page, '[data-sit]'), 'free seat');
      outlined(await looks(page, '[data-testid=sit-confirm]'), 'sit OK');
      outlined(await looks(page, '[role=dialog] form button:not([type=submit])'), 'sit Cancel');
      expect((await keyboardFocus(page, '[data-testid=sit-confirm]')).outline, 'sit OK: focus ring').toBeGreaterThanOrEqual(2);

      await seatedWithBots(page, base, { target: 1001 });
      outlined(await looks(page, '[data-testid=start]'), 'start');
      expect((await keyboardFocus(page, '[data-testid=start]')).outline, 'start: focus ring').toBeGreaterThanOrEqual(2);
      await page.click('[data-testid=start]');

      // Bidding: the buttons outlined, the hand's cards and the other seats' backs on Canvas.
      await playUntil(page, 'Take offered', async () => (await count(page, '[data-bid=take]')) > 0, { take: false });
      await page.waitForFunction(() => document.querySelectorAll('[data-seat] .backs .back').length === 15 && document.querySelectorAll('[data-hand] .card').length === 5);
      await page.screenshot({ path: path.join(SHOTS, `bidding-${theme}.png`) });
      outlined(await looks(page, '[data-bid]'), 'bidding button');
      const hand = await looks(page, '[data-hand] .card');
      expect(hand.length).toBe(5);
      outlined(hand, 'hand card');
      onCanvas(hand, 'hand card', canvas);
      const backs = await looks(page, '[data-seat] .backs .back');
      outlined(backs, 'back');
      onCanvas(backs, 'back', canvas, 1.5);
      for (const b of backs) expect(b.bg, `back ${b.what}: its background apart from its edge`).not.toBe(b.borderColor);
      const retourne = await looks(page, '[data-testid=retourne] .face .card');
      outlined(retourne, 'retourne');
      onCanvas(retourne, 'retourne', canvas);
      // The seat plates are opaque: the table's rim is not drawn through them.
      for (const p of await looks(page, '[data-seat] .plate')) expect(p.bgAlpha, `${p.what}'s plate opaque`).toBe(1);
      expect((await keyboardFocus(page, '[data-bid=take]')).outline, 'Take: focus ring').toBeGreaterThanOrEqual(2);

      // Playing: playable cards apart from the others (a dimming filter is not enough).
      await playUntil(page, 'a turn with playable and unplayable cards', async () => (await count(page, '[data-hand] .playable .card')) > 0 && (await count(page, '[data-hand] .dim .card')) > 0);
      await page.mouse.move(0, 0);
      await sleep(200);
      await page.screenshot({ path: path.join(SHOTS, `play-${theme}.png`) });
      const playable = await looks(page, '[data-hand] .playable .card');
      const dim = await looks(page, '[data-hand] .dim .card');
      expect(playable.length).toBeGreaterThan(0);
      expect(dim.length).toBeGreaterThan(0);
      outlined([...playable, ...dim], 'hand card');
      onCanvas(playable, 'playable card', canvas);
      onCanvas(dim, 'unplayable card', canvas, 3);
      for (const p of playable) for (const d of dim) expect(tell(p), `playable ${p.what} apart from unplayable ${d.what}`).not.toBe(tell(d));
      const trick = await looks(page, '[data-trick-card] .card');
      outlined(trick, 'trick card');
      onCanvas(trick, 'trick card', canvas);

      // Each seat's team, and each team's score in the top bar, the deal's tally (on a phone its
      // names hidden) and the score sheet's columns: a line of the team's own, the same in all of
      // them (their colours were all that told the teams apart).
      await page.waitForSelector('[data-testid=deal-score]');
      const seats = await lines(page, '[data-seat] .plate');
      expect(seats.map((l) => l.team).sort(), 'the four seats').toEqual([0, 0, 1, 1]);
      teamsApart(seats, 'seat plate');
      const scores = await lines(page, 'header [data-testid=scores] .score');
      const tally = await lines(page, '[data-testid=deal-score] > div');
      await page.click('header .sheet-btn');
      await page.waitForSelector('[data-testid=sheet-modal] thead');
      await page.screenshot({ path: path.join(SHOTS, `sheet-${theme}.png`) });
      const sheet = await lines(page, '[data-testid=sheet-modal] thead th:is(.team-ink-0, .team-ink-1)');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=sheet-modal]', { state: 'detached' });
      for (const [what, found] of [
        ['top bar score', scores],
        ["deal's tally", tally],
        ['score sheet column', sheet],
      ] as const) {
        expect(found.length, `${what}: both teams`).toBe(2);
        teamsApart(found, what);
      }
      // (one key: a team's line is of one style wherever it is drawn)
      for (const tm of [0, 1]) {
        const styles = new Set([seats, scores, tally, sheet].flatMap((found) => found.filter((f) => f.team === tm).flatMap((f) => f.line.split(', ').map((side) => side.split(' ')[2]))));
        expect([...styles], `team ${tm}: its line's style, the same everywhere`).toHaveLength(1);
      }

      // The deal summary: an opaque panel (the rim and plates not seen through it), Continue outlined.
      await playUntil(page, 'the deal summary', async () => (await count(page, '[data-testid=continue]:not([disabled])')) > 0);
      await page.screenshot({ path: path.join(SHOTS, `summary-${theme}.png`) });
      const summary = await looks(page, '[data-testid=deal-summary]');
      outlined(summary, 'deal summary');
      expect(summary[0]!.bgAlpha, 'the deal summary opaque').toBe(1);
      outlined(await looks(page, '[data-testid=continue]'), 'continue');
      expect((await keyboardFocus(page, '[data-testid=continue]')).outline, 'Continue: focus ring').toBeGreaterThanOrEqual(2);
      await page.context().close();
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme} theme: the replay's charts (running totals, the deal's evaluation) drawn in colours that read on Canvas`, async () => {
      const file = path.join(SHOTS, 'charts-game.json');
      writeFileSync(file, JSON.stringify(recordOf(playGame({ target: 301 }, seededRng('e2e-forced-charts')).state)));
      const page = await chrome.page({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US', reducedMotion: 'reduce', forcedColors: 'active', colorScheme: theme }, 15_000);
      await page.goto(`${base}/`);
      const { canvas } = await systemColours(page);
      await page.setInputFiles('[data-testid=open-record]', file);
      await page.waitForSelector('[data-testid=score-chart]');
      await page.waitForSelector('[data-testid=eval-figure] svg', { timeout: 120_000 });
      // (the cursor's line on the deal, past its first step)
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const inks = await page.$$eval('[data-testid=score-chart] :is(.target, .now, .target-label), [data-testid=eval-figure] svg :is(.grid.zero, .line, .now, .tick)', (els) =>
        els.map((e) => {
          const s = getComputedStyle(e);
          return { what: e.getAttribute('class')!.split(' ').filter((c) => !c.startsWith('svelte-')).join('.'), ink: e.tagName === 'text' ? s.fill : s.stroke };
        }),
      );
      for (const what of ['target', 'now', 'target-label', 'grid.zero', 'line', 'tick']) expect(inks.some((i) => i.what === what), `${theme}: a ${what} drawn`).toBe(true);
      for (const i of inks) expect(contrast(i.ink, canvas), `${theme}: the ${i.what}'s ${i.ink} on Canvas ${canvas}`).toBeGreaterThanOrEqual(3);
      await page.screenshot({ path: path.join(SHOTS, `replay-charts-${theme}.png`), fullPage: true });
      await page.context().close();
    });
  }

  it('the normal look: the focus ring on a gold button is not gold, and reads on the dark table', async () => {
    const page = await chrome.page({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US', reducedMotion: 'reduce' }, 15_000);
    await page.goto(`${base}/`);
    const [gold, night] = await page.evaluate(() =>
      ['--accent', '--night'].map((v) => {
        const d = document.createElement('div');
        d.style.color = `var(${v})`;
        document.body.append(d);
        const c = getComputedStyle(d).color;
        d.remove();
        return c;
      }),
    );
    // The ring a colour of its own: a gold one read as the button itself, a larger button with a
    // thin dark line round it.
    const ringApart = async (selector: string): Promise<void> => {
      const l = await keyboardFocus(page, selector);
      expect(l.outline, `${selector}: ring width`).toBeGreaterThanOrEqual(2);
      expect(l.outlineColor, `${selector}: its ring not the gold of the button`).not.toBe(gold);
      const c = contrast(l.outlineColor, night!);
      expect(c, `${selector}: its ring ${l.outlineColor} on the dark table ${night}`).toBeGreaterThanOrEqual(3);
    };
    await ringApart('[data-testid=create]');
    await page.screenshot({ path: path.join(SHOTS, 'normal-create-focus.png') });
    // The sit dialog's OK: app.css's ring for the gold buttons (white, a dark band apart from the
    // gold), as a bare .btn-gold has it.
    const ring = async (selector: string): Promise<{ outline: string; shadow: string }> => {
      await keyboardFocus(page, selector);
      return page.$eval(selector, (e) => {
        const s = getComputedStyle(e);
        return { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.outlineOffset}`, shadow: s.boxShadow };
      });
    };
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button class="btn-gold" id="ring-probe">probe</button>'));
    const shared = await ring('#ring-probe');
    // (create and start are raised by a shadow of their own: focused, the shared ring's band replaces it)
    expect(await ring('[data-testid=create]'), "the home page's create: the shared ring of the gold buttons").toEqual(shared);
    await sitDialog(page);
    await ringApart('[data-testid=sit-confirm]');
    expect(await ring('[data-testid=sit-confirm]'), "the sit dialog's OK: the shared ring of the gold buttons").toEqual(shared);
    await page.screenshot({ path: path.join(SHOTS, 'normal-sit-focus.png') });
    await seatedWithBots(page, base, { target: 1001 });
    await ringApart('[data-testid=start]');
    expect(await ring('[data-testid=start]'), "the lobby's start: the shared ring of the gold buttons").toEqual(shared);
    await page.click('[data-testid=start]');
    await playUntil(page, 'Take offered', async () => (await count(page, '[data-bid=take]')) > 0, { take: false });
    await ringApart('[data-bid=take]');
    await page.screenshot({ path: path.join(SHOTS, 'normal-take-focus.png') });
    await page.context().close();
  });
});
