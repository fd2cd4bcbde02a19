/**
 * Time-driven behaviours against a server of their own with short clocks (a turn-timer
 * "second" of 150 ms, a 1.5 s grace period): the turn timer counts down on the player's
 * seat and, at zero, a bot plays for them; a player who leaves shows as disconnected, then
 * "bot playing for NAME", and comes back to the seat by reopening the link. Also the game
 * record download and the deal commitment in the menu.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { axeFindings, blocking, describeFindings } from './axe.js';
import { addBot, open, shot, sleep, useBrowser, type Player } from './browser.js';

let server: ServerProcess;
const chrome = useBrowser({ alongside: async () => void (server = await startServerProcess({ BOT_DELAY_MS: '0', DEAL_PAUSE_MS: '300', GRACE_MS: '1500', TURN_SECOND_MS: '150' })) });

afterAll(() => server?.stop());

const count = (p: Player, selector: string): Promise<number> => p.page.$$eval(selector, (els) => els.length);

async function createAndSit(p: Player, name: string, timer: boolean): Promise<void> {
  if (timer) await p.page.click('text=15 s');
  await p.page.click('[data-testid=create]');
  await p.page.waitForURL(/\/t\//);
  await p.page.click('[data-sit="0"]');
  await p.page.fill('[data-testid=name-input]', name);
  await p.page.click('[data-testid=sit-confirm]');
}

/**
 * A way to the server (a TCP relay) that can be cut: while cut, every connection through it is
 * dropped, and new ones at once — the server out of reach, while the browser stays online.
 */
async function cuttable(target: string): Promise<{ url: string; cut: (yes: boolean) => void; close: () => Promise<void> }> {
  const to = new URL(target);
  let cut = false;
  const live = new Set<Socket>();
  const relay = createServer((page) => {
    if (cut) return void page.destroy();
    const far = connect(Number(to.port), to.hostname);
    for (const [a, b] of [[page, far], [far, page]] as const) {
      live.add(a);
      a.on('error', () => {});
      a.on('close', () => (live.delete(a), b.destroy()));
      a.pipe(b);
    }
  });
  const setCut = (yes: boolean): void => {
    cut = yes;
    if (yes) for (const c of live) c.destroy();
  };
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    cut: setCut,
    close: () => {
      setCut(true);
      return new Promise((r) => relay.close(() => r()));
    },
  };
}

/**
 * The page hidden, then shown again (a phone locked, then unlocked). Headless Chromium's pages are
 * always visible: the document says so itself, as the browser would.
 */
async function hideAndShow(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as { visibilityState?: unknown }).visibilityState; // the browser's own again: visible
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Waits for the player's turn: to bid (a bot may take before the player speaks) or to play. */
async function myTurn(p: Player): Promise<'bid' | 'card'> {
  const el = await p.page.waitForSelector('[data-bid=pass], .hand-zone.active [data-playable=true]', { timeout: 30_000 });
  return (await el.evaluate((e) => e.matches('[data-bid]'))) ? 'bid' : 'card';
}

/** Passes, or plays the first legal card. */
async function act(p: Player, turn: 'bid' | 'card'): Promise<void> {
  if (turn === 'bid') await p.page.click('[data-bid=pass]');
  else await p.page.click('.hand-zone.active [data-playable=true]', { position: { x: 8, y: 14 } });
}

