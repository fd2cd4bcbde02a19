/**
 * What a page's long tasks were made of, from a Chromium trace written by `bench:practice` with
 * BENCH_TRACE_FILE=FILE (or any trace with the `devtools.timeline` categories):
 *
 *   pnpm --filter @belote/e2e exec tsx bench/long-tasks.ts FILE [--over=50]
 *
 * For each task of the renderer's main thread whose own time (CPU, waiting for a core left out)
 * is over the threshold: its own and wall-clock length, and the events nested in it grouped by
 * name (style recalculation, layout, paint, a script's function, a timer…) with their total wall
 * time; then the same totals over all those tasks.
 */
import { readTrace, within, type TraceEvent } from './trace-event.js';

const file = process.argv[2];
if (!file) throw new Error('usage: long-tasks.ts TRACE_FILE [--over=50]');
const over = Number(process.argv.find((a) => a.startsWith('--over='))?.slice(7) ?? 50);
const { main: onMain } = readTrace(file);
const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.tdur ?? 0) / 1000 > over);

/** A nested event's label: its name, with the function or URL that says what ran. */
const label = (e: TraceEvent): string => {
  const d = e.args?.data;
  if (e.name === 'FunctionCall' || e.name === 'v8.callFunction') return `${e.name} ${d?.functionName || '(anonymous)'} ${(d?.url ?? '').split('/').pop()}`;
  if (e.name === 'EventDispatch') return `EventDispatch`;
  return e.name;
};

const overall = new Map<string, number>();
for (const t of tasks) {
  // direct children only: an event nested in another nested event counts in its parent (of two
  // with the same span, the one recorded first is the parent)
  const inside = within(onMain, t);
  const encloses = (p: TraceEvent, e: TraceEvent): boolean => {
    if (p === e || p.ts > e.ts || p.ts + (p.dur ?? 0) < e.ts + (e.dur ?? 0)) return false;
    return p.ts < e.ts || (p.dur ?? 0) > (e.dur ?? 0) || inside.indexOf(p) < inside.indexOf(e);
  };
  const direct = inside.filter((e) => !inside.some((p) => encloses(p, e)));
  const byName = new Map<string, number>();
  for (const e of direct) byName.set(label(e), (byName.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000);
  for (const e of inside) if (['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'HitTest', 'ParseHTML', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'].includes(e.name)) overall.set(`(all) ${e.name}`, (overall.get(`(all) ${e.name}`) ?? 0) + (e.dur ?? 0) / 1000);
  for (const [k, v] of byName) overall.set(k, (overall.get(k) ?? 0) + v);
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`);
  console.log(`own ${((t.tdur ?? 0) / 1000).toFixed(0).padStart(4)} ms, wall ${((t.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms: ${top.join('; ')}`);
}
console.log(`\n${tasks.length} tasks over ${over} ms of own time; their nested events in all (wall ms):`);
for (const [k, v] of [...overall].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
