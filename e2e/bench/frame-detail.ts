/**
 * What each long frame of a `bench:practice` trace was made of, in more detail than
 * long-tasks.ts: for each main-thread task over OVER ms of own time (default 20), its nested
 * events in order of start (name, wall ms, what it touched: a style recalculation's element
 * count, a layout's dirty objects, a function's name), each forced style or layout with the top
 * of its script stack (BENCH_TRACE_CATEGORIES=disabled-by-default-devtools.timeline.stack), and
 * the page's marks (`belote:deal`) and step frames nearest before it.
 *
 *   OVER=20 pnpm --filter @belote/e2e exec tsx bench/frame-detail.ts FILE
 */
import { readTrace, within, type TraceEvent } from './trace-event.js';

type Ev = TraceEvent;
const over = Number(process.env.OVER ?? 20);
const depth = Number(process.env.DEPTH ?? 3);
const file = process.argv[2];
if (!file) throw new Error('usage: frame-detail.ts TRACE_FILE');
const { events, thread, main } = readTrace(file);
const marks = events.filter((e) => e.pid === thread.pid && (e.name.startsWith('belote:') || e.name.startsWith('bench:')) && e.ph !== 'X').sort((a, b) => a.ts - b.ts);
const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && (e.tdur ?? 0) / 1000 > over);
const ms = (us: number | undefined): string => ((us ?? 0) / 1000).toFixed(1);
const stackOf = (e: Ev): string => {
  const st = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
  return st ? st.slice(0, 4).map((f) => `${f.functionName || '(anon)'}@${(f.url ?? '').split('/').pop()}:${f.lineNumber ?? ''}`).join(' < ') : '';
};
const what = (e: Ev): string => {
  const d = e.args?.data ?? {};
  const b = e.args?.beginData ?? {};
  if (e.name === 'UpdateLayoutTree') return `elements ${e.args?.elementCount ?? d.elementCount ?? '?'}`;
  if (e.name === 'Layout') return `dirty ${b.dirtyObjects ?? '?'}/${b.totalObjects ?? '?'}${b.partialLayout ? ' partial' : ''}`;
  if (e.name === 'FunctionCall' || e.name === 'v8.callFunction') return `${d.functionName || '(anon)'} ${(d.url ?? '').split('/').pop()}:${d.lineNumber ?? ''}`;
  if (e.name === 'EventDispatch') return d.type ?? '';
  if (e.name === 'TimerFire') return `timer`;
  return '';
};
for (const t of tasks) {
  const inside = within(main, t);
  const lastMark = [...marks].reverse().find((m) => m.ts <= t.ts);
  console.log(`\n== task at ${ms(t.ts - thread.mark.ts)} ms: own ${ms(t.tdur)} ms, wall ${ms(t.dur)} ms${lastMark ? `; ${lastMark.name} ${ms(t.ts - lastMark.ts)} ms before` : ''}`);
  // nesting depth by containment
  const stack: Ev[] = [];
  for (const e of inside) {
    while (stack.length && stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0) <= e.ts) stack.pop();
    const level = stack.length;
    stack.push(e);
    if (level >= depth || (e.tdur ?? e.dur ?? 0) < 300) continue;
    const forced = (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && stack.some((p) => p !== e && (p.name === 'FunctionCall' || p.name === 'v8.callFunction' || p.name === 'EvaluateScript' || p.name === 'FireAnimationFrame' || p.name === 'TimerFire'));
    console.log(`${'  '.repeat(level + 1)}${e.name} ${ms(e.tdur ?? e.dur)}/${ms(e.dur)} ${what(e)}${forced ? ' FORCED ' + stackOf(e) : ''}`);
  }
}
