/**
 * The first taking of a game against its later takings, from `bench:practice` traces
 * (BENCH_TRACE_FILE; with BENCH_TRACE_CATEGORIES=disabled-by-default-v8.cpu_profiler for the
 * functions): for each `belote:taking` mark, the main-thread tasks that start in the WINDOW ms
 * after it (default 250) — their own time, the own time of each kind of event in them (style,
 * layout, paint, compile, GC…: an event's own time less its children's), the elements styled, and
 * the JS samples by function (bottom-up, self time). The first taking is printed apart, the later
 * ones as a median per event and function, so what only the first does stands out.
 *
 *   WINDOW=250 pnpm --filter @belote/e2e exec tsx bench/taking-frames.ts FILE…
 */
import { readTrace, type TraceEvent } from './trace-event.js';

type Ev = TraceEvent & { args?: TraceEvent['args'] & { data?: { cpuProfile?: Profile; timeDeltas?: number[]; startTime?: number } } };
interface Profile {
  nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber?: number } }[];
  samples?: number[];
}
const windowMs = Number(process.env.WINDOW ?? 250);
const top = Number(process.env.TOP ?? 25);

/** Self-time samples of the main thread: [timestamp µs, node id] and the nodes by id. */
function samplesOf(events: Ev[], pid: number, tid: number): { at: number[]; node: number[]; nodes: Map<number, { name: string; parent?: number }> } {
  const nodes = new Map<number, { name: string; parent?: number }>();
  const at: number[] = [];
  const node: number[] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  for (const p of profiles) {
    const id = (p as unknown as { id: string }).id;
    let t = p.args?.data?.startTime ?? p.ts;
    for (const c of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && (e as unknown as { id: string }).id === id)) {
      const prof = c.args?.data?.cpuProfile;
      for (const n of prof?.nodes ?? []) {
        const f = n.callFrame;
        nodes.set(n.id, { name: `${f.functionName || '(anon)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber ?? ''}`, parent: n.parent });
      }
      const deltas = c.args?.data?.timeDeltas ?? [];
      (prof?.samples ?? []).forEach((s, i) => {
        t += deltas[i] ?? 0;
        at.push(t);
        node.push(s);
      });
    }
  }
  return { at, node, nodes };
}

interface Taking {
  own: number;
  byEvent: Map<string, number>;
  byFunction: Map<string, number>;
  /** time under each function (its callees' included) */
  under: Map<string, number>;
  elements: number;
  tasks: string[];
}
const add = (m: Map<string, number>, k: string, v: number): void => void m.set(k, (m.get(k) ?? 0) + v);
const takings: Taking[][] = [];
for (const file of process.argv.slice(2)) {
  const { events, thread, main } = readTrace(file);
  const s = samplesOf(events as Ev[], thread.pid, thread.tid);
  const interval = s.at.length > 1 ? (s.at[s.at.length - 1]! - s.at[0]!) / (s.at.length - 1) / 1000 : 0;
  const marks = events.filter((e) => e.pid === thread.pid && e.name === 'belote:taking').map((e) => e.ts).sort((a, b) => a - b);
  const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const game: Taking[] = [];
  for (const m of marks) {
    // the taking's step task (it made the mark) and the tasks after it
    const ts = tasks.filter((t) => t.ts + (t.dur ?? 0) >= m && t.ts < m + windowMs * 1000);
    const tk: Taking = { own: 0, byEvent: new Map(), byFunction: new Map(), under: new Map(), elements: 0, tasks: [] };
    for (const t of ts) {
      tk.own += (t.tdur ?? 0) / 1000;
      const inside = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0));
      const kind = inside.some((e) => e.name === 'HandlePostMessage') ? 'step' : inside.some((e) => e.name === 'Paint') ? 'frame' : inside.some((e) => e.name === 'TimerFire') ? 'timer' : 'task';
      if ((t.tdur ?? 0) > 3000) tk.tasks.push(`${kind} ${((t.tdur ?? 0) / 1000).toFixed(1)}`);
      for (const e of inside) {
        const kids = inside.filter((c) => c !== e && c.ts >= e.ts && c.ts + (c.dur ?? 0) <= e.ts + (e.dur ?? 0));
        // direct children only: those not inside another child
        const direct = kids.filter((c) => !kids.some((p) => p !== c && p.ts <= c.ts && p.ts + (p.dur ?? 0) >= c.ts + (c.dur ?? 0) && (p.dur ?? 0) > (c.dur ?? 0)));
        const self = (e.tdur ?? e.dur ?? 0) - direct.reduce((a, c) => a + (c.tdur ?? c.dur ?? 0), 0);
        add(tk.byEvent, e.name, Math.max(0, self) / 1000);
        if (e.name === 'UpdateLayoutTree') tk.elements += Number(e.args?.elementCount ?? e.args?.data?.elementCount ?? 0);
      }
      for (let i = 0; i < s.at.length; i++) {
        if (s.at[i]! < t.ts || s.at[i]! > t.ts + (t.dur ?? 0)) continue;
        const n = s.nodes.get(s.node[i]!);
        if (!n || n.name.startsWith('(idle)') || n.name.startsWith('(root)')) continue;
        add(tk.byFunction, n.name, interval);
        const seen = new Set<string>();
        for (let p: typeof n | undefined = n; p; p = p.parent === undefined ? undefined : s.nodes.get(p.parent)) seen.add(p.name);
        for (const name of seen) add(tk.under, name, interval);
      }
    }
    game.push(tk);
  }
  takings.push(game);
  console.log(`${file}: ${marks.length} takings, sampling every ${interval.toFixed(2)} ms; own ms of their first frames (tasks over 3 ms):`);
  for (const g of game) console.log(`  ${g.own.toFixed(1)}: ${g.tasks.join(' + ')}; elements styled ${g.elements}`);
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};
const firsts = takings.map((g) => g[0]).filter((x): x is Taking => !!x);
const laters = takings.flatMap((g) => g.slice(1));
function table(title: string, pick: (t: Taking) => Map<string, number>): void {
  const keys = new Set([...firsts, ...laters].flatMap((t) => [...pick(t).keys()]));
  const rows = [...keys].map((k) => {
    const f = firsts.map((t) => pick(t).get(k) ?? 0);
    const l = median(laters.map((t) => pick(t).get(k) ?? 0));
    return { k, f, l, d: median(f) - l };
  });
  console.log(`\n${title} (own ms; the first takings of ${firsts.length} games, then the median of ${laters.length} later takings), by first − later:`);
  for (const r of rows.sort((a, b) => b.d - a.d).slice(0, top)) console.log(`  ${r.f.map((x) => x.toFixed(1).padStart(5)).join(' ')} | ${r.l.toFixed(1).padStart(5)}  ${r.k}`);
}
console.log(`\nfirst takings: own ${firsts.map((t) => t.own.toFixed(1)).join(', ')} ms (tasks over 3 ms: ${firsts.map((t) => t.tasks.join('+')).join('; ')}), elements styled ${firsts.map((t) => t.elements).join(', ')}`);
console.log(`later takings: own median ${median(laters.map((t) => t.own)).toFixed(1)} ms, elements styled median ${median(laters.map((t) => t.elements))}`);
table('events', (t) => t.byEvent);
table('functions (samples, self)', (t) => t.byFunction);
table('functions (samples, with callees)', (t) => t.under);
