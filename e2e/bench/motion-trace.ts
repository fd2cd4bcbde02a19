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
import { ARTIFACTS, launch, seatedWithBots } from '../tests/browser.js';
import type { TraceEvent } from './trace-event.js';


/** Chromium's reasons (CompositorAnimations::FailureReason bits) for running an animation on the main thread. */
const FAILURE: Record<number, string> = { 32: 'target not composited', 64: 'another animation of a transform/opacity on the element', 8192: 'property the compositor cannot run', 131072: 'no visible change (a delay)' };
const reasons = (bits: number): string => Object.entries(FAILURE).filter(([b]) => bits & Number(b)).map(([, r]) => r).join(' + ') || `bits ${bits}`;

/**
 * The page's animations (CSS transitions and Web Animations) and those Chromium could not hand
 * to the compositor: these are ticked, styled and painted on the main thread every frame.
 */
function animations(events: TraceEvent[]): void {
  const current = new Map<string, { what: string; fail: number }>();
  const all: { what: string; fail: number }[] = [];
  for (const e of events.filter((x) => x.name === 'Animation').sort((a, b) => a.ts - b.ts)) {
    const id = e.id2?.local ?? '';
    const d = e.args?.data;
    if (e.ph === 'b') {
      const a = { what: `${d?.displayName || 'keyframes'} on ${(d?.nodeName ?? '?').replace(/ ?svelte-\w+/g, '')}`, fail: 0 };
      current.set(id, a);
      all.push(a);
    } else if (e.ph === 'n' && d?.compositeFailed) {
      const a = current.get(id);
      if (a) a.fail |= d.compositeFailed;
    }
  }
  const off = new Map<string, number>();
  for (const a of all.filter((x) => x.fail)) off.set(`${a.what}: ${reasons(a.fail)}`, (off.get(`${a.what}: ${reasons(a.fail)}`) ?? 0) + 1);
  console.log(`  animations: ${all.length}, on the main thread: ${all.filter((x) => x.fail).length}`);
  for (const [k, n] of [...off].sort((a, b) => b[1] - a[1])) console.log(`    ${n}× ${k}`);
}

const THROTTLE = 4;
/**
 * The bench's own waits poll the page every 100 ms: Playwright's default polls in every animation
 * frame, which makes the page draw a main-thread frame 60 times a second whatever it shows.
 */
const POLL_MS = 100;
const LONG_MS = 50;

/** BENCH_JS=1: a CPU profile of the page alongside the trace, to name the scripts' functions in each long task. */
const JS = process.env.BENCH_JS === '1';
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
let profile: CpuProfile | null = null;

async function trace(page: Page, label: string, during: () => Promise<void>): Promise<TraceEvent[]> {
  const browser = page.context().browser()!;
  const cdp = JS ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink', 'v8.execute', 'toplevel'] });
  await during();
  const buf = await browser.stopTracing();
  if (cdp) {
    profile = (await cdp.send('Profiler.stop')).profile as CpuProfile;
    await cdp.detach();
  }
  mkdirSync(path.join(ARTIFACTS, 'perf'), { recursive: true });
  writeFileSync(path.join(ARTIFACTS, 'perf', `${label}.json`), buf);
  const parsed = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** Tasks on the page's main thread, the long ones with what took their time. */
interface Window {
  longest: number;
  long: number;
  frameLong: number;
  frameLongest: number;
  /** tasks over 50 ms of the main thread's own time (CPU throttling included, waiting for a core not) */
  ownLong: number;
  ownLongest: number;
}
const results: { mode: string; window: string; w: Window }[] = [];

function analyse(label: string, events: TraceEvent[]): Window {
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
  const own = tasks.map((t) => (t.tdur ?? 0) / 1000);
  const ownLong = own.filter((d) => d > LONG_MS).length;
  const ownLongest = Math.max(0, ...own);
  console.log(
    `${label}: ${((end - start) / 1000).toFixed(0)} ms traced, ${tasks.length} tasks, longest ${longest.toFixed(1)} ms, ${long.length} over ${LONG_MS} ms (${frameLong.length} of them frames; longest frame task ${frameLongest.toFixed(1)} ms); in the thread's own time ${ownLong} over ${LONG_MS} ms, longest ${ownLongest.toFixed(1)} ms`,
  );
  for (const t of long.slice(0, 5)) {
    const inside = on.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && e.name !== 'RunTask');
    const byName = new Map<string, number>();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`);
    const scripts = [...new Set(inside.map((e) => e.args?.data?.url).filter((u): u is string => !!u).map((u) => u.replace(/.*\//, '')))].slice(0, 4);
    console.log(`  ${isFrame(t) ? 'frame' : 'message'} task ${(t.dur! / 1000).toFixed(1)} ms at +${((t.ts - start) / 1000).toFixed(0)} ms: ${top.join(', ')}${scripts.length ? `; scripts ${scripts.join(' ')}` : ''}`);
    if (profile) console.log(`    js: ${scriptsIn(profile, t.ts, t.ts + t.dur!)}`);
  }
  animations(events);
  return { longest, long: long.length, frameLong: frameLong.length, frameLongest, ownLong, ownLongest };
}

/** The profile's samples between two trace times (the same clock), by function: self time, then total time of the app's own functions (the Svelte runtime's left out). */
function scriptsIn(p: CpuProfile, from: number, to: number): string {
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const name = (id: number): string => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anon)'}${f.url ? `@${f.url.replace(/.*\//, '').replace(/-[\w-]{8}\.js$/, '')}:${f.lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let t = p.startTime;
  p.samples.forEach((id, i) => {
    t += p.timeDeltas[i] ?? 0;
    if (t < from || t > to) return;
    const d = p.timeDeltas[i + 1] ?? 0;
    // a native function (layout read, DOM call) is named with its caller
    const up = parent.get(id);
    const leaf = byId.get(id)!.callFrame.url || up === undefined ? name(id) : `${name(id)} ← ${name(up)}`;
    self.set(leaf, (self.get(leaf) ?? 0) + d);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = name(n);
      if (seen.has(k) || !k.includes('@') || k.includes('@runtime')) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + d);
    }
  });
  const fmt = (m: Map<string, number>, k: number): string => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', ');
  return `self: ${fmt(self, 6)}\n    total: ${fmt(total, 10)}`;
}

