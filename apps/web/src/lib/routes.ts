/**
 * The client's routes, parsed from a path and query: `/` the home page, `/t/:id` a table,
 * `/t/:id/replay?game=N&deal=D` the replay of a table's game (deal D, 1-based, first), and
 * `/replay?deal=D` the replay of a record file opened in this tab, `/practice[?table=ID]` a game
 * against bots on this device (its setup, or the table kept under that id) and
 * `/practice/replay?table=ID&game=N&deal=D` the replay of a practice game. Pure, no runes.
 */
export type Route =
  | { name: 'home' }
  | { name: 'table'; id: string }
  | { name: 'replay'; id: string; game: number | null; deal: number | null }
  | { name: 'replayFile'; deal: number | null }
  | { name: 'practice'; table: string | null }
  | { name: 'practiceReplay'; table: string; game: number; deal: number | null };

const ID = '([A-Za-z0-9_-]{22})';

/** A non-negative integer query parameter, or null. */
function intParam(params: URLSearchParams, name: string): number | null {
  const v = params.get(name);
  return v !== null && /^\d{1,6}$/.test(v) ? Number(v) : null;
}

export function parseRoute(pathname: string, search = ''): Route {
  const params = new URLSearchParams(search);
  const table = new RegExp(`^/t/${ID}/?$`).exec(pathname);
  if (table) return { name: 'table', id: table[1]! };
  const replay = new RegExp(`^/t/${ID}/replay/?$`).exec(pathname);
  if (replay) return { name: 'replay', id: replay[1]!, game: intParam(params, 'game'), deal: intParam(params, 'deal') };
  if (/^\/replay\/?$/.test(pathname)) return { name: 'replayFile', deal: intParam(params, 'deal') };
  const practiceTable = /^[A-Za-z0-9_-]{22}$/.test(params.get('table') ?? '') ? params.get('table')! : null;
  if (/^\/practice\/?$/.test(pathname)) return { name: 'practice', table: practiceTable };
  if (/^\/practice\/replay\/?$/.test(pathname) && practiceTable) return { name: 'practiceReplay', table: practiceTable, game: intParam(params, 'game') ?? 0, deal: intParam(params, 'deal') };
  return { name: 'home' };
}

/** The replay page of a table's game (deal: 1-based, optional). */
export function replayPath(id: string, game: number | null, deal: number | null = null): string {
  const q = new URLSearchParams();
  if (game !== null) q.set('game', String(game));
  if (deal !== null) q.set('deal', String(deal));
  const s = q.toString();
  return `/t/${id}/replay${s ? `?${s}` : ''}`;
}

/** The table id in a pasted invite link (or a bare id), or null. */
export function tableIdFromLink(text: string): string | null {
  const s = text.trim();
  if (/^[A-Za-z0-9_-]{22}$/.test(s)) return s;
  const m = /\/t\/([A-Za-z0-9_-]{22})(?:[/?#]|$)/.exec(s);
  return m ? m[1]! : null;
}
