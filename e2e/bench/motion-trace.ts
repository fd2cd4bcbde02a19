/**
 * A Chromium performance trace of the table's motion on a phone, for docs/perf-log: one
 * player against three bots (a bot's move every 1.2 s, so the deal's packets are over before
 * the first bid) on a 390×844 screen at twice the pixel density, the CPU slowed 4× (DevTools'
 * throttling), traced over one trick (the four cards flying in, the trick held, then sliding
 * to its winner) and over the next deal (the packets flying from the dealer, the retourne
 * turning). The same, in the same run, with `prefers-reduced-motion` (fades, the won trick
 * leaving at once): what a long task owes to the motion shows as the difference. Prints the
 * main thread's tasks longer than 50 ms in each window with what ran in them: a task that
 * starts from a frame (BeginMainFrame: animations, style, paint) is counted apart from one that
 * handles a message from the server (the state's own update).
 *
 *   flock /tmp/belote-bench.lock pnpm --filter @belote/e2e exec tsx --conditions=source bench/motion-trace.ts [rounds]
 *
 * Needs the built app (pnpm --filter @belote/web build) and Chromium (CHROMIUM_PATH).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startServerProcess } from '../server-process.js';
import { ARTIFACTS, launch } from '../tests/browser.js';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

const THROTTLE = 4;
const LONG_MS = 50;

async function trace(page: Page, label: string, during: () => Promise<void>): Promise<TraceEvent[]> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink', 'v8.execute', 'toplevel'] });
  await during();
  const buf = await browser.stopTracing();
  mkdirSync(path.join(ARTIFACTS, 'perf'), { recursive: true });
  writeFileSync(path.join(ARTIFACTS, 'perf', `${label}.json`), buf);
  const parsed = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** Tasks on the page's main thread, the long ones with what took their time. */
function analyse(label: string, events: TraceEvent[]): { longest: number; long: number; frameLong: number; frameLongest: number } {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'RunTask'));
  if (!main) throw new Error('no renderer main thread in the trace');
  const on = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = on.filter((e) => e.name === 'RunTask');
  const start = Math.min(...tasks.map((t) => t.ts));
  const end = Math.max(...tasks.map((t) => t.ts + (t.dur ?? 0)));
  const long = tasks.filter((t) => (t.dur ?? 0) / 1000 > LONG_MS).sort((a, b) => b.dur! - a.dur!);
  const longest = Math.max(0, ...tasks.map((t) => t.dur ?? 0)) / 1000;
  // A task that draws a frame (animations, style, layout, paint) rather than handling a message.
  const isFrame = (t: TraceEvent): boolean => {
    const inside = on.filter((e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && e !== t);
    const frame = inside.filter((e) => e.name === 'WebFrameWidgetImpl::BeginMainFrame').reduce((a, e) => a + (e.dur ?? 0), 0);
    const message = inside.filter((e) => e.name === 'Receive mojo message' || e.name === 'EventDispatch').reduce((a, e) => a + (e.dur ?? 0), 0);
    return frame > message;
  };
  const frameLong = long.filter(isFrame);
  const frameLongest = Math.max(0, ...tasks.filter(isFrame).map((t) => t.dur ?? 0)) / 1000;
  console.log(
    `${label}: ${((end - start) / 1000).toFixed(0)} ms traced, ${tasks.length} tasks, longest ${longest.toFixed(1)} ms, ${long.length} over ${LONG_MS} ms (${frameLong.length} of them frames; longest frame task ${frameLongest.toFixed(1)} ms)`,
  );
  for (const t of long.slice(0, 5)) {
    const inside = on.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && e.name !== 'RunTask');
    const byName = new Map<string, number>();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`);
    const scripts = [...new Set(inside.map((e) => e.args?.data?.url).filter((u): u is string => !!u).map((u) => u.replace(/.*\//, '')))].slice(0, 4);
    console.log(`  ${isFrame(t) ? 'frame' : 'message'} task ${(t.dur! / 1000).toFixed(1)} ms at +${((t.ts - start) / 1000).toFixed(0)} ms: ${top.join(', ')}${scripts.length ? `; scripts ${scripts.join(' ')}` : ''}`);
  }
  return { longest, long: long.length, frameLong: frameLong.length, frameLongest };
}

const server = await startServerProcess({ BOT_DELAY_MS: '1200', DEAL_PAUSE_MS: '60000' });
const browser = await launch();

async function round(reduce: boolean): Promise<void> {
  const mode = reduce ? 'reduced motion' : 'motion';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: 'en-US', reducedMotion: reduce ? 'reduce' : 'no-preference' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const res = await fetch(`${server.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ rules: { target: 1000 }, options: { fillWithBots: true, botLevel: 'easy' } }),
  });
  const { id, hostKey } = (await res.json()) as { id: string; hostKey: string };
  await page.goto(`${server.url}/`);
  await page.evaluate(([i, k]) => localStorage.setItem(`belote:table:${i}`, JSON.stringify({ hostKey: k })), [id, hostKey] as const);
  await page.goto(`${server.url}/t/${id}`);
  await page.click('[data-sit="0"]');
  await page.fill('[data-testid=name-input]', 'Maximilian');
  await page.click('[data-testid=sit-confirm]');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.click('[data-testid=start]:not([disabled])');
  console.log(`— ${mode} —`);

  // Bid: take when offered (or pass), until the play starts.
  const act = async (): Promise<void> => {
    if (await page.$('[data-bid=take]')) await page.click('[data-bid=take]');
    else if (await page.$('[data-bid=pass]')) await page.click('[data-bid=pass]');
  };
  while (!(await page.$('[data-playable=true]'))) {
    await act();
    await page.waitForTimeout(200);
  }
  // One trick: from the player's card until the trick has slid away.
  const trickEvents = await trace(page, `trick-${reduce ? 'reduced' : 'motion'}`, async () => {
    await page.click('[data-playable=true]', { position: { x: 8, y: 14 } });
    await page.waitForFunction(() => document.querySelectorAll('[data-trick-card]').length === 4, null, { timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-trick-card]').length < 4, null, { timeout: 60_000 });
    await page.waitForTimeout(600);
  });
  analyse(`${mode}, one trick (${THROTTLE}× CPU)`, trickEvents);

  // Play the deal out, then trace the next deal's packets.
  while (!(await page.$('[data-testid=deal-summary]'))) {
    if (await page.$('[data-playable=true]')) await page.click('[data-playable=true]', { position: { x: 8, y: 14 } });
    await page.waitForTimeout(150);
  }
  const deals = await page.evaluate(() => performance.getEntriesByName('belote:deal').length);
  const dealEvents = await trace(page, `deal-${reduce ? 'reduced' : 'motion'}`, async () => {
    await page.click('[data-testid=continue]');
    await page.waitForFunction((n) => performance.getEntriesByName('belote:deal').length > n, deals, { timeout: 60_000 });
    await page.waitForTimeout(1500);
  });
  analyse(`${mode}, the next deal dealt (${THROTTLE}× CPU)`, dealEvents);
  await context.close();
}

try {
  const rounds = Number(process.argv[2] ?? 2);
  for (let r = 0; r < rounds; r++) for (const reduce of r % 2 ? [true, false] : [false, true]) await round(reduce);
} finally {
  await browser.close();
  await server.stop();
}
