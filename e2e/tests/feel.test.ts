/**
 * How the table feels in real Chromium, against servers of its own: the deal's motion (it
 * starts in the frame after the step and is over within 1.5 s; with reduced motion nothing
 * moves, cards fade in), the background cues (a hidden page gets the title and favicon badge
 * and — opted in, permission granted — a notification when its turn comes; a visible page
 * none of it), and the installable app (the service worker installs, the home page and a
 * record's replay open with the network off, a new version is announced, the manifest passes
 * Chromium's installability check).
 *
 * Headless Chromium keeps every tab visible: the page's visibility is switched the way the
 * browser reports it (document.visibilityState and a visibilitychange event, from an init
 * script), which is all the app reads.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playGame, recordOf, seededRng } from '@belote/rules';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server-process.js';
import { ARTIFACTS, launchProfile, seatedWithBots, useBrowser, watch } from './browser.js';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const base = inject('baseUrl');
const chrome = useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' } as const;

const context = (options: BrowserContextOptions = {}): Promise<BrowserContext> => chrome.context({ ...PHONE, ...options });

const newPage = async (c: BrowserContext): Promise<Page> => watch(await c.newPage(), 20_000);


/**
 * Records, from now on, every animation frame: the time, and the animations running on dealt
 * cards (the hand, the other seats' backs, the retourne) with the properties they animate.
 */
function recordFrames(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: { t: number; cards: number; running: number; props: string[] }[] };
    w.__frames = [];
    const dealt = (a: Animation): boolean => {
      const el = (a.effect as KeyframeEffect | null)?.target;
      return el instanceof Element && el.closest('[data-hand], .backs, [data-testid=retourne]') !== null;
    };
    const loop = (t: number): void => {
      const anims = document.getAnimations().filter(dealt);
      const props = new Set<string>();
      for (const a of anims) for (const k of (a.effect as KeyframeEffect).getKeyframes()) for (const p of Object.keys(k)) props.add(p);
      w.__frames.push({ t, cards: document.querySelectorAll('[data-card]').length, running: anims.filter((a) => a.playState === 'running').length, props: [...props] });
      if (w.__frames.length < 600) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
}

interface DealMotion {
  /** When the step that dealt arrived (the app's performance mark). */
  t0: number;
  frames: { t: number; cards: number; running: number; props: string[] }[];
}

async function dealMotion(page: Page): Promise<DealMotion> {
  await page.waitForFunction(() => performance.getEntriesByName('belote:deal').length > 0);
  // Let the deal play out (it ends in well under 2 s), then read what was recorded.
  await page.waitForFunction(() => {
    const w = window as unknown as { __frames: { t: number }[] };
    const t0 = performance.getEntriesByName('belote:deal')[0]!.startTime;
    return (w.__frames.at(-1)?.t ?? 0) > t0 + 2000;
  });
  return page.evaluate(() => ({
    t0: performance.getEntriesByName('belote:deal')[0]!.startTime,
    frames: (window as unknown as { __frames: DealMotion['frames'] }).__frames,
  }));
}

const MOVING = ['transform', 'translate', 'rotate', 'scale'];

