/**
 * Every screen at phone (390×844) and desktop (1280×800) size, against a server of its own
 * (a deal summary that stays long enough to be checked): home, lobby, the sit dialog,
 * bidding, play, an illegal card's reason, the deal summary, the score sheet, game over and
 * the game's replay with its analysis (its end, a decision from the move list with the
 * players' marks, "what if" choosing a card and its line).
 * On each: axe-core (no serious or critical violation; everything it finds is printed) and
 * a screenshot in test-artifacts/screens/; also a spectator's table, in French. Two people play (a phone at seat 0, a desktop at
 * seat 1, both with 10-letter names, so each sees the other at a side seat) with two bots,
 * to 501. Along the way, the table details: whole names at the side seats, a round trump
 * badge clear of the menu (also in a spectator's header), the refusal clear of the
 * playable cards, one invite link in the desktop lobby, the name field focused; team names on
 * one line in the running score and the score sheet, the deal summary's trump readable on its
 * panel, a spectator's chat that opens tall on a phone and shows its
 * placeholder whole. Then the states the app added for a phone (issue 26): cards in flight
 * while a deal is dealt, the table menu (sounds, turn notifications), the home page offering
 * to install and offline.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { SIZES, auditScreen, axeResults, blocking, describeFindings, describeScreen, type ScreenFindings, type Size } from './axe.js';
import { ARTIFACTS, addBot, resize, seatedWithBots, sleep, useBrowser, watch } from './browser.js';

const SHOTS = path.join(ARTIFACTS, 'screens');

let server: ServerProcess;
const chrome = useBrowser({ alongside: async () => void (server = await startServerProcess({ BOT_DELAY_MS: '0', DEAL_PAUSE_MS: '60000' })) });
/** What axe found, per screen and size (printed at the end). */
const found: ScreenFindings[] = [];

interface Human {
  name: string;
  seat: number;
  size: Size;
  page: Page;
}
let max: Human; // phone, seat 0, host
let bern: Human; // desktop, seat 1

beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));

afterAll(async () => {
  // (undecided: what axe could not judge, counted per rule; fails nothing, see e2e/README.md)
  console.info(`axe-core results\n${found.map(describeScreen).join('\n')}`);
  await server?.stop();
});

function newPage(size: Size, locale = 'en-US'): Promise<Page> {
  return chrome.page({ viewport: SIZES[size], hasTouch: size === 'phone', locale, reducedMotion: 'reduce', bypassCSP: true }, 15_000);
}

const count = (page: Page, selector: string): Promise<number> => page.$$eval(selector, (els) => els.length);

/** axe-core and a screenshot of `page` at both sizes, then back to `home` size. */
const check = (page: Page, screen: string, home: Size, extra?: (size: Size) => Promise<void>): Promise<void> => auditScreen(page, SHOTS, screen, home, found, extra);

