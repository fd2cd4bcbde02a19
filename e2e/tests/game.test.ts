/**
 * A whole deal in real browsers against the real server: the host creates a table, three
 * friends join through the invite link, a spectator watches; they bid and play every card
 * by clicking. Along the way: an illegal card shows its reason, a reload mid-trick keeps the
 * seat and the hand, and screenshots of each screen at phone and desktop sizes.
 */
import { describe, expect, inject, it } from 'vitest';
import { handOf, open, shot, skipAfterFailure, sleep, useBrowser, type Player } from './browser.js';

const base = inject('baseUrl');
const chrome = useBrowser();
let invite = '';
let anna: Player; // host, phone, seat 0
let ben: Player; // desktop, seat 1
let cleo: Player; // phone, seat 2
let dan: Player; // phone, seat 3
let eve: Player; // spectator, phone
const players = (): Player[] => [anna, ben, cleo, dan];

async function sit(p: Player, seat: number): Promise<void> {
  await p.page.click(`[data-sit="${seat}"]`);
  await p.page.fill('[data-testid=name-input]', p.name);
  await p.page.click('[data-testid=sit-confirm]');
  await p.page.waitForSelector(`[data-seat="${seat}"] >> text=${p.name}`);
}

const count = (p: Player, selector: string): Promise<number> => p.page.$$eval(selector, (els) => els.length);

interface BidFrame {
  t: number;
  /** The bidding buttons are in the page; seen: and not hidden. */
  present: boolean;
  seen: boolean;
  /** The retourne is still to turn or turning. */
  turning: boolean;
}

