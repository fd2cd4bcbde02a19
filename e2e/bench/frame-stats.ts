/**
 * How a page's main-thread tasks were spread, from Chromium traces written by `bench:practice`
 * with BENCH_TRACE_FILE (one line per file): the tasks over a threshold of own time (CPU; OVER=ms,
 * default 12.5: 50 ms on a CPU four times slower), the five longest, and the own time of the
 * rendering steps over the whole trace. Run at `--rate=1` it compares two builds on a loaded
 * machine, where Chromium's CPU throttling stretches a task's own time with the machine's load.
 *
 *   pnpm --filter @belote/e2e exec tsx bench/frame-stats.ts FILE…
 */
import { readTrace } from './trace-event.js';

const over = Number(process.env.OVER ?? 12.5);
for (const file of process.argv.slice(2)) {
  const { main } = readTrace(file);
  const own = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask').map((e) => (e.tdur ?? 0) / 1000).sort((a, b) => b - a);
  const count = (x: number): number => own.filter((v) => v > x).length;
  const total = (name: string): number => main.filter((e) => e.name === name).reduce((a, e) => a + (e.tdur ?? 0) / 1000, 0);
  const steps = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'FunctionCall'].map((k) => `${k} ${total(k).toFixed(0)}`).join(' ');
  const tops = own.slice(0, 5).map((v) => v.toFixed(1)).join(' ');
  console.log(`${file.split('/').pop()}: ${own.length} tasks; over ${over} ms ${count(over)}, over ${over * 0.8} ms ${count(over * 0.8)}, over ${over * 0.6} ms ${count(over * 0.6)}; longest ${tops}; own ms ${own.reduce((a, b) => a + b, 0).toFixed(0)} | ${steps}`);
}
