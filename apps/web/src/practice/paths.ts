/** The practice pages' paths (parsed by lib/routes.ts). */
export const practicePath = (table: string | null = null): string => (table ? `/practice?table=${table}` : '/practice');

export function practiceReplayPath(table: string, game: number, deal: number | null = null): string {
  return `/practice/replay?table=${table}&game=${game}${deal === null ? '' : `&deal=${deal}`}`;
}

/**
 * Test hook: timings read from localStorage `belote:practiceTiming` (JSON, e.g.
 * `{"botPaceMs":0}`), so end-to-end tests need not wait for the bots' pace.
 */
export function timingHook(): { botPaceMs?: number; turnSecondMs?: number } | undefined {
  try {
    const raw = globalThis.localStorage?.getItem('belote:practiceTiming');
    if (!raw) return undefined;
    const v = JSON.parse(raw) as Record<string, unknown>;
    const num = (x: unknown): number | undefined => (typeof x === 'number' && x >= 0 && x <= 60_000 ? x : undefined);
    const botPaceMs = num(v.botPaceMs);
    const turnSecondMs = num(v.turnSecondMs);
    return { ...(botPaceMs !== undefined ? { botPaceMs } : {}), ...(turnSecondMs !== undefined ? { turnSecondMs } : {}) };
  } catch {
    return undefined;
  }
}
