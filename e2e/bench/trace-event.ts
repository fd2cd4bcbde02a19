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
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string; displayName?: string; nodeName?: string; compositeFailed?: number; unsupportedProperties?: string[] } };
}
