/**
 * The host frees the seat of a player who has left (PROTOCOL.md §4 `unseat`), in real browsers:
 * a friend sits, then their phone goes away (its context closed); the host sees "Free this seat"
 * under that seat only, once it has been gone UNSEAT_AFTER_MS (not under their own, nor under a third player who stays), a tap target
 * in view and clear of every other control on a portrait phone, an iPhone SE and a landscape
 * phone; tapped, the seat is free to everyone, a bot takes it and the game starts. The friend
 * comes back through the link with the old seat token in storage: a spectator, told why.
 * In French the button says "Libérer la place" and fits at 320 px.
 */
import { UNSEAT_AFTER_MS } from '@belote/protocol/client';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addBot, open, resize, shot, skipAfterFailure, useBrowser, watch, type Player } from './browser.js';

const base = inject('baseUrl');
const chrome = useBrowser();

// The host's own seat is 0 (bottom); the friend sits on a side (the narrowest room, next to the
// lobby's centre panel), the third player across.
const FRIEND = 1;
const THIRD = 2;
let host: Player;
let third: Player;
let invite = '';
let tableId = '';
let friendState: BrowserContextOptions['storageState'];

const count = (page: Page, selector: string): Promise<number> => page.$$eval(selector, (els) => els.length);

async function sit(page: Page, seat: number, name: string): Promise<void> {
  await page.click(`[data-sit="${seat}"]`);
  await page.fill('[data-testid=name-input]', name);
  await page.click('[data-testid=sit-confirm]');
  await page.waitForSelector(`[data-seat="${seat}"] >> text=${name}`);
}

type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };

/**
 * The free-seat button at this size: its box, whether a tap at its centre reaches it, and every
 * other visible control (buttons, links, form fields: the seats' and the lobby's), text of the
 * lobby's centre panel or seat's plate that it meets.
 */
function freeButtonAt(page: Page, seat: number): Promise<{ box: Box; topmost: boolean; meets: string[]; scroll: number[] }> {
  return page.$eval(`[data-unseat="${seat}"]`, (b) => {
    const box = (e: Element) => e.getBoundingClientRect().toJSON() as Box;
    const r = box(b);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    // Controls anywhere; the lobby panel's words and the seats' plates too (as layout.test.ts's plates).
    const meets = [...document.querySelectorAll('button, a[href], input, select, textarea, [role=button], [data-testid=lobby] :is(.game, .invite-title, .meta, .wait), [data-seat] .plate')]
      .filter((e) => e !== b && !e.contains(b) && !b.contains(e))
      .map((e) => ({ e, o: box(e) }))
      .filter(({ e, o }) => o.width > 0 && o.height > 0 && getComputedStyle(e).visibility !== 'hidden')
      .filter(({ o }) => r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom)
      .map(({ e }) => `${e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.textContent?.trim()} in ${e.closest('[data-pos]')?.getAttribute('data-pos') ?? 'the page'}`);
    return { box: r, topmost: hit !== null && b.contains(hit), meets, scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight] };
  });
}

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'phone-320', width: 320, height: 568 },
  { name: 'landscape-phone', width: 844, height: 390 },
] as const;

/** At each size: the button is a 44×44 target inside the viewport, on top at its centre, meeting no other control, plate or panel text. */
async function tappableEverywhere(p: Player, what: string): Promise<void> {
  for (const s of SIZES) {
    await resize(p.page, s);
    await p.page.$eval('[data-testid=lobby]', (e) => e.scrollTo(0, 0));
    await shot(p, `${what}-${s.name}`);
    const found = await freeButtonAt(p.page, FRIEND);
    const at = `${what} ${s.name}`;
    expect(found.box.width, `${at}: width`).toBeGreaterThanOrEqual(44);
    expect(found.box.height, `${at}: height`).toBeGreaterThanOrEqual(44);
    expect(found.box.left, `${at}: left`).toBeGreaterThanOrEqual(0);
    expect(found.box.top, `${at}: top`).toBeGreaterThanOrEqual(0);
    expect(found.box.right, `${at}: right`).toBeLessThanOrEqual(s.width);
    expect(found.box.bottom, `${at}: bottom`).toBeLessThanOrEqual(s.height);
    expect(found.topmost, `${at}: on top at its centre`).toBe(true);
    expect(found.meets, `${at}: controls, plates, panel texts it meets`).toEqual([]);
    expect(found.scroll, `${at}: no page scrolling`).toEqual([s.width, s.height]);
  }
  await resize(p.page, SIZES[0]);
}

// The steps build on each other: after a failure, skip the rest instead of timing out.
skipAfterFailure();

