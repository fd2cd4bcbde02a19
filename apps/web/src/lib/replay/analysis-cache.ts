/**
 * Analyses kept per record in localStorage, so a replay opened again shows them at once.
 * Key: a hash of the record's game content (rules, dealers, decks, actions) and the analysis
 * version. Bounded: at most MAX_RECORDS records and MAX_CHARS characters in all, the least
 * recently used dropped first; a full or missing storage just means no cache.
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

/** The cache key of a record: only what the analysis depends on (names and salts left out). */
export function recordKey(record: GameRecord): string {
  const content = JSON.stringify([record.rules, record.deals.map((d) => [d.dealer, d.deck, d.actions])]);
  return `${PREFIX}v${ANALYSIS_VERSION}:${cyrb53(content)}:${cyrb53(content, 1)}`;
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

/** The cached analyses of a record, by deal index (empty when none). */
export function loadAnalyses(key: string): Map<number, DealAnalysis> {
  const s = storage();
  const out = new Map<number, DealAnalysis>();
  if (!s) return out;
  try {
    const raw = s.getItem(key);
    if (!raw) return out;
    const list = JSON.parse(raw) as DealAnalysis[];
    for (const a of list) if (a?.version === ANALYSIS_VERSION && typeof a.deal === 'number') out.set(a.deal, a);
    const index = readIndex(s);
    const hit = index.find((e) => e.key === key);
    if (hit) s.setItem(INDEX, JSON.stringify([hit, ...index.filter((e) => e !== hit)]));
  } catch {
    /* unreadable entry: analyse again */
  }
  return out;
}

/** Values rounded to a tenth: what the page shows, and a third of the size. */
const compact = (a: DealAnalysis): string => JSON.stringify(a, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 10) / 10 : v));

/** Store a record's analyses, evicting the least recently used records beyond the bounds. */
export function saveAnalyses(key: string, analyses: Iterable<DealAnalysis>): void {
  const s = storage();
  if (!s) return;
  const text = `[${[...analyses].map(compact).join(',')}]`;
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