describe('the deal in motion', () => {
  // Bots that wait past the recorded 2 s: instant ones, speaking before the page's seat, may take
  // in the deal's first frame, and the first packets would not be the deal's whole motion.
  let slow: ServerProcess;
  beforeAll(async () => {
    slow = await startServerProcess({ BOT_DELAY_MS: '2500', DEAL_PAUSE_MS: '60000' });
  });
  afterAll(() => slow?.stop());

  it('starts within one frame of the step, ends within 1.5 s, and the cards are there at once', async () => {
    const page = await newPage(await context());
    await seatedWithBots(page, slow.url);
    await recordFrames(page);
    await page.click('[data-testid=start]');
    const { t0, frames } = await dealMotion(page);
    const after = frames.filter((f) => f.t >= t0);
    // The frame that shows the step, then the next: the cards move by then.
    const [first, second] = after;
    expect(first, 'a frame after the deal').toBeDefined();
    expect(first!.running + (second?.running ?? 0), 'animations in the first two frames after the step').toBeGreaterThan(0);
    // The state is not held back: the dealt hand is in the page from the first frame.
    expect(first!.cards).toBe(5);
    const moving = after.filter((f) => f.running > 0);
    const end = moving.at(-1)!.t - t0;
    // A busy machine paints late: the frame that shows the end may come one frame gap later.
    const gaps = after.slice(1).map((f, i) => f.t - after[i]!.t);
    const late = Math.max(0, ...gaps.slice(0, after.indexOf(moving.at(-1)!) + 1));
    console.info(`deal motion: first frame ${(first!.t - t0).toFixed(1)} ms after the step, last moving frame ${end.toFixed(0)} ms after it (longest frame ${late.toFixed(0)} ms)`);
    expect(end).toBeLessThanOrEqual(1500 + late);
    expect(moving.some((f) => f.props.some((p) => MOVING.includes(p)))).toBe(true);
  });

  it('shows a spectator arriving (a snapshot) the table at once, nothing replayed', async () => {
    const page = await newPage(await context());
    const id = await seatedWithBots(page, base);
    await page.click('[data-testid=start]');
    // The game waits for the player now: the spectator's page gets a snapshot and no step.
    await page.waitForSelector('.hand-zone.active');
    const watcher = await newPage(await context());
    await watcher.goto(`${base}/t/${id}`);
    await watcher.waitForSelector('[data-seat] .backs');
    await recordFrames(watcher);
    await watcher.waitForFunction(() => (window as unknown as { __frames: unknown[] }).__frames.length > 30);
    const frames = await watcher.evaluate(() => (window as unknown as { __frames: { running: number }[] }).__frames);
    expect(frames.filter((f) => f.running > 0)).toEqual([]);
    expect(await watcher.evaluate(() => performance.getEntriesByName('belote:deal').length)).toBe(0);
  });

  it('with reduced motion, fades: no transform runs', async () => {
    const page = await newPage(await context({ reducedMotion: 'reduce' }));
    await seatedWithBots(page, slow.url);
    await recordFrames(page);
    await page.click('[data-testid=start]');
    const { t0, frames } = await dealMotion(page);
    const after = frames.filter((f) => f.t >= t0);
    const props = new Set(after.flatMap((f) => f.props));
    expect([...props].filter((p) => MOVING.includes(p))).toEqual([]);
    expect(props.has('opacity'), 'dealt cards fade in').toBe(true);
    // Nothing at all moves on the page either: no running animation anywhere animates a transform.
    const anyMoving = await page.evaluate(() =>
      document.getAnimations().some((a) => (a.effect as KeyframeEffect).getKeyframes().some((k) => ['transform', 'translate', 'rotate', 'scale'].some((p) => p in k))),
    );
    expect(anyMoving).toBe(false);
  });
});

describe('your turn in the background', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Bots that take a moment, so that the page can be hidden before its turn comes.
    server = await startServerProcess({ BOT_DELAY_MS: '700', DEAL_PAUSE_MS: '60000' });
  });
  afterAll(() => server?.stop());

  const turnNotifications = (page: Page): Promise<string[]> =>
    page.evaluate(async () => ((await (await navigator.serviceWorker.ready).getNotifications({ tag: 'belote-turn' })) ?? []).map((n) => n.title));
  const setVisibility = (page: Page, v: 'visible' | 'hidden'): Promise<void> => page.evaluate((x) => (window as unknown as { __setVisibility: (v: string) => void }).__setVisibility(x), v);
  const myTurn = (page: Page): Promise<boolean> => page.evaluate(() => document.querySelector('.hand-zone.active') !== null);

  it('badges the title and favicon and notifies a hidden page (opted in); nothing while visible', async () => {
    const c = await context();
    await c.grantPermissions(['notifications'], { origin: server.url });
    await c.addInitScript(() => {
      let vis: DocumentVisibilityState = 'visible';
      Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => vis });
      Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => vis === 'hidden' });
      (window as unknown as { __setVisibility: (v: DocumentVisibilityState) => void }).__setVisibility = (v) => {
        vis = v;
        document.dispatchEvent(new Event('visibilitychange'));
      };
    });
    const page = await newPage(c);
    await seatedWithBots(page, server.url);
    // The browser is asked only from the button; it was not asked on load.
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    await page.click('[data-testid=notify-opt-in]');
    await page.waitForSelector('[data-testid=notify-on]');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.click('[data-testid=start]');

    // Visible: the turn comes and nothing but the table says so.
    await page.waitForFunction(() => document.querySelector('.hand-zone.active') !== null, null, { timeout: 30_000 });
    expect(await page.title()).toBe('Belote');
    expect(await page.getAttribute('link[rel~=icon]', 'href')).toBe('/favicon.svg');
    expect(await turnNotifications(page)).toEqual([]);

    // Act, then hide the page before the bots are done: the next turn comes in the background.
    // Each action waits for its ack (the version moves): a second click on a Pass still on screen
    // would wait for a bidding panel that may not come back this deal.
    const version = (): Promise<number> => page.evaluate(() => Number(document.querySelector('.screen')?.getAttribute('data-version')));
    for (let i = 0; i < 40 && (await myTurn(page)); i++) {
      const v = await version();
      if (await page.$('[data-bid=pass]:not([disabled])')) await page.click('[data-bid=pass]:not([disabled])');
      else if (await page.$('[data-playable=true]')) await page.click('[data-playable=true]', { position: { x: 8, y: 14 } });
      await page.waitForFunction((v) => Number(document.querySelector('.screen')?.getAttribute('data-version')) !== v, v, { timeout: 10_000 }).catch(() => null);
    }
    await setVisibility(page, 'hidden');
    await page.waitForFunction(() => document.querySelector('.hand-zone.active') !== null, null, { timeout: 30_000 });
    await page.waitForFunction(() => document.title.startsWith('●'));
    expect(await page.title()).toBe('● Your turn — Belote');
    expect(await page.getAttribute('link[rel~=icon]', 'href')).toMatch(/^data:image\/svg\+xml,/);
    await expect.poll(() => turnNotifications(page), { timeout: 15_000 }).toEqual(['● Your turn — Belote']);

    // Back in front: all cleared.
    await setVisibility(page, 'visible');
    expect(await page.title()).toBe('Belote');
    expect(await page.getAttribute('link[rel~=icon]', 'href')).toBe('/favicon.svg');
    await expect.poll(() => turnNotifications(page), { timeout: 15_000 }).toEqual([]);
  });

  it('never asks for the permission on load', async () => {
    const c = await context();
    const page = await newPage(c);
    await page.addInitScript(() => {
      const w = window as unknown as { __asked: number };
      w.__asked = 0;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...a: Parameters<typeof Notification.requestPermission>) => {
        w.__asked++;
        return ask(...a);
      };
    });
    await seatedWithBots(page, server.url, { name: 'Bernadette' });
    await page.waitForSelector('[data-testid=notify-opt-in]');
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
  });
});

