/**
 * One player against three bots for a whole game to 301: the host seats bots at a level per
 * seat (one strong, two normal) and removes one in the lobby, plays every card of its own,
 * sees the game end; then, between games, a friend takes a bot's seat, the host changes the
 * target and starts the next game.
 * Also checks the phone layout: the full hand fits the 390×844 screen without scrolling.
 */
import { describe, expect, inject, it } from 'vitest';
import { addBot, open, shot, sleep, useBrowser, type Player } from './browser.js';
import { axeFindings, blocking, describeFindings } from './axe.js';

const base = inject('baseUrl');
const chrome = useBrowser();
let host: Player;

const count = (p: Player, selector: string): Promise<number> => p.page.$$eval(selector, (els) => els.length);
const versionOf = (p: Player): Promise<string | null> => p.page.getAttribute('[data-version]', 'data-version');

describe('a game against bots', () => {
  it('says so when a link points to no table', async () => {
    // bypassCSP: axe-core is injected as a script
    const context = await chrome.context({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${base}/t/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.waitForSelector('main >> text=This table does not exist');
    // No score sheet or last trick for a table that is not there; the way home readable (axe).
    expect(await page.$$eval('.sheet-btn, [data-testid=last-trick-btn]', (els) => els.length)).toBe(0);
    const findings = (await axeFindings(page)).filter(blocking);
    expect(findings, describeFindings(findings)).toEqual([]);
    // On a narrow phone: the sentence clear of the screen's
    // edges, the button its own width (it was a bar from edge to edge, the text 10 px from them).
    await page.setViewportSize({ width: 360, height: 740 });
    const boxes = await page.$eval('main.fatal', (m) => [m.querySelector('p')!, m.querySelector('button')!].map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes[0]!.left).toBeGreaterThanOrEqual(24);
    expect(boxes[0]!.right).toBeLessThanOrEqual(360 - 24);
    expect(boxes[1]!.width).toBeLessThan(200);
    expect(boxes[1]!.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it('a keyboard player fills the table from the lobby: after each seat taken the focus goes to the next thing to do, never to the page', async () => {
    const context = await chrome.context({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.focus('[data-testid=create]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/t\//);
    await page.waitForSelector('[data-sit="0"]');
    const focused = (): Promise<string> =>
      page.evaluate(() => {
        const a = document.activeElement;
        return !a || a === document.body ? 'body' : (a.getAttribute('data-testid') ?? (a.hasAttribute('data-addbot') ? 'addbot' : a.tagName));
      });
    await page.focus('[data-sit="0"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=name-input]:focus');
    await page.keyboard.type('Kim');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-seat="0"] >> text=Kim');
    await expect.poll(focused, { message: 'seated: a free seat\'s + Bot' }).toBe('addbot');
    for (let bots = 1; bots <= 3; bots++) {
      await page.keyboard.press('Enter'); // + Bot: the levels, the table's default focused
      await page.waitForSelector('[data-addbot-level]:focus');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.$$eval('[data-removebot]', (els) => els.length)).toBe(bots);
      await expect.poll(focused, { message: `bot ${bots} added` }).toBe(bots < 3 ? 'addbot' : 'start');
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=lobby]', { state: 'detached' });
    await context.close();
  });

  it('plays a whole game to 301 against bots; between games a friend sits, the target changes, the next game starts', async () => {
    host = await open(chrome, 'Zoé', 'phone', `${base}/`);
    await host.page.click('text=301');
    await host.page.click('[data-testid=create]');
    await host.page.waitForURL(/\/t\//);
    await host.page.click('[data-sit="0"]');
    await host.page.fill('[data-testid=name-input]', host.name);
    await host.page.click('[data-testid=sit-confirm]');
    // Levels per seat: a strong (search) bot as an opponent, normal ones elsewhere.
    await host.page.click('[data-addbot="1"]');
    await shot(host, 'lobby-bot-levels');
    await host.page.click('[data-seat="1"] [data-addbot-level="strong"]');
    await host.page.waitForSelector('[data-removebot="1"]');
    expect(await host.page.textContent('[data-seat="1"] [data-bot-level]')).toBe('bot · strong');
    for (const seat of [2, 3]) await addBot(host.page, seat);
    expect(await host.page.textContent('[data-seat="3"] [data-bot-level]')).toBe('bot · normal');
    await shot(host, 'lobby-bots');
    await host.page.waitForSelector('[data-testid=start]:not([disabled])');
    await host.page.click('[data-removebot="2"]');
    await host.page.waitForSelector('[data-testid=start][disabled]');
    await addBot(host.page, 2);
    await host.page.click('[data-testid=start]:not([disabled])');

    let checkedLayout = false;
    const deadline = Date.now() + 120_000;
    let continued = 0;
    while ((await count(host, '[data-testid=game-over]')) === 0) {
      expect(Date.now()).toBeLessThan(deadline);
      // After each deal: the summary waits for the only human (the bots are ready at once).
      if ((await count(host, '[data-testid=continue]:not([disabled])')) > 0) {
        await host.page.click('[data-testid=continue]');
        await host.page.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
        continued++;
        continue;
      }
      // A bid: take in round 1, pass in round 2; then wait for the table to move on (the
      // panel may come straight back after a redeal, so wait on the state version).
      const bid = (await count(host, '[data-bid=take]')) > 0 ? 'take' : (await count(host, '[data-bid=pass]')) > 0 ? 'pass' : null;
      if (bid) {
        const version = await versionOf(host);
        await host.page.click(`[data-bid=${bid}]`);
        await host.page.waitForFunction((v) => document.querySelector('[data-version]')?.getAttribute('data-version') !== v, version);
        continue;
      }
      if ((await count(host, '[data-testid=your-turn]')) > 0) {
        if (!checkedLayout && (await count(host, '[data-card]')) === 8) {
          // Phone first: all eight cards on screen, nothing to scroll — once the deal's motion has
          // brought them in (a card still flying from the dealer may be outside the screen).
          await host.page.waitForFunction(() => [...document.querySelectorAll('[data-card]')].every((e) => e.getAnimations().length === 0));
          const boxes = await host.page.$$eval('[data-card]', (els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
          for (const b of boxes) {
            expect(b.left).toBeGreaterThanOrEqual(0);
            expect(b.right).toBeLessThanOrEqual(390);
            expect(b.bottom).toBeLessThanOrEqual(844);
          }
          expect(await host.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          expect(await host.page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844);
          await shot(host, 'bots-play');
          checkedLayout = true;
        }
        const card = await host.page.getAttribute('[data-playable=true]', 'data-card');
        if (card) {
          await host.page.click(`[data-card="${card}"]`, { position: { x: 8, y: 14 } });
          await host.page.waitForSelector(`[data-card="${card}"]`, { state: 'detached' });
        }
        continue;
      }
      await sleep(40);
    }
    expect(checkedLayout).toBe(true);
    expect(continued).toBeGreaterThanOrEqual(1);
    expect(await host.page.textContent('[data-testid=game-over]')).toMatch(/You (win!|lose)/);
    await shot(host, 'game-over');
    // The deal that ended the game, one tap away; the game-over dialog comes back after it.
    await host.page.click('[data-testid=last-deal]');
    await host.page.waitForSelector('[data-testid=deal-summary]');
    expect(await count(host, '[data-testid=game-over]')).toBe(0);
    await shot(host, 'game-over-last-deal');
    await host.page.keyboard.press('Escape');
    await host.page.waitForSelector('[data-testid=game-over]');
    expect(await count(host, '[data-testid=deal-summary]')).toBe(0);
    const rows = await count(host, '[data-deal-row]');
    expect(rows).toBeGreaterThanOrEqual(1);

    // Between games the table is a lobby again: a friend takes a bot's seat, the host changes the target, then the next game.
    await host.page.click('[data-testid=back-to-table]');
    await host.page.waitForSelector('[data-testid=between-games]');
    await host.page.click('[data-removebot="2"]');
    const friend = await open(chrome, 'Pat', 'phone', host.page.url());
    await friend.page.click('[data-testid=back-to-table]');
    await friend.page.click('[data-sit="2"]');
    await friend.page.fill('[data-testid=name-input]', friend.name);
    await friend.page.click('[data-testid=sit-confirm]');
    await host.page.waitForSelector('[data-seat="2"] >> text=Pat');
    await host.page.click('[data-testid=open-settings]');
    await host.page.selectOption('[data-testid=settings-target]', '501');
    await host.page.click('[data-testid=settings-save]');
    await host.page.waitForSelector('[data-testid=table-settings]', { state: 'detached' });
    // (the friend's page hears of the change on its own socket, perhaps a moment after the host's ack)
    await expect.poll(() => friend.page.textContent('[data-testid=lobby-rules]'), { timeout: 10_000 }).toBe('Classic Belote · game to 501');
    await shot(host, 'between-games');
    await host.page.click('[data-testid=start]:not([disabled])');
    await host.page.waitForFunction(() => document.querySelectorAll('[data-deal-row]').length === 0);
    await host.page.waitForSelector('[data-testid=retourne], [data-trick-card]');
    await friend.page.waitForSelector('[data-testid=retourne], [data-trick-card]');
    // The friend holds a hand of the new game: five cards while the retourne is offered, eight once
    // someone took (a bot that bids first may take before the friend's page looks; the retourne's
    // flight to the taker overlaps the last three cards' arrival, so wait for a settled view).
    await friend.page.waitForFunction(() => {
      const cards = document.querySelectorAll('[data-card]').length;
      return document.querySelector('[data-testid=retourne]') ? cards === 5 : cards === 8;
    });
    await friend.context.close();
  });
});
