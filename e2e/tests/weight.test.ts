/**
 * The JavaScript budget: the home page and a table (in the lobby and during a game) each load
 * at most 60 kB of JavaScript, gzip, counting every script the page fetched before it was
 * interactive (the app's `belote:interactive` mark: the page's first screen is up). What it
 * fetches afterwards — the table's other parts when the browser is idle, the analysis worker's
 * prefetch — is listed apart, and so is zod, which none of these pages may carry.
 * Sizes are the built files' gzip size (level 9), so the figure does not depend on how the
 * server compresses. No service worker here: it would serve from its cache.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser, watch } from './browser.js';

/** The budget, in bytes of gzip. */
export const BUDGET = 60_000;

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const base = inject('baseUrl');
const chrome = useBrowser();

interface Loaded {
  before: { file: string; gz: number }[];
  after: { file: string; gz: number }[];
  zod: string[];
}

const gz = (file: string): number => gzipSync(readFileSync(`${DIST}${file}`), { level: 9 }).length;
const sum = (xs: { gz: number }[]): number => xs.reduce((a, x) => a + x.gz, 0);

/** Open `url` in a fresh phone context and sort the scripts it fetched by the interactive mark. */
async function load(url: string, ready: (page: Page) => Promise<unknown> = async () => {}): Promise<Loaded> {
  const context = await chrome.context({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US', serviceWorkers: 'block' });
  const page = watch(await context.newPage(), 20_000);
  await page.goto(url);
  await ready(page);
  await page.waitForFunction(() => performance.getEntriesByName('belote:interactive').length > 0);
  // What comes after the first screen (idle prefetches) has time to come, to be listed.
  await page.waitForTimeout(2500);
  const entries = await page.evaluate(() => {
    const mark = performance.getEntriesByName('belote:interactive')[0]!.startTime;
    return performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ path: new URL(e.name).pathname, before: e.startTime < mark }));
  });
  const sized = entries.map((e) => ({ ...e, file: e.path, gz: gz(e.path) }));
  const zod = entries.map((e) => e.path).filter((p) => readFileSync(`${DIST}${p}`, 'utf8').includes('ZodError'));
  await context.close();
  return { before: sized.filter((e) => e.before), after: sized.filter((e) => !e.before), zod };
}

function report(what: string, l: Loaded): void {
  const list = (xs: { file: string; gz: number }[]): string => xs.map((x) => `${x.file.replace('/assets/', '')} ${(x.gz / 1000).toFixed(1)}`).join(', ');
  console.info(`${what}: ${(sum(l.before) / 1000).toFixed(2)} kB gzip before interactive (${l.before.length} scripts: ${list(l.before)}); after: ${(sum(l.after) / 1000).toFixed(2)} kB (${list(l.after)})`);
}

async function createTable(fillWithBots: boolean): Promise<{ id: string; hostKey: string }> {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ rules: { target: 501 }, options: { fillWithBots, botLevel: 'easy' } }),
  });
  return (await res.json()) as { id: string; hostKey: string };
}

describe(`JavaScript before the first screen is up: at most ${BUDGET / 1000} kB gzip`, () => {
  it('home page', async () => {
    const l = await load(`${base}/`, (p) => p.waitForSelector('[data-testid=create-form]'));
    report('home', l);
    expect(l.zod.filter((f) => l.before.some((b) => b.file === f))).toEqual([]);
    expect(sum(l.before)).toBeLessThanOrEqual(BUDGET);
  });

  it('a table in its lobby (an invite link opened)', async () => {
    const { id } = await createTable(false);
    const l = await load(`${base}/t/${id}`, (p) => p.waitForSelector('[data-testid=lobby]'));
    report('table (lobby)', l);
    expect(l.zod).toEqual([]);
    expect(sum(l.before)).toBeLessThanOrEqual(BUDGET);
  });

  it('a table during a game (a spectator arriving; a player reloading loads the same)', async () => {
    const { id, hostKey } = await createTable(true);
    // The host sits and starts the game against three bots, from a page of its own (the game
    // then waits for the host's turn, so it is still running when the spectator comes).
    const host = await chrome.context({ serviceWorkers: 'block' });
    const page = await host.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(([i, k]) => localStorage.setItem(`belote:table:${i}`, JSON.stringify({ hostKey: k })), [id, hostKey] as const);
    await page.goto(`${base}/t/${id}`);
    await page.click('[data-sit="0"]');
    await page.fill('[data-testid=name-input]', 'Host');
    await page.click('[data-testid=sit-confirm]');
    await page.click('[data-testid=start]:not([disabled])');
    await page.waitForSelector('[data-trick-card], [data-testid=retourne]');
    const l = await load(`${base}/t/${id}`, (p) => p.waitForSelector('[data-seat] .backs'));
    report('table (game)', l);
    expect(l.zod).toEqual([]);
    expect(sum(l.before)).toBeLessThanOrEqual(BUDGET);
    await host.close();
  });
});