/** Records, every frame from now on, whether the bidding buttons are there and seen, and whether the retourne is turning. */
function watchBidding(p: Player): Promise<void> {
  return p.page.evaluate(() => {
    const w = window as unknown as { __bid: BidFrame[] };
    w.__bid = [];
    const loop = (t: number): void => {
      const button = document.querySelector('[data-bid]');
      const retourne = document.querySelector('[data-testid=retourne]');
      w.__bid.push({
        t,
        present: button !== null,
        seen: button?.checkVisibility({ visibilityProperty: true }) ?? false,
        turning: retourne?.getAnimations({ subtree: true }).some((a) => a.playState === 'running') ?? false,
      });
      if (w.__bid.length < 600) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
}

// The steps build on each other: after a failure, skip the rest instead of timing out.
skipAfterFailure();

describe('a table in four browsers', () => {
  it('creates a table and seats four players who came through the invite link', async () => {
    anna = await open(chrome, 'Anna', 'phone', `${base}/`);
    await shot(anna, 'home');
    await anna.page.click('[data-testid=create]');
    await anna.page.waitForURL(/\/t\/[A-Za-z0-9_-]{22}$/);
    invite = await anna.page.inputValue('[data-testid=invite-url]');
    expect(invite).toBe(anna.page.url());
    await sit(anna, 0);

    ben = await open(chrome, 'Ben', 'desktop', invite);
    cleo = await open(chrome, 'Cleo', 'phone', invite);
    dan = await open(chrome, 'Dan', 'phone', invite);
    eve = await open(chrome, 'Eve', 'phone', invite);
    await sit(ben, 1);
    await sit(cleo, 2);
    // Dan (not seated yet) and Eve are watching.
    await anna.page.waitForSelector('[data-testid=lobby] >> text=2 watching');
    await shot(anna, 'lobby');
    await shot(ben, 'lobby');
    await sit(dan, 3);
    await anna.page.waitForSelector('[data-testid=lobby] >> text=1 watching');

    // Everyone sees the same four names; only the host may start.
    for (const p of [...players(), eve]) {
      for (const [seat, name] of ['Anna', 'Ben', 'Cleo', 'Dan'].entries()) {
        await p.page.waitForSelector(`[data-seat="${seat}"] >> text=${name}`);
      }
    }
    expect(await count(ben, '[data-testid=start]')).toBe(0);
    await anna.page.waitForSelector('[data-testid=start]:not([disabled])');
  });

  it('deals and bids: the first phone player to speak takes', async () => {
    for (const p of players()) await watchBidding(p);
    await anna.page.click('[data-testid=start]');
    await anna.page.waitForSelector('[data-testid=retourne]');
    let bidder: Player | null = null;
    let eldest: Player | null = null;
    let desktopShot = false;
    for (let i = 0; i < 200 && !bidder; i++) {
      for (const p of players()) {
        if ((await count(p, '[data-bid=take]')) > 0) {
          if (!eldest) {
            eldest = p;
            // The first to speak bids on what the deal shows: the buttons are in the page at
            // once, their place kept, but seen only once the cards have landed and the retourne
            // has turned (they showed its suit while it still lay face down).
            await p.page.waitForSelector('[data-bid=take]', { state: 'visible' });
            const frames = await p.page.evaluate(() => (window as unknown as { __bid: BidFrame[] }).__bid);
            const waiting = frames.filter((f) => f.present && !f.seen);
            expect(waiting.length, 'frames with the buttons in the page but hidden').toBeGreaterThan(0);
            expect(frames.filter((f) => f.seen && f.turning).map((f) => f.t), 'frames with the buttons seen while the retourne turns').toEqual([]);
          }
          if (!desktopShot) {
            await shot(ben, 'bidding');
            desktopShot = true;
          }
          if (p.size === 'desktop') {
            await p.page.click('[data-bid=pass]');
            await p.page.waitForSelector('[data-bid=pass]', { state: 'detached' });
          } else bidder = p;
          break;
        }
      }
      if (!bidder) await sleep(50);
    }
    expect(bidder).not.toBeNull();
    await shot(bidder!, 'bidding');
    await bidder!.page.click('[data-bid=take]');
    // Play starts: eight cards in every hand, trump shown.
    for (const p of players()) {
      await p.page.waitForFunction(() => document.querySelectorAll('[data-card]').length === 8);
      await p.page.waitForSelector('[data-testid=trump]');
    }
  });

  it('shows the spectator the table but no hand', async () => {
    expect(await count(eve, '[data-card]')).toBe(0);
    expect(await count(eve, '[data-seat]')).toBe(4);
    await eve.page.waitForSelector('text=You are watching');
    await eve.page.waitForSelector('[data-testid=trump]');
  });

  it('plays the whole deal by clicking cards; refuses an illegal card with its reason; survives a reload', async () => {
    let illegalChecked = false;
    let reloaded = false;
    let usedKeyboard = false;
    const shotsDone = new Set<string>();
    const deadline = Date.now() + 100_000;
    let plays = 0;
    while ((await count(ben, '[data-deal-row="0"]')) === 0) {
      expect(Date.now()).toBeLessThan(deadline);
      let current: Player | null = null;
      for (const p of players()) if ((await count(p, '[data-testid=your-turn]')) > 0) current = p;
      if (!current) {
        await sleep(30);
        continue;
      }
      const inTrick = await count(current, '[data-trick-card]');

      if (inTrick >= 2 && inTrick <= 3 && current.size === 'phone' && !shotsDone.has('phone')) {
        await shot(current, 'trick');
        shotsDone.add('phone');
      }
      if (!shotsDone.has('desktop') && (await count(ben, '[data-trick-card]')) === inTrick && inTrick >= 2 && inTrick <= 3) {
        await shot(ben, 'trick');
        shotsDone.add('desktop');
      }

      if (!illegalChecked && (await count(current, '[data-playable=false]')) > 0) {
        const before = await handOf(current);
        const illegal = (await current.page.getAttribute('[data-playable=false]', 'data-card'))!;
        await current.page.click(`[data-card="${illegal}"]`, { position: { x: 8, y: 14 } });
        const reason = await current.page.textContent('[data-testid=refusal]');
        expect(reason).toMatch(/^You must (follow|trump|overtrump)/);
        // the refusal is the tap's answer, made in the page (nothing is sent): it is on screen, so the tap is handled
        expect(await handOf(current)).toEqual(before);
        // The reason takes the turn cue's place for a moment (over no card, no name plate): the cue
        // leaves (once its fade ends; this waits for it, where a fixed pause used to); the turn stays.
        await current.page.waitForSelector('[data-testid=your-turn]', { state: 'detached' });
        expect(await count(current, '[data-playable=true]')).toBeGreaterThan(0);
        await shot(current, 'refusal');
        illegalChecked = true;
      }

      if (!reloaded && current.size === 'phone' && inTrick >= 1 && inTrick <= 3) {
        const before = await handOf(current);
        await current.page.reload();
        await current.page.waitForSelector('[data-testid=your-turn]');
        expect(await handOf(current)).toEqual(before);
        expect(await count(current, '[data-trick-card]')).toBe(inTrick);
        reloaded = true;
      }

      // In front, the table says it is one's turn; the title and favicon badge are for a page in the background (feel.test.ts).
      expect(await current.page.title()).toBe('Belote');
      const card = (await current.page.getAttribute('[data-playable=true]', 'data-card'))!;
      if (!usedKeyboard) {
        // Arrows move along the hand, Enter plays the focused card.
        const hand = await handOf(current);
        await current.page.focus('[data-card]');
        for (let i = 0; i < hand.indexOf(card); i++) await current.page.keyboard.press('ArrowRight');
        expect(await current.page.evaluate(() => document.activeElement?.querySelector('.sr-only')?.textContent)).toMatch(/, playable$/);
        await current.page.keyboard.press('Enter');
        usedKeyboard = true;
      } else {
        await current.page.click(`[data-card="${card}"]`, { position: { x: 8, y: 14 } });
      }
      await current.page.waitForSelector(`[data-card="${card}"]`, { state: 'detached' });
      plays++;
      if (plays === 5) {
        // The first trick is over: "last trick" shows its four cards on demand.
        await ben.page.click('[data-testid=last-trick-btn]');
        await ben.page.waitForFunction(() => document.querySelectorAll('[data-testid=last-trick] [data-trick-card]').length === 4);
        await shot(ben, 'last-trick');
        await ben.page.keyboard.press('Escape');
        await ben.page.waitForSelector('[data-testid=last-trick]', { state: 'detached' });
        // Everyone sees the card points and tricks taken so far: one trick is won.
        const tricks = await ben.page.$$eval('[data-testid=deal-score] .tricks', (els) => els.reduce((n, e) => n + e.children.length, 0));
        expect(tricks).toBe(1);
        const points = await eve.page.$$eval('[data-testid=deal-score] [data-team-points]', (els) => els.map((e) => Number(e.textContent)));
        expect(points).toHaveLength(2);
        expect(points.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
        // Its box holds what it shows, on a phone's narrow corner (the names left to screen
        // readers there) as on a desktop.
        for (const p of [anna, ben]) {
          const outside = await p.page.$eval('[data-testid=deal-score]', (box) => {
            const b = box.getBoundingClientRect();
            return [...box.querySelectorAll('dt, .pts, .tricks i')]
              .map((e) => e.getBoundingClientRect())
              .filter((r) => r.width > 1 && (r.left < b.left || r.right > b.right || r.top < b.top || r.bottom > b.bottom)).length;
          });
          expect(outside, `${p.name}: the tally's points or marks outside its box`).toBe(0);
        }
      }
      if (plays === 32) break;
    }
    expect(plays).toBe(32);
    expect(illegalChecked).toBe(true);
    expect(reloaded).toBe(true);
    expect(usedKeyboard).toBe(true);
    expect([...shotsDone].sort()).toEqual(['desktop', 'phone']);
  });

  it('ends the deal: the last trick stays in view, then the summary until all four continue', async () => {
    // The last trick is on the table first, before the summary covers it.
    await anna.page.waitForFunction(() => document.querySelectorAll('.felt [data-trick-card]').length === 4 || !!document.querySelector('[data-testid=deal-summary]'));
    const lastTrickSeen = (await count(anna, '[data-testid=deal-summary]')) === 0;
    await anna.page.waitForSelector('[data-testid=deal-summary]');
    expect(lastTrickSeen).toBe(true);
    await shot(anna, 'deal-summary');
    await ben.page.waitForSelector('[data-testid=deal-summary]');
    await shot(ben, 'deal-summary');
    expect(await anna.page.textContent('[data-testid=next-deal]')).toMatch(/^Next deal in \d+ s$/);
    await ben.page.waitForSelector('[data-deal-row="0"]');
    const written = await ben.page.$$eval('[data-deal-row="0"] td.pts', (tds) => tds.map((td) => Number.parseInt(td.textContent ?? '', 10)));
    expect(written).toHaveLength(2);
    expect(written.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
    expect(written[0]! + written[1]!).toBeGreaterThan(0);
    // Three continue: the summary stays for all, waiting for the fourth.
    for (const p of [anna, ben, cleo]) await p.page.click('[data-testid=continue]');
    await anna.page.waitForSelector('[data-testid=next-deal] >> text=Waiting for Dan');
    expect((await anna.page.textContent('[data-testid=next-deal]'))!.endsWith('Waiting for Dan')).toBe(true);
    expect(await count(dan, '[data-testid=deal-summary]')).toBe(1);
    expect(await count(eve, '[data-testid=deal-summary]')).toBe(1);
    await shot(anna, 'deal-summary-waiting');
    await dan.page.click('[data-testid=continue]');
    // The next deal starts for everyone at once.
    for (const p of [...players(), eve]) {
      await p.page.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
      await p.page.waitForSelector('[data-testid=retourne]');
    }
  });

  it("keeps every deal's breakdown on the score sheet", async () => {
    await shot(ben, 'score-sheet');
    await anna.page.click('button[aria-label^="Score sheet,"]');
    await anna.page.waitForSelector('[data-testid=sheet-modal] [data-deal-row="0"]');
    await shot(anna, 'score-sheet');
    await anna.page.click('[data-testid=sheet-modal] [data-testid=open-deal]');
    const breakdown = (await anna.page.textContent('[data-testid=deal-summary]'))!;
    expect(breakdown).toContain('Card points');
    expect(breakdown).toContain('Written');
    await shot(anna, 'deal-breakdown');
    await anna.page.click('[data-testid=close-summary]');
    await anna.page.waitForSelector('[data-testid=deal-summary]', { state: 'detached' });
    // Desktop: the side panel's sheet opens it too.
    await ben.page.click('.side [data-testid=open-deal]');
    await ben.page.waitForSelector('[data-testid=deal-summary] >> text=Card points');
    await shot(ben, 'deal-breakdown');
    await ben.page.click('[data-testid=close-summary]');
  });

});