describe('the host frees the seat of a player who has left', () => {
  it('shows "Free this seat" under the absent player’s seat only, a tap target clear of the rest at three phone sizes', async () => {
    host = await open(chrome, 'Host', 'phone', `${base}/`);
    await host.page.click('[data-testid=create]');
    await host.page.waitForURL(/\/t\/[A-Za-z0-9_-]{22}$/);
    invite = host.page.url();
    tableId = invite.split('/t/')[1]!;
    await sit(host.page, 0, 'Hana');

    const friend = await open(chrome, 'Friend', 'phone', invite);
    await sit(friend.page, FRIEND, 'Fay');
    third = await open(chrome, 'Third', 'phone', invite);
    await sit(third.page, THIRD, 'Theo');
    await host.page.waitForSelector(`[data-seat="${FRIEND}"] >> text=Fay`);
    await host.page.waitForSelector(`[data-seat="${THIRD}"] >> text=Theo`);
    // Everyone here: no button anywhere.
    expect(await count(host.page, '[data-unseat]')).toBe(0);

    // The friend's phone goes away, with its storage (the seat token) kept for later.
    friendState = await friend.context.storageState();
    expect(friendState.origins.flatMap((o) => o.localStorage).find((e) => e.name === `belote:table:${tableId}`)?.value).toMatch(/"token"/);
    await friend.context.close();

    // Not at once (a reload is no leaving: the server holds the seat UNSEAT_AFTER_MS), then within a few seconds more.
    const t0 = Date.now();
    await host.page.waitForSelector(`[data-seat="${FRIEND}"] >> text=Fay`);
    await host.page.waitForSelector(`[data-seat="${FRIEND}"] [data-unseat="${FRIEND}"]`, { state: 'visible', timeout: UNSEAT_AFTER_MS + 5000 });
    expect(Date.now() - t0, 'the button after the seat was held').toBeGreaterThanOrEqual(UNSEAT_AFTER_MS - 1000);
    expect(await host.page.textContent(`[data-unseat="${FRIEND}"]`)).toBe('Free this seat');
    // Not under the host's own seat, nor under the third player's, who is here.
    expect(await host.page.$$eval('[data-unseat]', (els) => els.map((e) => e.getAttribute('data-unseat')))).toEqual([String(FRIEND)]);
    // Nobody else is offered it.
    expect(await count(third.page, '[data-unseat]')).toBe(0);

    await tappableEverywhere(host, 'free-seat');
  });

  it('tapped: the seat is free to the host and to the third player; a bot takes it', async () => {
    await host.page.tap(`[data-unseat="${FRIEND}"]`);
    for (const p of [host, third]) {
      await p.page.waitForSelector(`[data-seat="${FRIEND}"] [data-sit="${FRIEND}"]`);
      expect(await count(p.page, `[data-seat="${FRIEND}"] .name`), `${p.name}: no name on the freed seat`).toBe(0);
    }
    expect(await count(host.page, '[data-unseat]')).toBe(0);
    expect(await count(host.page, '[data-testid=notice]'), 'no refusal').toBe(0);
    await addBot(host.page, FRIEND);
    await third.page.waitForSelector(`[data-seat="${FRIEND}"] [data-bot-level]`);
  });

  let friend: Player;
  it('the friend comes back with the old seat token: a spectator, offered the free seat, told why', async () => {
    const context = await chrome.context({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      storageState: friendState,
    });
    const page = watch(await context.newPage(), 15_000, 'Friend again');
    friend = { name: 'Friend', size: 'phone', context, page };
    await page.goto(invite);
    await page.waitForSelector('[data-testid=lobby]');
    // The seat left free (3) is offered; the freed one has the bot.
    await page.waitForSelector('[data-sit="3"]');
    await page.waitForSelector(`[data-seat="${FRIEND}"] [data-bot-level]`);
    await host.page.waitForSelector('[data-testid=lobby] >> text=1 watching');
    // Told why, in words (not that something is broken).
    await page.waitForFunction(() => document.querySelector('[data-testid=notice]')?.textContent === 'Your seat was given up (on another device, or by the host): sit down again to play');
    await shot(friend, 'seat-freed-back');
    expect(await count(page, 'main.fatal, [data-testid=offline]'), 'nothing says something is broken').toBe(0);
    expect(await count(page, '[role=alert]'), 'the notice alone').toBe(1);
    expect(await count(page, '.seat.me'), 'no seat of their own').toBe(0);
    // The stale token is gone from storage (a reload does not try it again).
    expect(await page.evaluate((id) => localStorage.getItem(`belote:table:${id}`), tableId)).toBeNull();
  });

  it('the host starts; the friend watches without a hand', async () => {
    await addBot(host.page, 3);
    await host.page.click('[data-testid=start]:not([disabled])');
    await host.page.waitForSelector('[data-card]');
    await friend.page.waitForSelector('[data-testid=lobby]', { state: 'detached' });
    await friend.page.waitForSelector('text=You are watching');
    expect(await count(friend.page, '[data-card]')).toBe(0);
    expect(await count(friend.page, 'main.fatal')).toBe(0);
  });

  it('in French: "Libérer la place", fitting at 320 px', async () => {
    // A new table: the host's language set to French, a friend who sits and leaves.
    const fr = await open(chrome, 'Hôte', 'phone', `${base}/`, { locale: 'fr-FR' });
    await fr.page.click('[data-testid=create]');
    await fr.page.waitForURL(/\/t\//);
    await sit(fr.page, 0, 'Hélène');
    const gone = await open(chrome, 'Ami', 'phone', fr.page.url(), { locale: 'fr-FR' });
    await sit(gone.page, FRIEND, 'Fanny');
    await gone.context.close();
    await fr.page.waitForSelector(`[data-unseat="${FRIEND}"]`, { timeout: UNSEAT_AFTER_MS + 5000 });
    expect(await fr.page.textContent(`[data-unseat="${FRIEND}"]`)).toBe('Libérer la place');
    await tappableEverywhere(fr, 'free-seat-fr');
    // Its words whole: no line cut inside a word, nothing clipped.
    await resize(fr.page, SIZES[1]);
    const clipped = await fr.page.$eval(`[data-unseat="${FRIEND}"]`, (e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight);
    expect(clipped, 'the label clipped at 320 px').toBe(false);
  });
});
