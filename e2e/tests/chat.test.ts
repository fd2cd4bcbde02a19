/**
 * Table chat and quick reactions in real Chromium against a server of its own: two phones
 * (390×844) at seats 0 and 2 with bots at 1 and 3, and a spectator on a desktop in French.
 * They chat during the bidding and the play; a line made of script and HTML is shown as text
 * and never runs; the closed chat shows an unread badge; a reaction is seen by everyone, in
 * each reader's language, at the sender's seat; the host turns spectator chat off; a reload
 * brings the history back. The open chat covers neither the hand, the bidding buttons nor the
 * cards in the middle (nor a coinche table's bid picker), and axe-core finds no serious or
 * critical violation with it open.
 * Screenshots in test-artifacts/chat/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PROTOCOL_VERSION, type ClientToServerEvents, type ServerToClientEvents } from '@belote/protocol/client';
import type { Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { axeFindings, blocking, describeFindings } from './axe.js';
import { ARTIFACTS, addBot, sleep, useBrowser } from './browser.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = path.join(ARTIFACTS, 'chat');
const HOSTILE = 'Salut <script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> <b>gras</b>';

let server: ServerProcess;
const chrome = useBrowser({ alongside: async () => void (server = await startServerProcess({ BOT_DELAY_MS: '150', DEAL_PAUSE_MS: '60000' })) });
beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));
afterAll(() => server?.stop());

function newPage(size: 'phone' | 'desktop', locale = 'en-US'): Promise<Page> {
  return chrome.page(
    {
      viewport: size === 'phone' ? PHONE : DESKTOP,
      ...(size === 'phone' ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
      locale,
      reducedMotion: 'reduce',
      bypassCSP: true, // axe-core is injected as a script
    },
    15_000,
  );
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
const count = (page: Page, selector: string): Promise<number> => page.$$eval(selector, (els) => els.length);

/** Elements matching `selectors` that the open chat panel (or the reaction tray) overlaps, once
 *  their motion has ended (a card still flying in from the dealer crosses the tray on its way). */
function covered(page: Page, over: string, selectors: string): Promise<string[]> {
  return page.evaluate(
    async ([o, s]) => {
      // Let the cards settle: flights start in the frame after the state that deals them, and the
      // hand slides to its new order a frame after it changes, so motion can begin after the
      // first wait. Wait, frame by frame, until no finite animation runs on a card or on a parent
      // of one (the retourne flies as a whole), whatever else moves on the page.
      const lineage = (el: Element | null): Element[] => (el ? [el, ...lineage(el.parentElement)] : []);
      const settledBy = performance.now() + 5000;
      for (;;) {
        for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
        const moving = [...new Set([...document.querySelectorAll(s)].flatMap(lineage))]
          .flatMap((el) => el.getAnimations())
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        if (moving.length === 0 || performance.now() > settledBy) break;
        await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
      }
      const boxes = [...document.querySelectorAll(o)].map((e) => e.getBoundingClientRect());
      return [...document.querySelectorAll(s)]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && boxes.some((b) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom);
        })
        .map((el) => {
          const r = el.getBoundingClientRect();
          const name = el.getAttribute('data-card') ?? el.getAttribute('data-trick-card') ?? el.getAttribute('data-bid') ?? el.getAttribute('data-testid') ?? el.tagName;
          // where it was, and the boxes it met: a failure says what overlapped what
          return `${name} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} under ${boxes.map((b) => `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}×${Math.round(b.height)}`).join('; ')}`;
        });
    },
    [over, selectors] as const,
  );
}

/** The page's controls outside `over` (the open chat panel, the reaction tray) that it covers in
 *  part, or wholly without their being taken from the keyboard and screen readers (inert, hidden):
 *  a control is clear of it, or hidden under it, never half under it. */
