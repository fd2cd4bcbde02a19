/**
 * `pnpm bench:practice`: a practice game against three strong bots in real Chromium with the
 * CPU throttled (CDP `Emulation.setCPUThrottlingRate`, default 4×: a phone-class CPU), the bots'
 * pace at 0 so a bot's move shows as soon as it is decided (`--pace=300`: the pace a player gets,
 * a bot's move no sooner than 300 ms after its turn began). Measured in the page:
 *
 * - how long after the frame that gave a bot its turn its move arrived (the page gets each
 *   frame from the practice Web Worker: the latency a player sees, rendering aside);
 * - each bot's thinking time as the worker measured it;
 * - long tasks on the page's main thread (PerformanceObserver `longtask`, > 50 ms) over the game;
 * - hints (the time the worker took), asked on the player's turns.
 *
 * CDP throttles the page's renderer; it cannot be set on a worker target ("only supported for
 * pages"). The calibration line reports how much slower a fixed loop runs in a worker and on the
 * main thread under the same throttling, so the figures can be read for what they are.
 *
 * A Chromium trace of the game (its tasks only) also gives each main-thread task's own time: on a
 * loaded machine a task waits for a core and `longtask` counts the wait; the thread's own time
 * (CPU throttling included) does not.
 *
 * Flags: --rate=4 (CPU throttling), --games=1, --target=501, --variant=classic|coinche,
 * --hints=8 (hints to ask per game). Needs the built web app (pnpm build); BENCH_WEB_DIST=DIR
 * serves another build (an A/B of two checkouts' web apps in one run). BENCH_TRACE_STEPS=1 prints
 * each step of the driver, and a click that fails with its reason (and a screenshot in
 * test-artifacts/practice-bench-stall.png). BENCH_TRACE_FILE=FILE writes the game's Chromium trace
 * with the renderer's events (style, layout, paint, scripts) for `bench/long-tasks.ts FILE`;
 * BENCH_EXTRA_CSS='…' adds a style sheet to the page (to try a style change on the same build).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startServerProcess } from '../server-process.js';
import { COMPLETE_WITHIN_MS, DEAL_WITHIN_MS } from '../../apps/web/src/lib/deal-motion.js';
import { pageMainThread, type TraceEvent } from './trace-event.js';

const arg = (name: string, def: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const rate = Number(arg('rate', '4'));
const games = Number(arg('games', '1'));
const target = arg('target', '501');
const variant = arg('variant', 'classic');
const hintsWanted = Number(arg('hints', '8'));
/** --pace=MS: the bots' pace (0: a move shows when decided, several may land in one frame; the app's default is 300). */
const pace = Number(arg('pace', '0'));
/** --profile=FILE: a CPU profile of the page's main thread over the game (Chrome DevTools format). */
const profile = arg('profile', '');
/** --motion=full|reduce: the table's motion as is, or with prefers-reduced-motion. */
const motion = arg('motion', 'full') === 'reduce' ? 'reduce' : 'no-preference';
/**
 * --mode=practice|online: the practice table, or the same game at an online table of this server
 * (three strong server bots, no delay): the A/B that tells the table's own rendering from the
 * practice's bots (an online table's bots think on the server).
 */
const mode = arg('mode', 'practice') === 'online' ? 'online' : 'practice';
const root = fileURLToPath(new URL('../..', import.meta.url));


/**
 * The page's main-thread tasks from a trace, on the page's clock (`performance.now()`), placed
 * by the `bench:t0` mark made at `t0` (ms).
 */
function mainTasks(events: TraceEvent[], t0: number): { start: number; duration: number; own: number }[] {
  const main = pageMainThread(events);
  const mark = main.mark;
  const shift = mark.ts / 1000 - t0;
  return events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask')
    .map((e) => ({ start: e.ts / 1000 - shift, duration: (e.dur ?? 0) / 1000, own: (e.tdur ?? 0) / 1000 }));
}

/**
 * How long a bot's move after this step waits for the table's motion before its pace (practice/table.ts
 * `paceAfter`, with no pace no wait): a new deal's, or in classic the rest of the deal's after the taking.
 */
const motionWait = (kinds: string[]): number =>
  pace === 0 || mode !== 'practice' ? 0 : kinds.includes('dealStarted') ? DEAL_WITHIN_MS : variant === 'classic' && kinds.includes('trumpChosen') ? COMPLETE_WITHIN_MS : 0;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const stats = (xs: number[]): string => (xs.length ? `n ${xs.length}, median ${quantile(xs, 0.5).toFixed(0)} ms, p95 ${quantile(xs, 0.95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms` : 'n 0');