const server = await startServerProcess({ BOT_DELAY_MS: '1200', DEAL_PAUSE_MS: '60000', ...(process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {}) });
const browser = await launch();

async function round(reduce: boolean): Promise<void> {
  const mode = reduce ? 'reduced motion' : 'motion';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: 'en-US', reducedMotion: reduce ? 'reduce' : 'no-preference' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await seatedWithBots(page, server.url, { target: 1000 });
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
    await page.waitForFunction(() => document.querySelectorAll('[data-trick-card]').length === 4, null, { timeout: 60_000, polling: POLL_MS });
    await page.waitForFunction(() => document.querySelectorAll('[data-trick-card]').length < 4, null, { timeout: 60_000, polling: POLL_MS });
    await page.waitForTimeout(600);
  });
  results.push({ mode, window: 'one trick', w: analyse(`${mode}, one trick (${THROTTLE}× CPU)`, trickEvents) });

  // Play the deal out, then trace the next deal's packets.
  while (!(await page.$('[data-testid=deal-summary]'))) {
    if (await page.$('[data-playable=true]')) await page.click('[data-playable=true]', { position: { x: 8, y: 14 } });
    await page.waitForTimeout(150);
  }
  const deals = await page.evaluate(() => performance.getEntriesByName('belote:deal').length);
  const dealEvents = await trace(page, `deal-${reduce ? 'reduced' : 'motion'}`, async () => {
    await page.click('[data-testid=continue]');
    await page.waitForFunction((n) => performance.getEntriesByName('belote:deal').length > n, deals, { timeout: 60_000, polling: POLL_MS });
    await page.waitForTimeout(1500);
  });
  results.push({ mode, window: 'next deal', w: analyse(`${mode}, the next deal dealt (${THROTTLE}× CPU)`, dealEvents) });
  await context.close();
}

try {
  const rounds = Number(process.argv[2] ?? 2);
  for (let r = 0; r < rounds; r++) for (const reduce of r % 2 ? [true, false] : [false, true]) await round(reduce);
  console.log('\nsummary: mode | window | windows | tasks > 50 ms | frame tasks > 50 ms | longest task | longest frame task | own time > 50 ms | longest own time');
  for (const mode of ['motion', 'reduced motion'])
    for (const window of ['one trick', 'next deal', 'all']) {
      const ws = results.filter((r) => r.mode === mode && (window === 'all' || r.window === window)).map((r) => r.w);
      const sum = (f: (w: Window) => number): number => ws.reduce((a, w) => a + f(w), 0);
      const max = (f: (w: Window) => number): string => Math.max(0, ...ws.map(f)).toFixed(0);
      console.log(`summary: ${mode} | ${window} | ${ws.length} | ${sum((w) => w.long)} | ${sum((w) => w.frameLong)} | ${max((w) => w.longest)} ms | ${max((w) => w.frameLongest)} ms | ${sum((w) => w.ownLong)} | ${max((w) => w.ownLongest)} ms`);
    }
} finally {
  await browser.close();
  await server.stop();
}