function partlyUnder(page: Page, over: string): Promise<string[]> {
  return page.evaluate(async (o) => {
    // once laid out: the page measures what the panel and tray cover in the next frame, and the tray slides in
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    await Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined)));
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
    const panels = [...document.querySelectorAll<HTMLElement>(o)];
    const boxes = panels.map((e) => e.getBoundingClientRect());
    return [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')]
      .filter((el) => !panels.some((p) => p.contains(el)) && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .flatMap((el) => {
        // what of it shows: a scrolling panel (the lobby's centre) clips what it scrolls
        const b0 = el.getBoundingClientRect();
        const r = { left: b0.left, top: b0.top, right: b0.right, bottom: b0.bottom, width: b0.width, height: b0.height };
        for (let a = el.parentElement; a; a = a.parentElement) {
          if (getComputedStyle(a).overflow === 'visible') continue;
          const c = a.getBoundingClientRect();
          r.left = Math.max(r.left, c.left);
          r.top = Math.max(r.top, c.top);
          r.right = Math.min(r.right, c.right);
          r.bottom = Math.min(r.bottom, c.bottom);
        }
        r.width = r.right - r.left;
        r.height = r.bottom - r.top;
        if (r.width <= 0 || r.height <= 0) return [];
        const hit = boxes.find((b) => r.left < b.right - 0.5 && b.left < r.right - 0.5 && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5);
        if (!hit) return [];
        const whole = r.left >= hit.left && r.right <= hit.right && r.top >= hit.top && r.bottom <= hit.bottom;
        if (whole && el.closest('[inert], [aria-hidden=true]')) return [];
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
        return [`${name} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} ${whole ? 'wholly' : 'partly'} under ${Math.round(hit.left)},${Math.round(hit.top)} ${Math.round(hit.width)}×${Math.round(hit.height)}`];
      });
  }, over);
}

async function axeClean(page: Page, label: string): Promise<void> {
  const findings = await axeFindings(page);
  const inChat = findings.filter((f) => f.targets.some((t) => /chat|react/i.test(t)));
  console.info(`axe-core, ${label}: ${findings.length === 0 ? 'no violations' : `\n${describeFindings(findings)}`}`);
  expect(findings.filter(blocking), `${label}:\n${describeFindings(findings.filter(blocking))}`).toEqual([]);
  expect(inChat.filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
}

async function sit(page: Page, seat: number, name: string): Promise<void> {
  await page.click(`[data-sit="${seat}"]`);
  await page.fill('[data-testid=name-input]', name);
  await page.click('[data-testid=sit-confirm]');
  await page.waitForSelector(`[data-seat="${seat}"] >> text=${name}`);
}

/** A new table from the home page (coinche if asked), its creator seated: the table's link. */
async function hostTable(page: Page, name: string, variant?: 'coinche'): Promise<string> {
  await page.goto(`${server.url}/`);
  if (variant) await page.click(`[data-variant=${variant}]`);
  await page.click('[data-testid=create]');
  await page.waitForURL(/\/t\//);
  const url = page.url();
  await sit(page, 0, name);
  return url;
}

async function say(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=chat-input]', text);
  await page.click('[data-testid=chat-send]');
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('[data-testid=chat-input]')?.value ?? 'x') === '');
}

/**
 * Play the humans' turns (pass when bidding, the first playable card, continue after a deal)
 * until `found` holds for one of them; returns that page.
 */
async function drive(humans: Page[], found: (p: Page) => Promise<boolean>): Promise<Page> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    for (const p of humans) if (await found(p)) return p;
    let acted = false;
    for (const p of humans) {
      if ((await count(p, '[data-testid=continue]:not([disabled])')) > 0) {
        await p.click('[data-testid=continue]:not([disabled])');
        acted = true;
      } else if ((await count(p, '[data-bid=pass]')) > 0) {
        await p.click('[data-bid=pass]');
        await p.waitForSelector('[data-bid=pass]', { state: 'detached' }).catch(() => undefined);
        acted = true;
      } else if ((await count(p, '[data-testid=your-turn]')) > 0 && (await count(p, '[data-playable=true]')) > 0) {
        const card = await p.getAttribute('[data-playable=true]', 'data-card');
        await p.click(`[data-card="${card}"]`, { position: { x: 8, y: 14 } });
        await p.waitForSelector(`[data-card="${card}"]`, { state: 'detached' }).catch(() => undefined);
        acted = true;
      }
    }
    if (!acted) await sleep(50);
  }
  throw new Error('the game never reached the expected state');
}