/** In the page before any script: frame arrival times from the practice worker, and long tasks. */
function instrument(): void {
  const w = window as unknown as { __frames: { t: number; kind: string; kinds: string[]; bot: boolean }[]; __long: { start: number; duration: number }[]; __thinking: { from: number; to: number }[]; __hintMs: number[] };
  w.__frames = [];
  w.__long = [];
  w.__thinking = [];
  w.__hintMs = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, opts?: WorkerOptions) {
      super(url, opts);
      if (opts?.name !== 'belote-practice') return;
      this.addEventListener('message', (e: MessageEvent) => {
        const m = e.data as { type: string; name?: string; ms?: number; at?: number; frame?: { events?: { type: string; seat?: number }[] } };
        // a bot decided: it was thinking for `ms` until `at` (the worker's clock on the shared time origin;
        // the message's arrival would place the window late when the page was busy)
        if (m.type === 'thought') {
          const to = m.at === undefined ? performance.now() : m.at - performance.timeOrigin;
          w.__thinking.push({ from: to - (m.ms ?? 0), to });
        }
        const hint = (m as { reply?: { hint?: { ms: number } } }).reply?.hint;
        if (m.type === 'reply' && hint) w.__hintMs.push(hint.ms);
        if (m.type !== 'frame' || m.name !== 'step') return;
        const first = m.frame?.events?.[0];
        const bot = first !== undefined && ['cardPlayed', 'bid', 'call'].includes(first.type) && first.seat !== 0;
        w.__frames.push({ t: performance.now(), kind: first?.type ?? '', kinds: (m.frame?.events ?? []).map((x) => x.type), bot });
      });
    }
  } as typeof Worker;
}

async function calibrate(page: Page): Promise<{ worker: number; main: number }> {
  return page.evaluate(async () => {
    const loop = 'let x = 0; for (let i = 0; i < 1e7; i++) x += Math.sqrt(i);';
    const src = `onmessage = () => { const t = performance.now(); ${loop} postMessage(performance.now() - t); }`;
    const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
    const inWorker = (): Promise<number> => new Promise((r) => ((w.onmessage = (e: MessageEvent) => r(e.data as number)), w.postMessage(0)));
    const onMain = (): number => {
      const t = performance.now();
      let x = 0;
      for (let i = 0; i < 1e7; i++) x += Math.sqrt(i);
      return performance.now() - t + x * 0;
    };
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 7; i++) {
      a.push(await inWorker());
      b.push(onMain());
    }
    w.terminate();
    const med = (xs: number[]): number => xs.sort((p, q) => p - q)[3]!;
    return { worker: med(a), main: med(b) };
  });
}