/** Visible elements matching `selector`. */
const visible = (page: Page, selector: string): Promise<number> =>
  page.$$eval(selector, (els) => els.filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden').length);

/**
 * Every seat's name shown whole (no ellipsis) and inside the screen, once the page has settled
 * after a resize: once in six runs (in the whole suite, under load) a side seat's name was read
 * 13 px off the screen's edge and was back in place on every other run; a name that stays out
 * fails, a passing state is only logged (with a screenshot) so that it can be looked at.
 */
async function namesWhole(page: Page, size: Size): Promise<void> {
  const width = SIZES[size].width;
  const read = () =>
    page.$$eval('[data-seat] .name', (els) =>
      els.map((e) => ({ text: e.textContent, cut: e.scrollWidth > e.clientWidth + 1, ...(e.getBoundingClientRect().toJSON() as DOMRect) })),
    );
  const whole = (w: number) => [...document.querySelectorAll('[data-seat] .name')].every((e) => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().left >= 0 && e.getBoundingClientRect().right <= w);
  let names = await read();
  if (names.length === 4 && !(await page.evaluate(whole, width))) {
    console.info(`names not yet in place at ${size}: ${JSON.stringify(names.map((n) => [n.text, Math.round(n.left), Math.round(n.right), n.cut]))}`);
    await page.screenshot({ path: path.join(SHOTS, `names-settling-${size}.png`) });
    await page.waitForFunction(whole, width, { timeout: 3000 }).catch(() => {});
    names = await read();
  }
  expect(names).toHaveLength(4);
  for (const n of names) {
    expect(n.cut, `${n.text} cut at ${size}`).toBe(false);
    expect(n.left, `${n.text} left at ${size}`).toBeGreaterThanOrEqual(0);
    expect(n.right, `${n.text} right at ${size}`).toBeLessThanOrEqual(SIZES[size].width);
  }
}

/** Where the side panel is shown (desktop), a dialog is centred over the felt, left of the panel. */
async function overTheFelt(page: Page, dialog: string, size: Size): Promise<void> {
  const r = await page.evaluate((sel) => {
    const side = document.querySelector('aside.side');
    const felt = document.querySelector('.felt');
    const box = document.querySelector(sel)!.getBoundingClientRect();
    return side && side.getClientRects().length > 0 && felt
      ? { sideLeft: side.getBoundingClientRect().left, right: box.right, centre: (box.left + box.right) / 2, feltCentre: (felt.getBoundingClientRect().left + felt.getBoundingClientRect().right) / 2 }
      : null;
  }, dialog);
  if (size === 'desktop') expect(r, 'the side panel at desktop size').not.toBeNull();
  if (!r) return;
  expect(r.right, `${dialog} clear of the side panel at ${size}`).toBeLessThanOrEqual(r.sideLeft);
  expect(Math.abs(r.centre - r.feltCentre), `${dialog} centred over the felt at ${size}`).toBeLessThan(2);
}

/** The trump badge is round, and clear of its neighbours in the header. */
async function trumpBadgeClear(page: Page, label: string): Promise<void> {
  const r = await page.$eval('[data-testid=trump]', (el) => {
    const pip = el.querySelector('.trump-pip')!.getBoundingClientRect();
    const badge = el.getBoundingClientRect();
    const scores = document.querySelector('[data-testid=scores]')!.getBoundingClientRect();
    const next = [...document.querySelectorAll('header nav button')].find((b) => b.getClientRects().length > 0)!.getBoundingClientRect();
    return { w: pip.width, h: pip.height, before: badge.left - scores.right, after: next.left - badge.right };
  });
  expect(Math.abs(r.w - r.h), `${label}: trump badge ${r.w}×${r.h}`).toBeLessThan(1);
  expect(r.before, `${label}: space between scores and trump`).toBeGreaterThanOrEqual(4);
  expect(r.after, `${label}: space between trump and menu`).toBeGreaterThanOrEqual(4);
}

/** Each text on one line (no wrapped team name): its line boxes all start at one height. */
async function oneLine(page: Page, selector: string, label: string): Promise<void> {
  const lines = await page.$$eval(selector, (els) =>
    els
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top / 4)));
        return { text: e.textContent, lines: tops.size };
      }),
  );
  expect(lines.length, `${label}: ${selector}`).toBeGreaterThan(0);
  for (const l of lines) expect(l.lines, `${label}: "${l.text}" on ${l.lines} lines`).toBeLessThanOrEqual(1);
}

/**
 * The deal summary's trump symbol reads on what is behind it: its ink against the nearest
 * painted background, at least 3:1 (WCAG's for graphics; axe skips it, being aria-hidden).
 */
