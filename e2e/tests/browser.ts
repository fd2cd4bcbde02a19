/**
 * Browser helpers for the end-to-end tests: the system's Chromium or Chrome (CHROMIUM_PATH, set
 * by vitest.config.ts to the one it found) driven by playwright-core, phone and desktop contexts,
 * screenshots under test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CHROMIUM, findTool } from '../../test-support/tools.js';

export const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: findTool(CHROMIUM) ?? undefined, args: ARGS });
}

/** A test file's Chromium (`useBrowser`): the browser, and contexts it closes after the file's tests. */
export interface TestBrowser {
  /** The browser, launched before the file's tests. */
  readonly browser: Browser;
  /** A new context, closed after the file's tests (or by `closeContexts`); its pages' errors fail the test. */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a new context (as `context`), `timeout` its default, its page errors logged and failing the test. */
  page(options: BrowserContextOptions, timeout: number): Promise<Page>;
  /** Closes the contexts made so far. */
  closeContexts(): Promise<void>;
}

/**
 * One Chromium for a test file: registers a beforeAll that launches it (and runs `alongside` at
 * the same time: a server of the file's own, say) and an afterAll that closes every context made
 * through it, then the browser. Call at the top of the file, before its own hooks: its afterAll
 * then runs after theirs.
 */
export function useBrowser({ alongside }: { alongside?: () => Promise<unknown> } = {}): TestBrowser {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [browser] = await Promise.all([launch(), alongside?.()]);
  });
  // An exception a page did not catch is a defect, whatever the test was looking at.
  afterEach(() => {
    const thrown = pageErrors.splice(0);
    if (thrown.length > 0) throw new Error(`the pages threw ${thrown.length}: ${thrown.join(' | ')}`);
  });
  afterAll(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => {});
    await browser?.close();
  });
  const b: TestBrowser = {
    get browser(): Browser {
      if (!browser) throw new Error('the browser is launched in beforeAll: use it in a hook or a test');
      return browser;
    },
    async context(options = {}) {
      const c = await b.browser.newContext(options);
      c.on('page', (page) => listen(page));
      contexts.push(c);
      return c;
    },
    async page(options, timeout) {
      return watch(await (await b.context(options)).newPage(), timeout);
    },
    async closeContexts() {
      for (const c of contexts.splice(0)) await c.close();
    },
  };
  return b;
}

/** The errors pages threw since the last test ended (a test of `useBrowser` fails on them). */
const pageErrors: string[] = [];
const listened = new WeakSet<Page>();
/** The name a page's errors are logged under (`watch`'s `who`). */
const names = new WeakMap<Page, string>();

/** Logs `page`'s uncaught errors and keeps them for the test's end (once per page). */
function listen(page: Page): void {
  if (listened.has(page)) return;
  listened.add(page);
  page.on('pageerror', (e) => {
    const who = names.get(page);
    const line = `${who ? `[${who}] ` : ''}page error: ${e.message}`;
    console.error(line);
    pageErrors.push(`${line} (${page.url()})`);
  });
}

/** `page`, `timeout` its default, its page errors logged and failing the test (after `[who]`, when given). */
export function watch(page: Page, timeout: number, who?: string): Page {
  page.setDefaultTimeout(timeout);
  if (who) names.set(page, who);
  listen(page);
  return page;
}

/**
 * For a file whose tests are steps that build on each other: registers a beforeEach that, once
 * a test has failed, skips the rest instead of letting each time out.
 */
export function skipAfterFailure(): void {
  let broken = false;
  beforeEach(({ skip, onTestFailed }) => {
    if (broken) skip();
    onTestFailed(() => {
      broken = true;
    });
  });
}

/** Chromium with a profile on disk (what installing an app needs: not an incognito context), as a phone. */
export function launchProfile(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: findTool(CHROMIUM) ?? undefined,
    args: ARGS,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'en-US',
  });
}

export type Size = 'phone' | 'desktop';

export interface Player {
  name: string;
  size: Size;
  context: BrowserContext;
  page: Page;
}

/** A player `name` on a phone or a desktop in a new context of `chrome` (closed with its others), on `url`. */
export async function open(chrome: TestBrowser, name: string, size: Size, url: string, more: BrowserContextOptions = {}): Promise<Player> {
  const context = await chrome.context({
    ...(size === 'phone'
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' }
      : { viewport: { width: 1280, height: 800 }, locale: 'en-US' }),
    ...more,
  });
  const page = watch(await context.newPage(), 15_000, name);
  await page.goto(url);
  return { name, size, context, page };
}

export async function shot(p: Player, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}-${p.size}.png`);
  await p.page.screenshot({ path: file });
  return file;
}

/** Cards of the player's hand as shown, in order. */
export function handOf(p: Player): Promise<string[]> {
  return p.page.$$eval('[data-card]', (els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}

/** The host seats a bot: "+ Bot" on the empty seat opens the levels, then one level. */
export async function addBot(page: Page, seat: number, level: 'easy' | 'normal' | 'strong' = 'normal'): Promise<void> {
  await page.click(`[data-addbot="${seat}"]`);
  await page.click(`[data-seat="${seat}"] [data-addbot-level="${level}"]`);
  await page.waitForSelector(`[data-removebot="${seat}"]`);
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Resize the page and wait until it is laid out at the new size: the window has the new width
 * (its resize and media-query listeners have run), then two frames drawn (the effects they
 * started, ResizeObserver callbacks included, are on the screen).
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [size.width, size.height]);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** A table on `url` (classic, or coinche) with three easy bots, the page seated at seat 0 as its host (the start button ready): the table's id. */
export async function seatedWithBots(page: Page, url: string, { name = 'Maximilian', target = 501, variant }: { name?: string; target?: number; variant?: 'coinche' } = {}): Promise<string> {
  const res = await fetch(`${url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ rules: variant ? { variant, target } : { target }, options: { fillWithBots: true, botLevel: 'easy' } }),
  });
  const { id, hostKey } = (await res.json()) as { id: string; hostKey: string };
  await page.goto(`${url}/`);
  await page.evaluate(([i, k]) => localStorage.setItem(`belote:table:${i}`, JSON.stringify({ hostKey: k })), [id, hostKey] as const);
  await page.goto(`${url}/t/${id}`);
  await page.click('[data-sit="0"]');
  await page.fill('[data-testid=name-input]', name);
  await page.click('[data-testid=sit-confirm]');
  await page.waitForSelector('[data-testid=start]:not([disabled])');
  return id;
}
