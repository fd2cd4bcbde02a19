/**
 * Where a replay's record comes from: the table's record endpoint (only finished deals, by
 * construction on the server), or a `belote-record/1` file the player opens — read in the
 * browser and kept for this tab only (sessionStorage), never uploaded.
 */
import { formatIssues, gameWinner, parseRecord, type GameRecord, type ReplayTimeline, type Seat } from '@belote/rules';

/** A record plus the display names a table record carries. */
export interface LoadedRecord {
  record: GameRecord;
  players: [string | null, string | null, string | null, string | null];
  /** The reader's seat, spoken to as "you": a practice record's `human`, or the seat this browser played in a table's game (my-seats.ts). */
  you: Seat | null;
  /** Where it came from: a table's game, or a file. */
  source: { kind: 'table'; table: string; game: number } | { kind: 'file'; name: string };
}

export type LoadResult = { ok: true; value: LoadedRecord } | { ok: false; error: 'not-found' | 'network' | 'not-a-record'; detail?: string };

const FILE_KEY = 'belote:replay-file';

function namesOf(raw: unknown): LoadedRecord['players'] {
  const p = (raw as { players?: unknown } | null)?.players;
  const out: LoadedRecord['players'] = [null, null, null, null];
  if (Array.isArray(p)) for (let i = 0; i < 4; i++) out[i] = typeof p[i] === 'string' ? (p[i] as string).slice(0, 40) : null;
  return out;
}

/**
 * A practice record's `human`, the seat its player held (the others were bots); null in any other
 * record. Only the field says it: a table's record has the same fields and names (a player may be
 * called "You", its bots are `Bot n` too), so a file without `human` — a practice file saved
 * before it existed included — names every seat by its stored name.
 */
function humanOf(raw: unknown): Seat | null {
  const h = (raw as { human?: unknown } | null)?.human;
  return h === 0 || h === 1 || h === 2 || h === 3 ? h : null;
}

/** Parsed JSON as a record (the same zod schema `pnpm verify` uses). */
function recordFromJson(raw: unknown, source: LoadedRecord['source']): LoadResult {
  const parsed = parseRecord(raw);
  if (!parsed.success) return { ok: false, error: 'not-a-record', detail: formatIssues(parsed.error) };
  return { ok: true, value: { record: parsed.data, players: namesOf(raw), you: humanOf(raw), source } };
}

/** JSON text as a record. */
export function recordFromText(text: string, source: LoadedRecord['source']): LoadResult {
  try {
    return recordFromJson(JSON.parse(text.replace(/^\uFEFF/, '')), source);
  } catch (e) {
    return { ok: false, error: 'not-a-record', detail: e instanceof Error ? e.message : String(e) };
  }
}

/** `GET /api/tables/:id/record[?game=N]` (the server's default: the latest game). */
export async function fetchTableRecord(table: string, game: number | null, fetcher: typeof fetch = fetch): Promise<LoadResult> {
  let raw: unknown;
  try {
    const res = await fetcher(`/api/tables/${table}/record${game === null ? '' : `?game=${game}`}`);
    if (res.status === 404) return { ok: false, error: 'not-found' };
    if (!res.ok) return { ok: false, error: 'network', detail: `HTTP ${res.status}` };
    raw = await res.json();
  } catch (e) {
    return { ok: false, error: 'network', detail: e instanceof Error ? e.message : String(e) };
  }
  const index = (raw as { game?: unknown } | null)?.game;
  const r = recordFromJson(raw, { kind: 'table', table, game: typeof index === 'number' ? index : (game ?? 0) });
  if (!r.ok || r.value.source.kind !== 'table') return r;
  // The reader's own game: the seat this browser played in it (kept by the table), spoken to as "you".
  // (Imported here, not statically: the table imports it too, and a shared chunk would be named in the first screen's preload lists.)
  const { mySeatIn } = await import('./my-seats.js');
  return { ok: true, value: { ...r.value, you: mySeatIn(table, r.value.source.game) } };
}

/** Read a chosen file as a record and keep it for this tab (a reload of /replay finds it again). */
export async function openRecordFile(file: Blob & { name?: string }): Promise<LoadResult> {
  const text = await file.text();
  const r = recordFromText(text, { kind: 'file', name: file.name ?? 'record.json' });
  if (r.ok) {
    try {
      globalThis.sessionStorage?.setItem(FILE_KEY, JSON.stringify({ name: file.name ?? 'record.json', text }));
    } catch {
      /* too large for sessionStorage: the replay still works until a reload */
    }
  }
  return r;
}

let lastOpened: LoadedRecord | null = null;
/** The record file opened last in this tab (memory first, then sessionStorage). */
export function openedRecord(): LoadedRecord | null {
  if (lastOpened) return lastOpened;
  try {
    const raw = globalThis.sessionStorage?.getItem(FILE_KEY);
    if (!raw) return null;
    const { name, text } = JSON.parse(raw) as { name: string; text: string };
    const r = recordFromText(text, { kind: 'file', name });
    return r.ok ? r.value : null;
  } catch {
    return null;
  }
}

export function rememberOpened(r: LoadedRecord): void {
  lastOpened = r;
}

/** No deal can follow the record's: its last deal won the game, or the record stops at an illegal action. */
export function recordEnded(timeline: ReplayTimeline): boolean {
  const last = timeline.deals.at(-1);
  return timeline.error !== null || (last !== undefined && gameWinner(last.result.totals, timeline.rules.target) !== null);
}