describe('the installable app', () => {
  /** The service worker active and its cache filled (its install precaches every file). */
  const installed = (page: Page): Promise<string[]> =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return (await caches.keys()).filter((k) => k.startsWith('belote-'));
    });

  it('passes Chromium’s installability check: manifest, icons (maskable too), service worker', async () => {
    // A profile on disk: Chromium installs nothing from an incognito context.
    const profile = mkdtempSync(path.join(tmpdir(), 'belote-profile-'));
    const persistent = await launchProfile(profile);
    try {
      const page = await newPage(persistent);
      await page.goto(`${base}/`);
      expect(await installed(page)).toHaveLength(1);
      const cdp = await page.context().newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string; url: string };
      expect(manifest.errors).toEqual([]);
      const m = JSON.parse(manifest.data!) as { display: string; theme_color: string; start_url: string; icons: { src: string; sizes: string; purpose: string }[] };
      expect(m.display).toBe('standalone');
      expect(m.theme_color).toMatch(/^#/);
      expect(m.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
      expect(m.icons.some((i) => i.purpose === 'any' && i.sizes === '192x192')).toBe(true);
      await expect.poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 15_000 }).toEqual([]);
    } finally {
      await persistent.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('opens the home page and a record’s replay with the network off', async () => {
    const c = await context();
    const page = await newPage(c);
    await page.goto(`${base}/`);
    expect(await installed(page)).toHaveLength(1);
    await c.setOffline(true);
    try {
      await page.reload();
      await page.waitForSelector('[data-testid=create-form]');
      await page.waitForSelector('[data-testid=offline-home]');
      expect(await page.isDisabled('[data-testid=create]')).toBe(true);
      mkdirSync(ARTIFACTS, { recursive: true });
      // A downloaded record, opened from the home page: read here, replayed, offline.
      const file = path.join(ARTIFACTS, 'offline-record.json');
      writeFileSync(file, JSON.stringify(recordOf(playGame({ target: 301 }, seededRng(5), undefined, { maxDeals: 2 }).state)));
      await page.setInputFiles('[data-testid=open-record]', file);
      await page.waitForURL(/\/replay$/);
      await page.waitForSelector('[data-testid=deal-list] [data-deal]');
      // And again from the address bar, still offline.
      await page.reload();
      await page.waitForSelector('[data-testid=deal-list] [data-deal]');
    } finally {
      await c.setOffline(false);
    }
  });

  it('announces a new version installed while a page is open, and keeps the previous files for it', async () => {
    // A copy of the built app the test can change, on a server of its own.
    const dir = mkdtempSync(path.join(tmpdir(), 'belote-web-'));
    cpSync(DIST, dir, { recursive: true });
    const server = await startServerProcess({ WEB_DIST: dir });
    try {
      const page = await newPage(await context());
      await page.goto(`${server.url}/`);
      const first = await installed(page);
      expect(first).toHaveLength(1);
      await page.reload(); // now controlled by the worker
      // A new build: another precache version.
      const sw = path.join(dir, 'sw.js');
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/"version":"[0-9a-f]+"/, '"version":"0123456789abcdef"'));
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      await page.waitForSelector('[data-testid=update-notice]');
      const both = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('belote-')).sort());
      expect(both).toEqual([...first, 'belote-0123456789abcdef'].sort());
      await page.click('[data-testid=update-notice] button:has-text("Reload")');
      await page.waitForSelector('[data-testid=create-form]');
      expect(await page.$('[data-testid=update-notice]')).toBeNull();
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