describe('clocks and presence', () => {
  it('counts down the turn timer, then a bot plays for the idle player', async () => {
    const p = await open(chrome, 'Idle', 'phone', `${server.url}/`);
    await createAndSit(p, 'Idle', true);
    for (const seat of [1, 2, 3]) await addBot(p.page, seat);
    await p.page.click('[data-testid=start]:not([disabled])');
    // The player never touches a card: their timer shows and runs out, again and again.
    const timer = '[data-seat="0"] [data-testid=timer]';
    await p.page.waitForSelector(timer);
    // Seconds on the avatar, said in words to screen readers.
    expect(await p.page.textContent('[data-seat="0"] [data-testid=timer-spoken]')).toMatch(/^\d+ s left$/);
    await p.page.waitForFunction(() => document.querySelectorAll('[data-card]').length === 7, undefined, { timeout: 30_000 });
    expect(await count(p, '[data-card]')).toBe(7);

    // The record of the game and the current deal's commitment, from the menu.
    await p.page.click('button[aria-label=Settings]');
    const href = await p.page.getAttribute('[data-testid=menu] [data-testid=record-link]', 'href');
    const record = (await (await fetch(`${server.url}${href}`)).json()) as { format: string };
    expect(record.format).toBe('belote-record/1');
    expect(await p.page.textContent('[data-testid=menu] [data-testid=commitment]')).toMatch(/[0-9a-f]{64}/);
    await shot(p, 'menu');
    await p.context.close();
  });

  it('shows a player who left as disconnected, then a bot playing for them, until they return', async () => {
    const host = await open(chrome, 'Host', 'desktop', `${server.url}/`);
    await createAndSit(host, 'Host', false);
    const invite = host.page.url();
    const friend = await open(chrome, 'Friend', 'phone', invite);
    await friend.page.click('[data-sit="2"]');
    await friend.page.fill('[data-testid=name-input]', 'Fay');
    await friend.page.click('[data-testid=sit-confirm]');
    await addBot(host.page, 1);
    await addBot(host.page, 3);
    await host.page.click('[data-testid=start]:not([disabled])');
    await friend.page.waitForSelector('[data-card]');

    await friend.page.goto('about:blank');
    await host.page.waitForSelector('[data-seat="2"] >> text=disconnected');
    await host.page.waitForSelector('[data-seat="2"] >> text=bot playing for Fay', { timeout: 10_000 });
    await shot(host, 'bot-playing-for');

    // Back through the link (the seat token is in this browser's storage): the seat is theirs again.
    await friend.page.goto(invite);
    await friend.page.waitForSelector('[data-card]');
    await host.page.waitForSelector('[data-seat="2"] >> text=bot playing for Fay', { state: 'detached' });
    expect(await count(host, '[data-seat="2"] .badge.warn')).toBe(0);
    await host.context.close();
    await friend.context.close();
  });

  it('a phone that loses its network says so at once, sends nothing meanwhile, and plays on when it is back', async () => {
    const p = await open(chrome, 'Roamer', 'phone', `${server.url}/`, { bypassCSP: true }); // bypassCSP: axe-core is injected
    await createAndSit(p, 'Roamer', false);
    for (const seat of [1, 2, 3]) await addBot(p.page, seat);
    await p.page.click('[data-testid=start]:not([disabled])');
    const turn = await myTurn(p);
    const version = await p.page.getAttribute('[data-version]', 'data-version');
    const t0 = Date.now();
    await p.context.setOffline(true);
    // At once (the browser says the network is gone), not after Socket.IO's ping gives up: in place of the bidding buttons.
    await p.page.waitForSelector('[data-testid=offline]', { timeout: 3000 });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(await count(p, '[data-bid]')).toBe(0);
    expect(await count(p, '.hand-zone.active')).toBe(0);
    await shot(p, 'offline-at-table');
    const offline = (await axeFindings(p.page)).filter(blocking); // "Reconnecting…" white on red: 7:1
    expect(offline, describeFindings(offline)).toEqual([]);
    await p.context.setOffline(false);
    expect(await myTurn(p)).toBe(turn);
    expect(await count(p, '[data-testid=offline]')).toBe(0);
    expect(await p.page.getAttribute('[data-version]', 'data-version')).toBe(version); // nothing was sent meanwhile
    await act(p, turn);
    await p.page.waitForFunction((v) => document.querySelector('[data-version]')?.getAttribute('data-version') !== v, version);
    await p.context.close();
  });

  it('a phone offline for a while reconnects as soon as the network is back, not after the backoff under way', { timeout: 60_000 }, async () => {
    const p = await open(chrome, 'Sleeper', 'phone', `${server.url}/`);
    await createAndSit(p, 'Sleeper', false);
    await p.page.waitForSelector('[data-seat="0"] >> text=Sleeper');
    // After 8 s offline Socket.IO's next try is 2–5 s away: three times, so that a lucky draw cannot hide a wait.
    for (let i = 0; i < 3; i++) {
      await p.context.setOffline(true);
      await p.page.waitForSelector('[data-testid=offline]', { timeout: 3000 });
      await sleep(8000);
      const t0 = Date.now();
      await p.context.setOffline(false);
      await p.page.waitForSelector('[data-testid=offline]', { state: 'detached', timeout: 10_000 });
      expect(Date.now() - t0, 'back after the network returned').toBeLessThan(1000);
    }
    await p.context.close();
  });

  it('a page shown again while its connection is down reconnects at once, not after the backoff under way', { timeout: 60_000 }, async () => {
    // The server out of reach while the browser thinks it is online (a phone locked in a dead
    // spot, a server restarting: no 'online' event to come).
    const way = await cuttable(server.url);
    try {
      const p = await open(chrome, 'Unlocker', 'phone', `${way.url}/`);
      await createAndSit(p, 'Unlocker', false);
      await p.page.waitForSelector('[data-seat="0"] >> text=Unlocker');
      // After 8 s of failed tries Socket.IO's next is 2–5 s away: three times, so that a lucky draw cannot hide a wait.
      for (let i = 0; i < 3; i++) {
        way.cut(true);
        await p.page.waitForSelector('[data-testid=offline]', { timeout: 3000 });
        await sleep(8000);
        expect(await count(p, '[data-testid=offline]'), 'still out of reach').toBe(1);
        way.cut(false);
        const t0 = Date.now();
        await hideAndShow(p.page);
        await p.page.waitForSelector('[data-testid=offline]', { state: 'detached', timeout: 10_000 });
        expect(Date.now() - t0, 'back after the page was shown').toBeLessThan(1000);
      }
      await p.context.close();
    } finally {
      await way.close();
    }
  });

  it('a table link opened offline (the installed app) says why the table does not show, and shows it when the network is back', { timeout: 60_000 }, async () => {
    const res = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ rules: { target: 501 }, options: { fillWithBots: false, botLevel: 'easy' } }),
    });
    const { id } = (await res.json()) as { id: string };
    for (const size of ['phone', 'desktop'] as const) {
      const p = await open(chrome, 'Away', size, `${server.url}/`);
      // The service worker has cached the app: the link opens without the network.
      await p.page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await p.context.setOffline(true);
      await p.page.goto(`${server.url}/t/${id}`);
      const said = await p.page.waitForSelector('main.fatal p', { timeout: 5000 });
      expect(await said.textContent()).toBe('You are offline: a table is played through the server. This one opens when the connection is back.');
      expect(await count(p, '[data-testid=offline]'), 'one message, not "Reconnecting…" too').toBe(0);
      expect(await count(p, 'main.fatal button')).toBe(1); // home: practice and records work offline
      await shot(p, 'table-offline');
      const t0 = Date.now();
      await p.context.setOffline(false);
      await p.page.waitForSelector('[data-testid=lobby]', { timeout: 10_000 });
      expect(Date.now() - t0, 'the table once the network is back').toBeLessThan(3000);
      expect(await count(p, 'main.fatal')).toBe(0);
      await p.context.close();
    }
  });

  it('a command with no answer within 10 s: the connection is taken for dead and made again, and the table shows what was done', { timeout: 60_000 }, async () => {
    const p = await open(chrome, 'Frozen', 'phone', `${server.url}/`);
    await createAndSit(p, 'Frozen', false);
    for (const seat of [1, 2, 3]) await addBot(p.page, seat);
    await p.page.click('[data-testid=start]:not([disabled])');
    const turn = await myTurn(p);
    const version = Number(await p.page.getAttribute('[data-version]', 'data-version'));
    server.signal('SIGSTOP'); // the server stops answering; the connection looks open
    try {
      await act(p, turn);
      // no ack: after 10 s the page says so and stops offering actions (not after the ping's 15 s)
      await p.page.waitForSelector('[data-testid=offline]', { timeout: 13_000 });
      expect(await p.page.textContent('[role=alert]')).toContain('No answer from the server');
      expect(await count(p, '[data-bid]')).toBe(0);
      expect(await count(p, '.hand-zone.active')).toBe(0);
    } finally {
      server.signal('SIGCONT');
    }
    // back: a new connection, and its snapshot shows the action (it was read from the old one)
    await p.page.waitForSelector('[data-testid=offline]', { state: 'detached', timeout: 20_000 });
    await p.page.waitForFunction((v) => Number(document.querySelector('[data-version]')?.getAttribute('data-version')) > v, version);
    await p.context.close();
  });
});