const lastLine = (page: Page): Promise<string | null> => page.textContent('[data-testid=chat-log] li:last-child [data-testid=chat-text]');

describe('table chat and quick reactions', () => {
  it('two phones chat through the bidding and the play, a spectator watches, everyone sees a reaction', async () => {
    const ann = await newPage('phone');
    const url = await hostTable(ann, 'Ann');
    const bob = await newPage('phone');
    await bob.goto(url);
    await sit(bob, 2, 'Bob');
    await addBot(ann, 1);
    await addBot(ann, 3);
    const zoe = await newPage('desktop', 'fr-FR');
    await zoe.goto(url);
    await zoe.waitForSelector('[data-testid=chat-panel]'); // docked in the side panel on a desktop

    // In the lobby: Ann writes, Bob sees the badge and reads it as text.
    await ann.click('[data-testid=chat-toggle]');
    await say(ann, HOSTILE);
    await bob.waitForSelector('[data-testid=chat-unread] >> text=1');
    expect(await bob.getAttribute('[data-testid=chat-toggle]', 'aria-label')).toBe('Open the chat, 1 new message');
    await shot(bob, 'unread-badge-phone');
    await bob.click('[data-testid=chat-toggle]');
    expect(await lastLine(bob)).toBe(HOSTILE);
    await zoe.waitForFunction((t) => [...document.querySelectorAll('[data-testid=chat-text]')].some((e) => e.textContent === t), HOSTILE);
    for (const p of [ann, bob, zoe]) {
      expect(await p.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(await count(p, '[data-testid=chat-log] script, [data-testid=chat-log] img, [data-testid=chat-log] b')).toBe(0);
    }
    await ann.click('[data-testid=chat-close]');

    // The spectator writes under a name, marked as a spectator.
    await zoe.fill('[data-testid=chat-name]', 'Zoé');
    await say(zoe, 'Allez les bleus !');
    await bob.waitForSelector('[data-testid=chat-log] li:last-child >> text=spectator');
    expect((await bob.textContent('[data-testid=chat-log] li:last-child'))!.replace(/\s+/g, ' ').trim()).toBe('Zoé spectator Allez les bleus !');
    await bob.click('[data-testid=chat-close]');

    await ann.click('[data-testid=start]:not([disabled])');

    // The bidding: the first of the two to bid opens the chat on their turn (deals are played
    // through until one does: a bot may take before either speaks).
    const bidder = await drive([ann, bob], async (p) => (await count(p, '[data-bid=take]')) > 0);
    const other = bidder === ann ? bob : ann;
    const unread = async (p: Page) => Number((await p.$eval('[data-testid=chat-unread]', (e) => e.textContent).catch(() => '0')) ?? 0);
    const before = await unread(other);
    await bidder.click('[data-testid=chat-toggle]');
    await bidder.waitForSelector('[data-testid=chat-panel]');
    expect(await covered(bidder, '[data-testid=chat-panel]', '[data-card], [data-bid], [data-testid=retourne] [data-card]')).toEqual([]);
    await say(bidder, 'Je prends ?');
    await shot(bidder, 'chat-open-bidding-phone');
    await axeClean(bidder, 'chat open during the bidding, phone');
    await bidder.click('[data-bid=take]');
    await bidder.click('[data-testid=chat-close]');
    await other.waitForSelector(`[data-testid=chat-unread] >> text=${before + 1}`);

    // A quick reaction: one tap once the tray is open, seen by everyone at the sender's seat.
    await bob.click('[data-testid=reactions-toggle]');
    await bob.waitForSelector('[data-testid=reactions]');
    expect(await covered(bob, '[data-testid=reactions]', '[data-card], [data-bid], [data-trick-card]')).toEqual([]);
    await bob.click('[data-reaction=wellPlayed]');
    const bubbleOn = async (p: Page, text: string, place: string) => {
      await p.waitForSelector(`[data-seat="2"][data-pos=${place}] [data-testid=reaction-bubble] >> text=${text}`, { timeout: 3000 });
    };
    await Promise.all([bubbleOn(ann, 'Well played!', 'top'), bubbleOn(bob, 'Well played!', 'bottom'), bubbleOn(zoe, 'Bien joué !', 'top')]);
    await shot(ann, 'reaction-bubble-phone');
    await shot(zoe, 'reaction-bubble-spectator-desktop');
    expect(await ann.textContent('[data-testid=chat-live]')).toBe('Bob: Well played!');
    // A picture reaction, drawn (no emoji font needed).
    await bob.click('[data-reaction=clap]');
    await ann.waitForSelector('[data-testid=reaction-bubble][data-reaction=clap] svg');
    await bob.click('[data-testid=reactions-toggle]');

    // The play: a player whose turn it is opens the chat; the hand and the trick stay clear.
    // (1 to 3 cards: a finished trick of 4 is held on the table a moment, then leaves while the player waits to lead)
    const player = await drive([ann, bob], async (p) => (await count(p, '[data-playable=true]')) > 0 && [1, 2, 3].includes(await count(p, '[data-trick-card]')));
    await player.click('[data-testid=chat-toggle]');
    await player.waitForSelector('[data-testid=chat-panel]');
    expect(await count(player, '[data-trick-card]')).toBeGreaterThanOrEqual(1);
    expect(await covered(player, '[data-testid=chat-panel]', '[data-card], [data-trick-card]')).toEqual([]);
    await say(player, 'À toi partenaire');
    await shot(player, 'chat-open-play-phone');
    await axeClean(player, 'chat open during the play, phone');
    await player.click('[data-testid=chat-close]');
    // The reaction tray left open while one's own card lies in the trick: it covers no card.
    await player.click('[data-testid=reactions-toggle]');
    await player.waitForSelector('[data-testid=reactions]');
    const mine = await player.getAttribute('[data-playable=true]', 'data-card');
    await player.click(`[data-card="${mine}"]`, { position: { x: 8, y: 14 } });
    await player.waitForSelector(`[data-trick-card="${mine}"]`);
    expect(await covered(player, '[data-testid=reactions]', '[data-card], [data-trick-card]')).toEqual([]);
    await shot(player, 'reaction-tray-play-phone');
    await player.click('[data-testid=reactions-toggle]');

    // The host turns spectator chat off: the spectator is told so (in French) and cannot write.
    await ann.click('[data-testid=chat-toggle]');
    await ann.click('[data-testid=chat-moderation-toggle]');
    await ann.click('[data-testid=spectator-chat]');
    await zoe.waitForSelector('[data-testid=chat-blocked] >> text=L’hôte a fermé la discussion aux spectateurs : ni messages ni réactions des spectateurs.');
    expect(await count(zoe, '[data-testid=chat-input]')).toBe(0);
    await zoe.waitForSelector('[data-testid=chat-log] li:last-child >> text=L’hôte a fermé la discussion aux spectateurs');
    await shot(ann, 'chat-moderation-phone');
    await axeClean(ann, 'chat moderation, phone');
    await shot(zoe, 'chat-docked-spectator-desktop');
    await axeClean(zoe, 'chat docked, spectator, desktop');
    await ann.click('[data-testid=chat-close]');

    // A reload: the history comes back, the seat too; nothing counts as unread.
    // Bob's socket from the reload on: what reaches his page is seen (the muted check below waits for its line)
    const toBob: string[] = [];
    bob.on('websocket', (ws) => ws.on('framereceived', (f) => void toBob.push(String(f.payload))));
    await bob.reload();
    await bob.waitForSelector('[data-card]');
    expect(await count(bob, '[data-testid=chat-unread]')).toBe(0);
    await bob.click('[data-testid=chat-toggle]');
    await bob.waitForFunction((t) => [...document.querySelectorAll('[data-testid=chat-text]')].some((e) => e.textContent === t), HOSTILE);
    const texts = await bob.$$eval('[data-testid=chat-text]', (els) => els.map((e) => e.textContent));
    expect(texts).toEqual([HOSTILE, 'Allez les bleus !', 'Je prends ?', 'À toi partenaire']);
    expect(await bob.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

    // Muting the chat on this phone: no badge for new lines.
    await bob.click('[data-testid=chat-mute]');
    await bob.click('[data-testid=chat-close]');
    await ann.click('[data-testid=chat-toggle]');
    await say(ann, 'Tu dors ?');
    await bob.waitForFunction(() => document.querySelector('[data-testid=chat-toggle] .muted-slash') !== null);
    // the line has reached Bob's page, which has handled it and drawn two frames since: still no badge
    await vi.waitFor(() => expect(toBob.some((f) => f.includes('Tu dors ?'))).toBe(true), { timeout: 15_000 });
    await bob.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    expect(await count(bob, '[data-testid=chat-unread]')).toBe(0);
    await shot(bob, 'chat-muted-phone');

    // The desktop layout of a player, for the record.
    await ann.setViewportSize(DESKTOP);
    await ann.waitForSelector('aside [data-testid=chat-panel]');
    await shot(ann, 'chat-docked-player-desktop');
    await axeClean(ann, 'chat docked, player, desktop');
    await chrome.closeContexts();
  });

  it('a coinche table: the open chat leaves the bid picker and the hand clear', async () => {
    const pia = await newPage('phone');
    await hostTable(pia, 'Pia', 'coinche');
    // (easy bots never surcoinche: a surcoinche would end the auction before this seat's turn)
    for (const seat of [1, 2, 3]) await addBot(pia, seat, 'easy');
    await pia.click('[data-testid=start]:not([disabled])');
    await pia.waitForSelector('[data-testid=bid-picker]', { timeout: 30_000 });
    await pia.click('[data-testid=chat-toggle]');
    await pia.waitForSelector('[data-testid=chat-panel]');
    await say(pia, 'Je coinche ?');
    expect(await covered(pia, '[data-testid=chat-panel]', '[data-card], [data-testid=bid-picker], [data-testid=bid-picker] button')).toEqual([]);
    await pia.click('[data-testid=reactions-toggle]');
    expect(await covered(pia, '[data-testid=reactions]', '[data-card], [data-testid=bid-picker]')).toEqual([]);
    await shot(pia, 'chat-open-coinche-bidding-phone');
    await axeClean(pia, 'chat open during a coinche auction, phone');
  });

  it('the lobby on a 390×844 phone in German and English, the chat open (the tall panel of a host not seated and of a spectator, a seated player’s): no control left partly under the panel or the tray, axe-core clean', async () => {
    for (const locale of ['de-DE', 'en-US']) {
      // The host, not seated, has the free bottom seat's "Sit here" and "+ Bot" under the tall panel's
      // foot (axe's target-size on button[data-sit="0"]); Kim sits at seat 2; Lou watches.
      const host = await newPage('phone', locale);
      await host.goto(`${server.url}/`);
      await host.click('[data-testid=create]');
      await host.waitForURL(/\/t\//);
      const kim = await newPage('phone', locale);
      await kim.goto(host.url());
      await sit(kim, 2, 'Kim');
      const lou = await newPage('phone', locale);
      await lou.goto(host.url());
      await lou.waitForSelector('[data-sit="0"]');
      for (const [who, page] of [['host not seated', host], ['spectator', lou], ['seated player', kim]] as const) {
        await page.click('[data-testid=chat-toggle]');
        await page.waitForSelector('[data-testid=chat-panel]');
        await shot(page, `lobby-chat-open-${who.replaceAll(' ', '-')}-${locale}`);
        await axeClean(page, `the lobby with the chat open, ${who}, phone, ${locale}`);
        expect(await partlyUnder(page, '[data-testid=chat-panel]'), `${who}, ${locale}`).toEqual([]);
        await page.click('[data-testid=reactions-toggle]');
        await page.waitForSelector('[data-testid=reactions] button');
        expect(await partlyUnder(page, '[data-testid=chat-panel], [data-testid=reactions]'), `${who}, ${locale}, reactions open`).toEqual([]);
        await axeClean(page, `the lobby with the chat and the reactions open, ${who}, phone, ${locale}`);
      }
      await chrome.closeContexts();
    }
  });

  it('a spectator on a 360 px phone, the chat open tall and the reactions open: the panel ends above the tray, every reaction and the panel’s field and buttons in reach', async () => {
    const host = await newPage('phone');
    const url = await hostTable(host, 'Ana');
    const kim = await chrome.page({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'de-DE', reducedMotion: 'reduce' }, 15_000);
    await kim.goto(url);
    await kim.click('[data-testid=chat-toggle]');
    await kim.waitForSelector('[data-testid=chat-panel]');
    expect(await kim.getAttribute('[data-testid=chat-expand]', 'aria-expanded')).toBe('true');
    await kim.click('[data-testid=reactions-toggle]');
    await kim.waitForSelector('[data-testid=reactions] button');
    await shot(kim, 'chat-tall-and-tray-spectator-360');
    // The tray's first row lay under the panel (its buttons then out of reach), the panel reaching down to the corner buttons.
    expect(await covered(kim, '[data-testid=chat-panel]', '[data-testid=reactions] button')).toEqual([]);
    expect(await covered(kim, '[data-testid=reactions]', '[data-testid=chat-panel] input, [data-testid=chat-panel] button')).toEqual([]);
    await chrome.closeContexts();
  });

  it('a spectator floods: the lines accepted shown once each and in order, a refusal in their language under the docked field; the host’s mute buttons apart on a phone; a script on the same address shares the budget; the count of characters agrees with the server', async () => {
    const ann = await newPage('phone');
    const url = await hostTable(ann, 'Ann');
    for (const seat of [1, 2, 3]) await addBot(ann, seat);
    const zoe = await newPage('desktop', 'fr-FR');
    await zoe.goto(url);
    await zoe.waitForSelector('[data-testid=chat-panel]');
    const lines = (p: Page) => p.$$eval('[data-testid=chat-text]', (els) => els.map((e) => e.textContent));

    // Three lines through the page, then a script on the same machine (the same address: the
    // same spectator tag and the same budget of 5 lines in 10 s) sends twelve at once: two pass.
    for (const text of ['z1', 'z2', 'z3']) await say(zoe, text);
    const id = new URL(url).pathname.split('/').at(-1)!;
    const script: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.url, { query: { table: id }, auth: { protocolVersion: PROTOCOL_VERSION, tableId: id }, transports: ['websocket'] });
    try {
      await new Promise<void>((ok, fail) => void script.once('connect', ok).once('connect_error', fail));
      const acks = await Promise.all(Array.from({ length: 12 }, (_, i) => script.emitWithAck('chat', { text: `x${i + 1}` })));
      expect(acks.filter((a) => a.ok).length).toBe(2);
      expect(new Set(acks.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.error.code)))).toEqual(new Set(['CHAT_TOO_FAST']));
    } finally {
      script.close();
    }
    const accepted = ['z1', 'z2', 'z3', 'x1', 'x2'];
    await ann.click('[data-testid=chat-toggle]');
    for (const p of [zoe, ann]) await vi.waitFor(async () => expect(await lines(p)).toEqual(accepted), { timeout: 5000 });

    // The host's mute buttons on five lines in a row, on a phone (the panel opened tall, all in
    // view): each at least 24 px each way, none overlapping the next, and a tap at its top, middle
    // or bottom reaches it, not a neighbour's. Lines without one stay one line of text high.
    // (the panel's height is chosen when the chat layer first comes: tall if Ann had not sat yet)
    if ((await ann.getAttribute('[data-testid=chat-expand]', 'aria-expanded')) !== 'true') await ann.click('[data-testid=chat-expand]');
    await ann.waitForSelector('.floating.expanded');
    const mutes = await ann.$$eval('[data-mute-spectator]', (els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        const at = (y: number) => el.contains(document.elementFromPoint(r.left + r.width / 2, y));
        return { top: r.top, bottom: r.bottom, width: r.width, height: r.height, hits: [at(r.top + 1), at(r.top + r.height / 2), at(r.bottom - 1)] };
      }),
    );
    expect(mutes.length).toBe(5);
    for (const [i, m] of mutes.entries()) {
      expect(Math.min(m.width, m.height), `button ${i + 1}`).toBeGreaterThanOrEqual(24);
      expect(m.hits, `taps on button ${i + 1}`).toEqual([true, true, true]);
      if (i > 0) expect(m.top, `button ${i + 1} against button ${i}`).toBeGreaterThanOrEqual(mutes[i - 1]!.bottom);
    }
    expect(Math.max(...(await zoe.$$eval('[data-testid=chat-log] li', (els) => els.map((e) => e.getBoundingClientRect().height))))).toBeLessThan(22);
    await shot(ann, 'chat-mute-buttons-phone');
    await axeClean(ann, 'the host’s mute buttons on five lines, phone');
    // The page's next line is refused: said in French where it was typed (just under the field of
    // the chat docked at the right, not at the top of the table), read out and tied to the field;
    // the line kept in the field to send later, nothing shown or sent.
    await zoe.fill('[data-testid=chat-input]', 'z4');
    await zoe.click('[data-testid=chat-send]');
    await zoe.waitForFunction(() => document.querySelector('[data-testid=chat-refused][role=alert]')?.textContent === 'Trop de messages\u202f: patientez un instant');
    expect(await count(zoe, '[data-testid=notice]')).toBe(0);
    expect(await zoe.getAttribute('[data-testid=chat-input]', 'aria-describedby')).toBe('chat-refused');
    const field = (await zoe.locator('[data-testid=chat-input]').boundingBox())!;
    const said = (await zoe.locator('[data-testid=chat-refused]').boundingBox())!;
    expect(said.y - (field.y + field.height)).toBeGreaterThanOrEqual(0);
    expect(said.y - (field.y + field.height)).toBeLessThan(16);
    expect(await zoe.inputValue('[data-testid=chat-input]')).toBe('z4');
    // (while it shows: it stands as long as a notice would)
    await shot(zoe, 'chat-flood-refused-spectator-desktop');
    await axeClean(zoe, 'a refused line under the docked chat’s field, desktop');
    await sleep(300);
    for (const p of [zoe, ann]) expect(await lines(p)).toEqual(accepted);
    // Changing the line takes the refusal away (if its time was not up already).
    await zoe.fill('[data-testid=chat-input]', 'z5');
    expect(await count(zoe, '[data-testid=chat-refused]')).toBe(0);

    // The characters left, on a phone: counted as the server keeps the line (trimmed, marks removed)…
    await ann.fill('[data-testid=chat-input]', ` ${'a'.repeat(199)}\u200Eb `);
    await ann.waitForSelector('.left >> text=0 characters left');
    expect(await ann.isEnabled('[data-testid=chat-send]')).toBe(true);
    await say(ann, ` ${'a'.repeat(199)}\u200Eb `);
    await zoe.waitForFunction((t) => document.querySelector('[data-testid=chat-log] li:last-child [data-testid=chat-text]')?.textContent === t, `${'a'.repeat(199)}b`);
    // … a browser's own cap (maxlength counts UTF-16 units) would stop 150 emoji at 100 …
    await ann.focus('[data-testid=chat-input]');
    await ann.keyboard.insertText('😀'.repeat(150));
    expect([...(await ann.inputValue('[data-testid=chat-input]'))].length).toBe(150);
    await say(ann, '😀'.repeat(150));
    // … and past the limit it says by how much, with no Send.
    await ann.fill('[data-testid=chat-input]', 'a'.repeat(203));
    await ann.waitForSelector('.left >> text=3 characters too many');
    expect(await ann.isDisabled('[data-testid=chat-send]')).toBe(true);
    await shot(ann, 'chat-too-long-phone');
    await chrome.closeContexts();
  });
});