const server = await startServerProcess({ WEB_DIST: process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US', reducedMotion: motion });
  // tsx keeps function names with a helper the page does not have
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(instrument);
  // BENCH_EXTRA_CSS='…': a style change tried without a rebuild (an A/B of the same build)
  if (process.env.BENCH_EXTRA_CSS)
    await context.addInitScript({ content: `document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); s.textContent = ${JSON.stringify(process.env.BENCH_EXTRA_CSS)}; document.head.append(s); });` });
  // the calibration runs in a blank page of its own (the app's CSP allows no blob: worker), throttled alike
  const blank = await context.newPage();
  await blank.goto('about:blank');
  const plain = await calibrate(blank);
  await (await context.newCDPSession(blank)).send('Emulation.setCPUThrottlingRate', { rate });
  const slow = await calibrate(blank);
  await blank.close();
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`${server.url}/`);
  console.log(`mode: ${mode}, ${variant} to ${target}, strong bots, bots' pace ${pace} ms`);
  console.log(`motion: ${motion === 'reduce' ? 'reduced (prefers-reduced-motion)' : 'full'}; phone viewport 390×844 @2x`);
  console.log(`calibration (a fixed loop, median of 7): worker ${plain.worker.toFixed(0)} → ${slow.worker.toFixed(0)} ms (×${(slow.worker / plain.worker).toFixed(1)}), main thread ${plain.main.toFixed(0)} → ${slow.main.toFixed(0)} ms (×${(slow.main / plain.main).toFixed(1)}) at CPU throttling ×${rate}`);
  await page.evaluate((botPaceMs) => localStorage.setItem('belote:practiceTiming', JSON.stringify({ botPaceMs })), pace);

  const latencies: number[] = [];
  /** Moves after a deal's motion (the first of a deal, classic's first lead after the taking), less their planned wait. */
  const afterMotion: number[] = [];
  const thoughts: number[] = [];
  const hints: number[] = [];
  const hintWorker: number[] = [];
  let longTasks: { start: number; duration: number }[] = [];
  let moves = 0;
  let duringThinking: { start: number; duration: number }[] = [];
  let ownLong: { start: number; own: number }[] = [];
  let ownDuringThinking: { start: number; own: number }[] = [];
  /** Tasks over 35 ms of own time: how close the game came to 50 (a run with none over 50 says little alone). */
  let ownNear: { start: number; own: number }[] = [];
  /** The main thread's own time over the games (every task): its mean per change of the table is steadier than the tail. */
  let ownTotal = 0;
  for (let g = 0; g < games; g++) {
    if (mode === 'practice') {
      await page.goto(`${server.url}/practice`);
      await page.waitForSelector('[data-testid=practice-form]');
      if (variant === 'coinche') await page.click('[data-testid=practice-form] [data-variant=coinche]');
      await page.click(`[data-testid=practice-form] label:has-text("${target}")`);
      await page.click('[data-testid=practice-start]');
      await page.waitForSelector('.screen');
    } else {
      const res = await fetch(`${server.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: { ...(variant === 'coinche' ? { variant } : {}), target: Number(target) }, options: { fillWithBots: true, botLevel: 'strong' } }),
      });
      const { id, hostKey } = (await res.json()) as { id: string; hostKey: string };
      await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [`belote:table:${id}`, JSON.stringify({ hostKey })]);
      await page.goto(`${server.url}/t/${id}`);
      await page.click('[data-sit="0"]');
      await page.fill('[data-testid=name-input]', 'Bench');
      await page.click('[data-testid=sit-confirm]');
      await page.click('[data-testid=start]:not([disabled])');
      await page.waitForSelector('[data-card]');
    }
    // BENCH_TRACE_FILE=FILE keeps the whole trace, with the renderer's own events (style, layout,
    // paint, scripts) to tell what a long task was made of (open it in Chrome's Performance panel)
    // (BENCH_TRACE_CATEGORIES=a,b adds more, e.g. disabled-by-default-blink.debug for CSS selector stats)
    const timeline = process.env.BENCH_TRACE_FILE ? ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', ...(process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? [])] : [];
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', ...timeline] });
    const t0 = await page.evaluate(() => (performance.mark('bench:t0'), performance.now()));
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    let asked = 0;
    for (;;) {
      if (await page.$('[data-testid=game-over]')) break;
      const click = (sel: string, position?: { x: number; y: number }): Promise<boolean> =>
        page.click(sel, { timeout: 1500, ...(position ? { position } : {}) }).then(
          () => true,
          async (e: Error) => {
            if (process.env.BENCH_TRACE_STEPS) {
              console.error(`click ${sel} failed: ${e.message.split('\n').slice(0, 12).join(' | ')}`);
              await page.screenshot({ path: path.join(root, 'test-artifacts', 'practice-bench-stall.png') }).catch(() => {});
            }
            return false;
          },
        );
      if (asked < hintsWanted && (await page.$('[data-testid=hint]:not([disabled])')) && !(await page.$('[data-testid=hint-panel]'))) {
        const t = Date.now();
        if (await click('[data-testid=hint]')) {
          asked++;
          if (await page.waitForSelector('[data-testid=hint-panel]', { timeout: 30_000 }).catch(() => null)) hints.push(Date.now() - t);
        }
      }
      // wait without polling the page in a loop (the driver's own queries run on the main thread)
      const next = await page
        .waitForSelector('[data-testid=continue]:not([disabled]), [data-card].playable, [data-bid=pass]:not([disabled]), [data-testid=game-over]', { timeout: 120_000 })
        .then((h) => h.evaluate((el) => (el.matches('[data-card]') ? 'card' : el.matches('[data-bid]') ? 'pass' : el.matches('[data-testid=continue]') ? 'continue' : 'over')));
      if (process.env.BENCH_TRACE_STEPS) console.error(`${new Date().toISOString().slice(11, 19)} ${next}`);
      if (next === 'continue') await click('[data-testid=continue]:not([disabled])');
      else if (next === 'card') await click('[data-card].playable', { x: 8, y: 14 });
      else if (next === 'pass') await click('[data-bid=pass]:not([disabled])');
    }
    if (profile) {
      const { profile: p } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(p));
      const self = new Map<string, number>();
      const byId = new Map(p.nodes.map((n) => [n.id, n]));
      const dt = p.timeDeltas ?? [];
      (p.samples ?? []).forEach((id, i) => {
        const n = byId.get(id)!;
        const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      });
      console.log('main thread self time, top 15 (ms):');
      for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${v.toFixed(0).padStart(7)}  ${k}`);
    }
    const r = await page.evaluate(() => {
      const w = window as unknown as { __frames: { t: number; kinds: string[]; bot: boolean }[]; __long: { start: number; duration: number }[]; __thinking: { from: number; to: number }[]; __hintMs: number[]; __beloteBotThoughts?: { ms: number }[] };
      return { frames: w.__frames, long: w.__long, thinking: w.__thinking, hintMs: w.__hintMs, thoughts: (w.__beloteBotThoughts ?? []).map((x) => x.ms) };
    });
    const traceBuffer = await browser.stopTracing();
    if (process.env.BENCH_TRACE_FILE) writeFileSync(games > 1 ? `${process.env.BENCH_TRACE_FILE}.${g}` : process.env.BENCH_TRACE_FILE, traceBuffer);
    const trace = JSON.parse(traceBuffer.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const all = mainTasks(Array.isArray(trace) ? trace : trace.traceEvents, t0);
    const tasks = all.filter((x) => x.own > 50);
    ownNear = ownNear.concat(all.filter((x) => x.own > 35));
    ownTotal += all.reduce((a, x) => a + x.own, 0);
    const thinkingAt = (x: { start: number; duration: number }): boolean => r.thinking.some((b) => x.start < b.to && x.start + x.duration > b.from);
    ownLong = ownLong.concat(tasks);
    ownDuringThinking = ownDuringThinking.concat(tasks.filter(thinkingAt));
    r.frames.forEach((f, i) => {
      if (!f.bot || i === 0) return;
      const ms = f.t - r.frames[i - 1]!.t;
      // a move that waits for the deal's motion by design (practice/table.ts paceAfter): counted apart, less that wait
      const wait = motionWait(r.frames[i - 1]!.kinds);
      if (wait > 0) afterMotion.push(ms - wait);
      else latencies.push(ms);
    });
    moves += r.frames.length || (await page.evaluate(() => Number(document.querySelector('.screen')?.getAttribute('data-version') ?? 0)));
    thoughts.push(...r.thoughts);
    hintWorker.push(...r.hintMs);
    longTasks = longTasks.concat(r.long.filter((l) => l.start >= t0));
    duringThinking = duringThinking.concat(r.long.filter((l) => l.start >= t0 && r.thinking.some((b) => l.start < b.to && l.start + l.duration > b.from)));
  }
  console.log(`bot move shown after its turn began (frame to frame, pace ${pace}): ${stats(latencies)}`);
  if (pace > 0) console.log(`  a deal's first move and classic's first lead after the taking, less the motion they wait for (${DEAL_WITHIN_MS} / ${COMPLETE_WITHIN_MS} ms): ${stats(afterMotion)}`);
  console.log(`bot thinking in the worker: ${stats(thoughts)}`);
  console.log(`changes of the table (steps or versions): ${moves}; long tasks per 100: ${((100 * longTasks.length) / Math.max(1, moves)).toFixed(1)}`);
  console.log(`long tasks on the main thread during the game: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks.map((l) => l.duration)).toFixed(0)} ms, total ${longTasks.reduce((a, l) => a + l.duration, 0).toFixed(0)} ms` : ''}`);
  console.log(`of which overlapping a bot's thinking: ${duringThinking.length}${duringThinking.length ? `, longest ${Math.max(...duringThinking.map((l) => l.duration)).toFixed(0)} ms` : ''}`);
  const longest = (xs: { own: number }[]): string => (xs.length ? `, longest ${Math.max(...xs.map((x) => x.own)).toFixed(0)} ms` : '');
  console.log(`in the main thread's own time (trace; waiting for a core left out): ${ownLong.length} tasks over 50 ms${longest(ownLong)}; overlapping a bot's thinking: ${ownDuringThinking.length}${longest(ownDuringThinking)}`);
  const top = ownNear.map((x) => x.own).sort((a, b) => b - a);
  console.log(`  over 40 ms: ${top.filter((x) => x > 40).length}, over 35 ms: ${top.length}; the longest five: ${top.slice(0, 5).map((x) => x.toFixed(0)).join(', ') || '(none over 35 ms)'}`);
  console.log(`the main thread's own time in all: ${(ownTotal / 1000).toFixed(1)} s, ${(ownTotal / Math.max(1, moves)).toFixed(1)} ms per change of the table`);
  console.log(`hints, from the click to the panel (the test driver's clock): ${stats(hints)}`);
  console.log(`hints, computing in the worker: ${stats(hintWorker)}`);
} finally {
  await browser.close();
  await server.stop();
}
