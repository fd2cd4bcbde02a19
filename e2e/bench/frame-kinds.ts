/**
 * The page's longer frames by kind, from `bench:practice` traces (BENCH_TRACE_FILE): each task
 * over OVER ms of own time (default 15) is sorted by what happened in it — the taking's first
 * frames (a `belote:taking` mark less than 250 ms before; traces taken before session h have
 * none: their takings count as deals), a deal's (a `belote:deal` mark), the end of
 * transitions (Svelte's `outroend`: a won trick's cards, the retourne, removed), a message from
 * the practice worker, an input event, or other frames — and each kind's count, median, p90 and
 * longest own time are printed, with the own time of style, layout, paint, layerize and commit
 * in that kind's frames (median). Then the tasks (any length) in which Svelte ended outros, by how
 * many it ended (1, 2, 3, 4 or more: a won trick's four cards removed at once) and whether a step,
 * an input or an outro's start came in the same task.
 *
 *   OVER=15 pnpm --filter @belote/e2e exec tsx bench/frame-kinds.ts FILE…
 */
import { readTrace, within, type TraceEvent } from './trace-event.js';

type Ev = TraceEvent;
const over = Number(process.env.OVER ?? 15);
const kinds = new Map<string, { own: number; parts: Record<string, number> }[]>();
const outros = new Map<string, number[]>();
const STEPS = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'FunctionCall', 'HitTest'];
for (const file of process.argv.slice(2)) {
  const { events, thread, main } = readTrace(file);
  const deals = events.filter((e) => e.pid === thread.pid && e.name === 'belote:deal').map((e) => e.ts);
  const takings = events.filter((e) => e.pid === thread.pid && e.name === 'belote:taking').map((e) => e.ts);
  const all = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  let from = 0;
  for (const t of all) {
    while (from < main.length && main[from]!.ts < t.ts) from++;
    const inside: Ev[] = [];
    for (let j = from; j < main.length && main[j]!.ts <= t.ts + (t.dur ?? 0); j++) inside.push(main[j]!);
    const ended = inside.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'outroend').length;
    if (!ended) continue;
    const busy = inside.some((e) => e.name === 'HandlePostMessage' || (e.name === 'EventDispatch' && ['click', 'pointerdown', 'outrostart'].includes(e.args?.data?.type ?? '')));
    const k = `${ended >= 4 ? '4+' : ended} ended${busy ? ', with a step, an input or an outro start' : ''}`;
    (outros.get(k) ?? outros.set(k, []).get(k)!).push((t.tdur ?? 0) / 1000);
  }
  for (const t of main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.tdur ?? 0) / 1000 > over)) {
    const inside = within(main, t);
    const has = (name: string, type?: string): boolean => inside.some((e) => e.name === name && (!type || e.args?.data?.type === type));
    const kind = has('HandlePostMessage')
      ? 'worker message'
      : takings.some((d) => d <= t.ts && t.ts - d < 250_000)
        ? 'taking (first frames)'
        : deals.some((d) => d <= t.ts && t.ts - d < 250_000)
          ? 'deal (first frames)'
          : has('EventDispatch', 'outroend')
            ? 'outro end (trick, retourne)'
            : has('EventDispatch', 'click') || has('EventDispatch', 'pointerdown')
              ? 'input'
              : 'other frame';
    const parts: Record<string, number> = {};
    for (const s of STEPS) parts[s] = inside.filter((e) => e.name === s && !inside.some((p) => p !== e && p.name === s && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0))).reduce((a, e) => a + (e.tdur ?? 0) / 1000, 0);
    (kinds.get(kind) ?? kinds.set(kind, []).get(kind)!).push({ own: (t.tdur ?? 0) / 1000, parts });
  }
}
const q = (xs: number[], p: number): number => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
for (const [k, v] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
  const own = v.map((x) => x.own);
  const parts = STEPS.map((s) => `${s} ${q(v.map((x) => x.parts[s] ?? 0), 0.5).toFixed(1)}`).join(', ');
  console.log(`${k}: n ${v.length}, median ${q(own, 0.5).toFixed(1)}, p90 ${q(own, 0.9).toFixed(1)}, max ${Math.max(...own).toFixed(1)} ms own | medians: ${parts}`);
}
console.log('\ntasks in which Svelte ended outros (own ms):');
for (const [k, v] of [...outros].sort()) console.log(`  ${k}: n ${v.length}, median ${q(v, 0.5).toFixed(1)}, p90 ${q(v, 0.9).toFixed(1)}, max ${Math.max(...v).toFixed(1)}`);
