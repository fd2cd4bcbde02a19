import { readFileSync } from 'node:fs';

/** A frame of a script's stack in a trace event. */
export interface StackFrame {
  functionName?: string;
  url?: string;
  lineNumber?: number;
}

/** An event of a Chromium performance trace (the fields the benches read). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** the thread's own (CPU) time: not the time it waited for a core on a loaded machine */
  tdur?: number;
  pid: number;
  tid: number;
  id2?: { local?: string };
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; lineNumber?: number; frame?: string; displayName?: string; nodeName?: string; compositeFailed?: number; unsupportedProperties?: string[]; type?: string; elementCount?: number; stackTrace?: StackFrame[] };
    /** a layout's (and a forced style's) start: what it laid out, and the script that forced it */
    beginData?: { dirtyObjects?: number; totalObjects?: number; partialLayout?: boolean; stackTrace?: StackFrame[] };
    elementCount?: number;
  };
}

/**
 * The page's main thread in a trace of `bench:practice`: where its `bench:t0` mark was made (the
 * thread named CrRendererMain of that process; the mark's own thread when names are missing).
 */
export function pageMainThread(events: TraceEvent[]): { pid: number; tid: number; mark: TraceEvent } {
  const mark = events.find((e) => e.name === 'bench:t0');
  if (!mark) throw new Error('no bench:t0 mark in the trace');
  const named = events.find((e) => e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain');
  return { pid: (named ?? mark).pid, tid: (named ?? mark).tid, mark };
}

/** A trace file (`{ traceEvents }` or a bare array), its page's main thread, and that thread's complete events in order of start. */
export function readTrace(file: string): { events: TraceEvent[]; thread: ReturnType<typeof pageMainThread>; main: TraceEvent[] } {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const thread = pageMainThread(events);
  const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  return { events, thread, main };
}

/** The events of `main` nested in task `t` (itself left out). */
export const within = (main: readonly TraceEvent[], t: TraceEvent): TraceEvent[] => main.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0));
