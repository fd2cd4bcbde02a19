/**
 * A resumed practice game's first screen (issue 25: "a game's first snapshot is mounted in one
 * go"): starts a practice game against three strong bots, plays until the player holds eight cards
 * in the play, then reloads the page RELOADS times (default 6) with the CPU throttled (`--rate`,
 * default 4×, phone viewport 390×844 @2×), each time tracing from the reload until the table has
 * been up for a second. Per reload: the longest main-thread task by own time (and what it did:
 * mostly the page's own load), the longest message from the practice worker (the snapshot,
 * mounted by Svelte), and the frames that style over 60 elements (the first screen's) with their
 * own time; then the medians.
 *
 *   flock /tmp/belote-bench.lock pnpm --filter @belote/e2e exec tsx --conditions=source bench/first-screen.ts [--rate=4] [--reloads=6]
 *
 * BENCH_WEB_DIST=DIR serves another build (an A/B of two checkouts' web apps); BENCH_TRACE_FILE=F
 * keeps each reload's trace (F.1, F.2…).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServerProcess } from '../server-process.js';
import { pageMainThread, within, type TraceEvent } from './trace-event.js';

const arg = (name: string, def: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const rate = Number(arg('rate', '4'));
const reloads = Number(arg('reloads', '6'));
const root = fileURLToPath(new URL('../..', import.meta.url));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const server = await startServerProcess({ WEB_DIST: process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${server.url}/`);
  await page.evaluate(() => localStorage.setItem('belote:practiceTiming', JSON.stringify({ botPaceMs: 0 })));
  await page.goto(`${server.url}/practice`);
  await page.click('[data-testid=practice-start]');
  // pass until a deal is in play with the player's eight cards
  for (;;) {
    const next = await page
      .waitForSelector('[data-bid=pass]:not([disabled]), [data-testid=continue]:not([disabled]), [data-card].playable', { timeout: 60_000 })
      .then((h) => h.evaluate((el) => (el.matches('[data-card]') ? 'card' : el.matches('[data-bid]') ? 'pass' : 'continue')));
    if (next === 'card' && (await page.$$('[data-hand] [data-card]')).length === 8) break;
    if (next === 'pass') await page.click('[data-bid=pass]:not([disabled])');
    else if (next === 'continue') await page.click('[data-testid=continue]:not([disabled])');
    else await page.click('[data-card].playable', { position: { x: 8, y: 14 } });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const longest: number[] = [];
  const firstFrames: number[] = [];
  const messages: number[] = [];
  console.log(`resumed practice game, CPU x${rate}, phone 390x844 @2x; per reload: longest task own ms; the frames styling over 60 elements (elements/own ms)`);
  for (let i = 0; i < reloads; i++) {
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.reload();
    await page.waitForSelector('[data-hand] [data-face]');
    await page.evaluate(() => performance.mark('bench:t0'));
    await page.waitForTimeout(1000);
    const buf = await browser.stopTracing();
    // BENCH_TRACE_FILE=F keeps each reload's trace (F.1, F.2…) for bench/frame-detail.ts
    if (process.env.BENCH_TRACE_FILE) writeFileSync(`${process.env.BENCH_TRACE_FILE}.${i + 1}`, buf);
    const raw = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(raw) ? raw : raw.traceEvents;
    const thread = pageMainThread(events);
    const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
    const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
    const own = (e: TraceEvent): number => (e.tdur ?? 0) / 1000;
    const top = Math.max(...tasks.map(own));
    const topTask = tasks.find((t) => own(t) === top)!;
    // what the longest task did: its longest inner events (own ms)
    const inner = within(main, topTask)
      .filter((e) => (e.tdur ?? 0) > 2000 && !within(main, topTask).some((p) => p !== e && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) && (p.tdur ?? 0) > 2000))
      .map((e) => `${e.name}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''} ${own(e).toFixed(1)}`);
    const big = tasks
      .map((t) => ({ t, styled: within(main, t).filter((e) => e.name === 'UpdateLayoutTree').reduce((a, e) => a + Number(e.args?.elementCount ?? 0), 0) }))
      .filter((x) => x.styled > 60);
    // the practice worker's messages (the snapshot, mounted by Svelte): the longest
    const msg = Math.max(0, ...tasks.filter((t) => within(main, t).some((e) => e.name === 'HandlePostMessage')).map(own));
    messages.push(msg);
    longest.push(top);
    firstFrames.push(Math.max(0, ...big.map((x) => own(x.t))));
    console.log(`  reload ${i + 1}: longest ${top.toFixed(1)} ms (${inner.join(', ')}); longest worker message ${msg.toFixed(1)} ms; ${big.map((x) => `${x.styled}/${own(x.t).toFixed(1)}`).join(', ') || '(none)'}`);
  }
  console.log(`median of the reloads: longest task ${median(longest).toFixed(1)} ms (max ${Math.max(...longest).toFixed(1)}); longest frame styling over 60 elements ${median(firstFrames).toFixed(1)} ms (max ${Math.max(...firstFrames).toFixed(1)}); longest worker message ${median(messages).toFixed(1)} ms (max ${Math.max(...messages).toFixed(1)})`);
} finally {
  await browser.close();
  await server.stop();
}