async function trumpReadable(page: Page, label: string): Promise<void> {
  const r = await page.$eval('[data-testid=summary-contract] svg.suit', (svg) => {
    const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
    let back: Element | null = svg.parentElement;
    while (back && rgb(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
    const lum = (c: number[]): number => {
      const [r, g, b] = c.slice(0, 3).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ink = lum(rgb(getComputedStyle(svg).fill));
    const bg = lum(rgb(back ? getComputedStyle(back).backgroundColor : 'rgb(0, 0, 0)'));
    return { suit: svg.getAttribute('class'), ratio: (Math.max(ink, bg) + 0.05) / (Math.min(ink, bg) + 0.05) };
  });
  expect(r.ratio, `${label}: trump ${r.suit} contrast`).toBeGreaterThanOrEqual(3);
}

/** A spectator's phone chat opens tall: over most of the table (it was about five lines). */
async function chatTall(page: Page): Promise<void> {
  const r = await page.$eval('.floating', (el) => ({ panel: el.getBoundingClientRect().height, table: (el as HTMLElement).offsetParent!.getBoundingClientRect().height }));
  expect(r.panel, `spectator's chat ${r.panel.toFixed(0)} px over a table of ${r.table.toFixed(0)} px`).toBeGreaterThanOrEqual(0.8 * r.table);
}

/** The chat's message field shows its placeholder whole. */
async function placeholderWhole(page: Page, label: string): Promise<void> {
  const r = await page.$eval('[data-testid=chat-input]', (el) => {
    const input = el as HTMLInputElement;
    const cs = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = cs.font;
    return { text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
  });
  expect(r.text, `${label}: placeholder ${r.text.toFixed(0)} px in ${r.room.toFixed(0)} px`).toBeLessThanOrEqual(r.room);
}

/** The illegal card's reason covers none of the playable cards. */
async function refusalClear(page: Page, size: Size): Promise<void> {
  const overlaps = await page.evaluate(() => {
    const shown = document.querySelector('[data-testid=refusal]');
    if (!shown) return ['(the reason was gone before it could be measured)'];
    const t = shown.getBoundingClientRect();
    // It stands in place of the turn cue (not over it), clear of the playable cards and the name plates.
    const cue = document.querySelector('[data-testid=your-turn]') ? ['the your-turn cue is shown beside it'] : [];
    // A playable card's face is lifted inside its slot: measure the face.
    return [...document.querySelectorAll('[data-playable=true] > .card, [data-seat] .plate')]
      .map((c) => ({ card: c.parentElement!.getAttribute('data-card') ?? `plate of seat ${c.closest('[data-seat]')!.getAttribute('data-seat')}`, r: c.getBoundingClientRect() }))
      .filter(({ r }) => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)
      .map(({ card, r }) => `${card} ${Math.round(r.top)}-${Math.round(r.bottom)} under ${Math.round(t.top)}-${Math.round(t.bottom)} (${shown.parentElement!.className})`)
      .concat(cue);
  });
  expect(overlaps, `refusal over playable cards, a name plate or beside the turn cue at ${size}`).toEqual([]);
}

async function sit(h: Human): Promise<void> {
  await h.page.click(`[data-sit="${h.seat}"]`);
  // The name field has the focus as soon as the dialog opens (no extra tap on a phone).
  await h.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'name-input');
  if (h.seat === 0) await check(h.page, 'sit', h.size);
  await h.page.fill('[data-testid=name-input]', h.name);
  await h.page.click('[data-testid=sit-confirm]');
  await h.page.waitForSelector(`[data-seat="${h.seat}"] >> text=${h.name}`);
}

describe('every screen at phone and desktop size', () => {
  it('home, lobby, bidding, play, deal summary, score sheet and game over', async () => {
    max = { name: 'Maximilian', seat: 0, size: 'phone', page: await newPage('phone') };
    bern = { name: 'Bernadette', seat: 1, size: 'desktop', page: await newPage('desktop') };
    await max.page.goto(`${server.url}/`);
    // The home page is a chunk of its own: wait for its form before reading it.
    await max.page.waitForSelector('[data-testid=create]');
    // Targets in order; the default one chosen.
    expect(await max.page.$$eval('input[name=target]', (els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['301', '501', '1000', '1001']);
    await check(max.page, 'home', 'phone');

    await max.page.click('text=501');
    await max.page.click('[data-testid=create]');
    await max.page.waitForURL(/\/t\//);
    await sit(max);
    await bern.page.goto(max.page.url());
    await sit(bern);
    for (const seat of [2, 3]) await addBot(max.page, seat);
    await max.page.waitForSelector('[data-testid=start]:not([disabled])');
    // The desktop lobby shows the invite link once (in the middle of the table, not also in the side panel).
    await check(max.page, 'lobby', 'phone', async () => {
      expect(await visible(max.page, '[data-testid=invite-url]')).toBe(1);
      expect(await visible(max.page, '[data-testid=copy-link]')).toBe(1);
    });
    await max.page.click('[data-testid=start]');
    const eve = await newPage('phone', 'fr-FR'); // a spectator, in French
    await eve.goto(max.page.url());

    const humans = [max, bern];
    const done = new Set<string>();
    let summaries = 0;
    const deadline = Date.now() + 200_000;
    while ((await count(max.page, '[data-testid=game-over]')) === 0) {
      expect(Date.now()).toBeLessThan(deadline);
      let acted = false;
      if ((await count(max.page, '[data-testid=deal-summary]')) > 0) {
        if (!done.has('summary')) {
          await check(max.page, 'deal-summary', 'phone', async (size) => {
            await trumpReadable(max.page, `deal summary at ${size}`);
            await overTheFelt(max.page, '[data-testid=deal-summary]', size);
          });
          done.add('summary');
        }
        summaries++;
        // Each player continues (the summary stays until both have; the bots are ready at once).
        // The deal pause (60 s here) waits for both: a summary checked with axe on a busy machine is not closed under the check.
        for (const h of humans) if ((await count(h.page, '[data-testid=continue]:not([disabled])')) > 0) await h.page.click('[data-testid=continue]:not([disabled])', { timeout: 3000 }).catch(() => {});
        if (!done.has('sheet')) {
          // Phone: the sheet opens from the header; desktop: it is the side panel.
          await max.page.click('button[aria-label^="Score sheet,"]');
          await max.page.waitForSelector('[data-testid=sheet-modal] [data-deal-row="0"]');
          await check(max.page, 'score-sheet', 'phone', async (size) => {
            if (size === 'desktop') {
              await max.page.keyboard.press('Escape');
              await max.page.waitForSelector('[data-testid=sheet-modal]', { state: 'detached' });
              expect(await visible(max.page, '[data-deal-row="0"]')).toBe(1);
            }
          });
          done.add('sheet');
        }
        continue;
      }
      for (const h of humans) {
        if ((await count(h.page, '[data-bid=take]')) > 0) {
          if (!done.has('bidding')) {
            // (at a live deal the buttons show once the cards have landed and the retourne turned)
            await h.page.waitForSelector('[data-bid=take]', { state: 'visible' });
            await check(h.page, 'bidding', h.size);
            done.add('bidding');
          }
          const version = await h.page.getAttribute('[data-version]', 'data-version');
          await h.page.click('[data-bid=take]');
          await h.page.waitForFunction((v) => document.querySelector('[data-version]')?.getAttribute('data-version') !== v, version);
          acted = true;
          break;
        }
        if ((await count(h.page, '[data-testid=your-turn]')) === 0) continue;
        const card = await h.page.getAttribute('[data-playable=true]', 'data-card');
        if (!card) continue;
        if (!done.has('play') && (await count(h.page, '[data-trick-card]')) >= 2) {
          await check(h.page, 'play', h.size, (size) => namesWhole(h.page, size));
          done.add('play');
        }
        if (done.has('summary') && !done.has('header') && (await count(eve, '[data-testid=trump]')) > 0) {
          // After a deal (three-digit scores): players' headers at both sizes, a spectator's
          // with the team names on a phone.
          for (const size of ['phone', 'desktop'] as const) {
            await resize(h.page, SIZES[size]);
            await trumpBadgeClear(h.page, `${h.name} at ${size}`);
          }
          await h.page.setViewportSize(SIZES[h.size]);
          await trumpBadgeClear(eve, 'spectator at phone');
          expect(await eve.textContent('[data-testid=scores]')).toMatch(/Équipe A.*Équipe B/);
          // The team names on one line: the running score's box, and the score sheet at 1280.
          await check(eve, 'spectator-fr', 'phone', async (size) => {
            await oneLine(eve, '[data-testid=deal-score] dt', `spectator at ${size}`);
            if (size === 'desktop') await oneLine(eve, 'aside [data-testid=score-sheet] thead th', 'spectator at desktop');
          });
          // The spectator's chat: on a phone the panel over the table, on a desktop docked; the
          // name on its own row, the message's placeholder whole.
          await eve.click('[data-testid=chat-toggle]');
          await eve.waitForSelector('[data-testid=chat-input]');
          await check(eve, 'chat-spectator-fr', 'phone', async (size) => {
            await placeholderWhole(eve, `spectator at ${size}`);
            if (size === 'phone') await chatTall(eve);
          });
          await eve.setViewportSize(SIZES.phone);
          await eve.click('[data-testid=chat-close]');
          done.add('header');
        }
        const illegal = (await count(h.page, '[data-playable=false]')) > 0 ? await h.page.getAttribute('[data-playable=false]', 'data-card') : null;
        if (!done.has('refusal') && illegal) {
          await h.page.click(`[data-card="${illegal}"]`, { position: { x: 8, y: 14 } });
          await h.page.waitForSelector('[data-testid=refusal]');
          await check(h.page, 'refusal', h.size, async (size) => {
            // The reason shows for a few seconds: on a slow machine tap the card again for the second size.
            await h.page.click(`[data-card="${illegal}"]`, { position: { x: 8, y: 14 } });
            await h.page.waitForSelector('[data-testid=refusal]');
            await refusalClear(h.page, size);
          });
          done.add('refusal');
        }
        await h.page.click(`[data-card="${card}"]`, { position: { x: 8, y: 14 } });
        await h.page.waitForSelector(`[data-card="${card}"]`, { state: 'detached' });
        acted = true;
        break;
      }
      if (!acted) await sleep(40);
    }
    await check(max.page, 'game-over', 'phone');
    // The game's replay and analysis, opened from the game-over dialog (a new tab), at a deal's
    // end once the analysis has judged it: the table, the decision, the score and the charts.
    const [replay] = await Promise.all([max.page.context().waitForEvent('page'), max.page.click('[data-testid=replay-link]')]);
    watch(replay, 60_000, 'replay');
    await replay.waitForSelector('[data-testid=deal-list] [data-deal]');
    await replay.keyboard.press('End');
    await replay.waitForSelector('[data-testid=decision]');
    // At each size: no sideways scrolling; on a desktop the page no taller than the window
    // (polled: the layout follows the window's new size).
    const fits = async (size: Size): Promise<void> => {
      const width = (): Promise<number> => replay.evaluate(() => document.documentElement.scrollWidth);
      const height = (): Promise<number> => replay.evaluate(() => document.documentElement.scrollHeight);
      await expect.poll(width, { message: `replay @ ${size}: no sideways scrolling`, timeout: 5000 }).toBeLessThanOrEqual(SIZES[size].width);
      if (size === 'desktop') await expect.poll(height, { message: 'replay @ desktop: no taller than the window', timeout: 5000 }).toBeLessThanOrEqual(SIZES.desktop.height);
    };
    // On a phone the step buttons float over the page as it scrolls (by design); a row passing
    // under them at one scroll position is not a small target (axe's target-size counts it so):
    // each replay screen is audited scrolled to the page's end, where nothing is under them.
    const atEnd = async (size: Size): Promise<void> => {
      await fits(size);
      if (size === 'phone') await replay.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    };
    await check(replay, 'replay', 'phone', atEnd);
    // The analysis board's panels (the deal on screen is analysed): a decision chosen in the
    // move list (with its verdict, the players' marks for the game), then a "what if" line.
    const step = await replay.getAttribute('[data-testid=move-list] button.move.card[data-mark]', 'data-move-step', { timeout: 2000 }).catch(() => null);
    await replay.click(`[data-testid=move-list] button.move.card${step ? `[data-move-step="${step}"]` : ''}`);
    await replay.click('[data-testid=player-summary] [data-scope=game]');
    await check(replay, 'replay-decision', 'phone', atEnd);
    await replay.click('[data-testid=whatif-toggle]');
    await check(replay, 'replay-whatif', 'phone', atEnd);
    await replay.click('[data-whatif-card]');
    await replay.waitForSelector('[data-testid=variation][data-status=done]', { timeout: 30_000 });
    await check(replay, 'replay-variation', 'phone', atEnd);
    expect(summaries).toBeGreaterThanOrEqual(1);
    expect([...done].sort()).toEqual(['bidding', 'header', 'play', 'refusal', 'sheet', 'summary']);
  }, 360_000);

  it('a narrow phone, in en, fr and de: the home page\'s language picker whole, the quick reactions\' labels whole, the table settings styled', async () => {
    for (const locale of ['en-US', 'fr-FR', 'de-DE']) {
      const context = await chrome.context({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale, reducedMotion: 'reduce', bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // The home page's header: the picker at its own width (its two letters whole: "FR" was
      // squeezed to "FF"), clear of the title.
      await page.goto(`${server.url}/`);
      await page.waitForSelector('[data-testid=create-form]');
      const header = await page.$eval('header select', (sel) => {
        const width = sel.getBoundingClientRect().width;
        sel.style.width = 'max-content';
        const natural = sel.getBoundingClientRect().width;
        sel.style.width = '';
        const title = document.querySelector('header h1')!.getBoundingClientRect();
        const box = sel.getBoundingClientRect();
        return { width, natural, gap: box.top >= title.bottom ? Infinity : box.left - title.right, right: box.right };
      });
      expect(header.width, `${locale}: the language picker ${header.width} px, its text ${header.natural} px`).toBeGreaterThanOrEqual(header.natural - 0.5);
      expect(header.gap, `${locale}: between the title and the language picker`).toBeGreaterThanOrEqual(8);
      expect(header.right, `${locale}: the language picker on the screen`).toBeLessThanOrEqual(360);
      await page.screenshot({ path: path.join(SHOTS, `home-header-${locale}-360.png`), clip: { x: 0, y: 0, width: 360, height: 120 } });

      // The host's table settings (the lobby's): the app's fields, not the browser's grey ones;
      // each choice whole (not against its arrow), 44 px tall; axe finds nothing serious.
      await seatedWithBots(page, server.url);
      await page.click('[data-testid=open-settings]');
      await page.waitForSelector('[data-testid=table-settings]');
      const fields = await page.$$eval('[data-testid=table-settings] select', (els) =>
        els.map((e) => {
          const cs = getComputedStyle(e);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = cs.font;
          const text = ctx.measureText((e as HTMLSelectElement).selectedOptions[0]!.textContent ?? '').width;
          return { text: (e as HTMLSelectElement).selectedOptions[0]!.textContent, appearance: cs.appearance, height: e.getBoundingClientRect().height, fits: text <= e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) + 0.5 };
        }),
      );
      for (const f of fields) {
        expect({ appearance: f.appearance, fits: f.fits }, `${locale}: the setting "${f.text}"`).toEqual({ appearance: 'none', fits: true });
        expect(f.height, `${locale}: the setting "${f.text}"`).toBeGreaterThanOrEqual(44);
      }
      const ticks = await page.$$eval('[data-testid=table-settings] input[type=checkbox]', (els) => els.map((e) => getComputedStyle(e).accentColor));
      expect(ticks.length).toBeGreaterThan(0);
      for (const tick of ticks) expect(tick, `${locale}: a checkbox in the app's accent, not the browser's blue`).not.toBe('auto');
      // Each checkbox beside its text (a long text wraps under itself, not under the box).
      const beside = await page.$$eval('[data-testid=table-settings] label:has(> input[type=checkbox])', (els) =>
        els.map((label) => {
          const box = label.querySelector('input')!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(label);
          const first = [...range.getClientRects()].filter((r) => r.width > 1 && r.left >= box.right - 1)[0];
          return { text: label.textContent!.trim(), ok: !!first && first.top < box.bottom && first.bottom > box.top };
        }),
      );
      for (const b of beside) expect(b.ok, `${locale}: the checkbox of "${b.text}" beside its first line`).toBe(true);
      const { violations: findings, incomplete } = await axeResults(page);
      found.push({ screen: `table-settings-${locale}-360`, size: 'phone', findings, incomplete });
      expect(findings.filter(blocking), describeFindings(findings.filter(blocking))).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `table-settings-${locale}-360.png`) });
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=table-settings]', { state: 'detached' });

      // The quick reactions: every phrase whole in its button (a phrase wraps between words),
      // the tray on the screen, at 360 px and on a landscape phone.
      // (in the bidding, or the play if a bot took first: the table beside the action's column)
      await page.click('[data-testid=start]');
      await page.waitForSelector('.action-zone .bid-panel, [data-card].playable', { timeout: 30_000 });
      await page.click('[data-testid=reactions-toggle]');
      await page.waitForSelector('[data-testid=reactions]');
      for (const viewport of [{ width: 360, height: 740 }, { width: 667, height: 375 }]) {
        await resize(page, viewport);
        const where = `${locale} ${viewport.width}×${viewport.height}`;
        const tray = await page.$eval('[data-testid=reactions]', (el) => {
          const r = el.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            cut: [...el.querySelectorAll('button')].filter((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight).map((b) => `${b.textContent} (${b.scrollWidth}/${b.clientWidth} px)`),
          };
        });
        expect(tray.cut, `${where}: reactions cut`).toEqual([]);
        expect(tray.left, `${where}: the tray's left edge`).toBeGreaterThanOrEqual(0);
        expect(tray.right, `${where}: the tray's right edge`).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: path.join(SHOTS, `reactions-${locale}-${viewport.width}.png`) });
      }
      await context.close();
    }
  });

  it('cards in flight, the table menu, the home page offering to install and offline', async () => {
    // A deal in flight, motion on: a player against three bots, the screen taken mid-deal.
    const context = await chrome.context({ viewport: SIZES.phone, hasTouch: true, locale: 'en-US', bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await seatedWithBots(page, server.url);
    await page.click('[data-testid=start]:not([disabled])');
    // Slowed ten times (the browser's animation clock), so the screenshot catches the cards in flight.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
    await page.waitForFunction(() => performance.getEntriesByName('belote:deal').length > 0);
    await sleep(500); // pacing for the picture: half a second into the slowed deal, the cards are mid-flight
    await page.waitForFunction(() => document.getAnimations().filter((a) => a.playState === 'running').length > 0);
    for (const size of ['phone', 'desktop'] as const) {
      await resize(page, SIZES[size]);
      await page.screenshot({ path: path.join(SHOTS, `deal-in-flight-${size}.png`) });
      const { violations: findings, incomplete } = await axeResults(page);
      found.push({ screen: 'deal-in-flight', size, findings, incomplete });
      expect.soft(found.at(-1)!.findings.filter(blocking)).toEqual([]);
    }
    await page.setViewportSize(SIZES.phone);
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });

    // The table menu: language, four colours, sounds, turn notifications, the game record.
    await page.click('button[aria-label=Settings]');
    await page.waitForSelector('[data-testid=menu] [data-testid=sound-toggle]');
    await check(page, 'menu', 'phone');

    // The home page: the browser offers to install (Chromium's event), then the network is off.
    const home = await newPage('phone');
    await home.goto(`${server.url}/`);
    await home.waitForSelector('[data-testid=create-form]');
    await home.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
      window.dispatchEvent(offer);
    });
    await home.waitForSelector('[data-testid=install-app]');
    await check(home, 'install', 'phone');
    await home.evaluate(() => navigator.serviceWorker.ready);
    await home.context().setOffline(true);
    try {
      await home.reload();
      await home.waitForSelector('[data-testid=offline-home]');
      await check(home, 'offline', 'phone');
    } finally {
      await home.context().setOffline(false);
    }
  });
});
