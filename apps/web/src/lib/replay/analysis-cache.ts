/**
 * Analyses kept per record in localStorage, so a replay opened again shows them at once.
 * Key: the analysis version and a hash of the game's rules and first deal — the same for a record
 * read mid-game and for the same game's longer record later, or its downloaded file. Each deal's
 * analysis is stamped with a hash of everything up to and including that deal (rules, dealers,
 * decks, actions: what its analysis depends on), and used only for a record with the same stamp,
 * so a game that grew keeps its earlier deals' analyses. Bounded: at most MAX_RECORDS records and
 * MAX_CHARS characters in all, the least recently used dropped first; a full or missing storage
 * just means no cache.
 */
import { ANALYSIS_VERSION, type DealAnalysis } from '@belote/bots';
import type { GameRecord } from '@belote/rules';

export const MAX_RECORDS = 8;
export const MAX_CHARS = 1_500_000;
const PREFIX = 'belote:analysis:';
const INDEX = `${PREFIX}index`;

/** cyrb53: a fast 53-bit string hash (a cache key, not a security measure). */
function cyrb53(s: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const dealContent = (d: GameRecord['deals'][number]): string => JSON.stringify([d.dealer, d.deck, d.actions]);

/** The cache key of a record: its game (rules and first deal; names and salts left out). */
export function recordKey(record: GameRecord): string {
  const content = JSON.stringify(record.rules) + (record.deals[0] ? dealContent(record.deals[0]) : '');
  return `${PREFIX}v${ANALYSIS_VERSION}:${cyrb53(content)}:${cyrb53(content, 1)}`;
}

/** Per deal, a hash of the rules and every deal up to and including it (a chain). */
export function dealStamps(record: GameRecord): string[] {
  let prev = JSON.stringify(record.rules);
  return record.deals.map((d) => {
    const content = prev + dealContent(d);
    prev = `${cyrb53(content)}:${cyrb53(content, 1)}`;
    return prev;
  });
}

/** One stored deal: its stamp and its analysis. */
interface Entry {
  stamp: string;
  analysis: DealAnalysis;
}

/** Most recently used first. */
type Index = { key: string; size: number }[];

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

function readIndex(s: Storage): Index {
  try {
    const v = JSON.parse(s.getItem(INDEX) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as Index).filter((e) => typeof e?.key === 'string' && e.key.startsWith(PREFIX)) : [];
  } catch {
    return [];
  }
}

/** The stored entries under a key (none when unreadable). */
function readEntries(s: Storage, key: string): Entry[] {
  try {
    const list = JSON.parse(s.getItem(key) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as Entry[]).filter((e) => typeof e?.stamp === 'string' && e.analysis?.version === ANALYSIS_VERSION && typeof e.analysis.deal === 'number') : [];
  } catch {
    return [];
  }
}

/** The cached analyses of a record, by deal index (empty when none): those whose deal has the same stamp. */
export function loadAnalyses(key: string, stamps: readonly string[]): Map<number, DealAnalysis> {
  const s = storage();
  const out = new Map<number, DealAnalysis>();
  if (!s) return out;
  try {
    for (const e of readEntries(s, key)) if (stamps[e.analysis.deal] === e.stamp) out.set(e.analysis.deal, e.analysis);
    const index = readIndex(s);
    const hit = index.find((e) => e.key === key);
    if (hit) s.setItem(INDEX, JSON.stringify([hit, ...index.filter((e) => e !== hit)]));
  } catch {
    /* unreadable entry: analyse again */
  }
  return out;
}

/** Values rounded to a tenth: what the page shows, and a third of the size. */
const compact = (e: Entry): string => JSON.stringify(e, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 10) / 10 : v));

/**
 * Store a record's analyses (stamped with `stamps`, by deal index) beside the deals already stored
 * for the same game, evicting the least recently used records beyond the bounds.
 */
export function saveAnalyses(key: string, analyses: Iterable<DealAnalysis>, stamps: readonly string[]): void {
  const s = storage();
  if (!s) return;
  const byDeal = new Map(readEntries(s, key).map((e) => [e.analysis.deal, e]));
  for (const a of analyses) if (stamps[a.deal] !== undefined) byDeal.set(a.deal, { stamp: stamps[a.deal]!, analysis: a });
  const text = `[${[...byDeal.values()].sort((a, b) => a.analysis.deal - b.analysis.deal).map(compact).join(',')}]`;
  if (text.length > MAX_CHARS) return;
  let index: Index = [{ key, size: text.length }, ...readIndex(s).filter((e) => e.key !== key)];
  let total = 0;
  const keep: Index = [];
  for (const e of index) {
    if (keep.length < MAX_RECORDS && total + e.size <= MAX_CHARS) {
      keep.push(e);
      total += e.size;
    } else s.removeItem(e.key);
  }
  index = keep;
  for (let attempt = 0; attempt < MAX_RECORDS; attempt++) {
    try {
      s.setItem(key, text);
      s.setItem(INDEX, JSON.stringify(index));
      return;
    } catch {
      // Quota: drop the oldest other record and try again.
      const victim = index.filter((e) => e.key !== key).pop();
      if (!victim) return;
      s.removeItem(victim.key);
      index = index.filter((e) => e !== victim);
    }
  }
}
