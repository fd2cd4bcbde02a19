/**
 * `pnpm bench:practice`: a practice game against three strong bots in real Chromium with the
 * CPU throttled (CDP `Emulation.setCPUThrottlingRate`, default 4×: a phone-class CPU), the bots'
 * pace at 0 so a bot's move shows as soon as it is decided. Measured in the page:
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
 * Flags: --rate=4 (CPU throttling), --games=1, --target=501, --variant=classic|coinche,
 * --hints=8 (hints to ask per game). Needs the built web app (pnpm build).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startServerProcess } from '../server-process.js';

const arg = (name: string, def: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const rate = Number(arg('rate', '4'));
const games = Number(arg('games', '1'));
const target = arg('target', '501');
const variant = arg('variant', 'classic');
const hintsWanted = Number(arg('hints', '8'));
const root = fileURLToPath(new URL('../..', import.meta.url));

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};
const stats = (xs: number[]): string => (xs.length ? `n ${xs.length}, median ${quantile(xs, 0.5).toFixed(0)} ms, p95 ${quantile(xs, 0.95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms` : 'n 0');

/** In the page before any script: frame arrival times from the practice worker, and long tasks. */
function instrument(): void {
  const w = window as unknown as { __frames: { t: number; kind: string; bot: boolean }[]; __long: { start: number; duration: number }[] };
  w.__frames = [];
  w.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, opts?: WorkerOptions) {
      super(url, opts);
      if (opts?.name !== 'belote-practice') return;
      this.addEventListener('message', (e: MessageEvent) => {
        const m = e.data as { type: string; name?: string; frame?: { events?: { type: string; seat?: number }[] } };
        if (m.type !== 'frame' || m.name !== 'step') return;
        const first = m.frame?.events?.[0];
        const bot = first !== undefined && ['cardPlayed', 'bid', 'call'].includes(first.type) && first.seat !== 0;
        w.__frames.push({ t: performance.now(), kind: first?.type ?? '', bot });
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

const server = await startServerProcess({ WEB_DIST: path.join(root, 'apps/web/dist') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await page.goto(`${server.url}/`);
  const plain = await calibrate(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const slow = await calibrate(page);
  console.log(`calibration (a fixed loop, median of 7): worker ${plain.worker.toFixed(0)} → ${slow.worker.toFixed(0)} ms (×${(slow.worker / plain.worker).toFixed(1)}), main thread ${plain.main.toFixed(0)} → ${slow.main.toFixed(0)} ms (×${(slow.main / plain.main).toFixed(1)}) at CPU throttling ×${rate}`);
  await page.evaluate(() => localStorage.setItem('belote:practiceTiming', JSON.stringify({ botPaceMs: 0 })));

  const latencies: number[] = [];
  const thoughts: number[] = [];
  const hints: number[] = [];
  let longTasks: { start: number; duration: number }[] = [];
  for (let g = 0; g < games; g++) {
    await page.goto(`${server.url}/practice`);
    await page.waitForSelector('[data-testid=practice-form]');
    if (variant === 'coinche') await page.click('[data-testid=practice-form] [data-variant=coinche]');
    await page.click(`[data-testid=practice-form] label:has-text("${target}")`);
    await page.click('[data-testid=practice-start]');
    await page.waitForSelector('.screen');
    const t0 = await page.evaluate(() => performance.now());
    let asked = 0;
    for (;;) {
      if (await page.$('[data-testid=game-over]')) break;
      const click = (sel: string, position?: { x: number; y: number }): Promise<boolean> =>
        page.click(sel, { timeout: 1500, ...(position ? { position } : {}) }).then(
          () => true,
          () => false,
        );
      if (asked < hintsWanted && (await page.$('[data-testid=hint]:not([disabled])')) && !(await page.$('[data-testid=hint-panel]'))) {
        const t = Date.now();
        if (await click('[data-testid=hint]')) {
          asked++;
          if (await page.waitForSelector('[data-testid=hint-panel]', { timeout: 30_000 }).catch(() => null)) hints.push(Date.now() - t);
        }
      }
      if (await page.$('[data-testid=continue]:not([disabled])')) await click('[data-testid=continue]:not([disabled])');
      else if (await page.$('[data-card][data-playable="true"]')) await click('[data-card][data-playable="true"]', { x: 8, y: 14 });
      else if (await page.$('[data-bid=pass]:not([disabled])')) await click('[data-bid=pass]:not([disabled])');
      else await sleep(20);
    }
    const r = await page.evaluate(() => {
      const w = window as unknown as { __frames: { t: number; bot: boolean }[]; __long: { start: number; duration: number }[]; __beloteBotThoughts?: { ms: number }[] };
      return { frames: w.__frames, long: w.__long, thoughts: (w.__beloteBotThoughts ?? []).map((x) => x.ms) };
    });
    r.frames.forEach((f, i) => {
      if (f.bot && i > 0) latencies.push(f.t - r.frames[i - 1]!.t);
    });
    thoughts.push(...r.thoughts);
    longTasks = longTasks.concat(r.long.filter((l) => l.start >= t0));
  }
  console.log(`bot move shown after its turn began (frame to frame, pace 0): ${stats(latencies)}`);
  console.log(`bot thinking in the worker: ${stats(thoughts)}`);
  console.log(`long tasks on the main thread during the game: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks.map((l) => l.duration)).toFixed(0)} ms, total ${longTasks.reduce((a, l) => a + l.duration, 0).toFixed(0)} ms` : ''}`);
  console.log(`hints, from the click to the panel (the test driver's clock): ${stats(hints)}`);
} finally {
  await browser.close();
  await server.stop();
}
