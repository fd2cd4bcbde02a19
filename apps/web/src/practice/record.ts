/**
 * A practice game as a `belote-record/1` file — the server's record of a table's game, with the
 * same extra fields (`table`, `game`, `players`) and `human`, the player's seat (its replay says
 * "you" to it, opened from the device or later from the file): its finished deals, each with its commitment
 * and revealed salt, so `pnpm verify` replays it and checks every seal. A deal in progress is
 * left out, as online.
 */
import type { TableRecord } from '@belote/protocol/client';
import { recordOf, newGame, startDeal, apply, type GameState, type Seat } from '@belote/rules';
import { botName } from './table.js';
import { youName } from './texts.js';
import { ME, type SavedPractice } from './types.js';

interface RebuiltGame {
  state: GameState;
  secrets: { salt: string; commitment: string }[];
}

/** The games of a kept table (its log replayed); a log that does not replay stops where it breaks. */
export function gamesOf(saved: SavedPractice): RebuiltGame[] {
  const games: RebuiltGame[] = [];
  for (const e of saved.entries) {
    if (e.type === 'gameStart') {
      games.push({ state: newGame(saved.settings.rules), secrets: [] });
      continue;
    }
    const g = games[games.length - 1];
    if (!g) break;
    const r = e.type === 'dealStart' ? startDeal(g.state, e.dealer, e.deck) : apply(g.state, e.action);
    if (!r.ok) break;
    g.state = r.state;
    if (e.type === 'dealStart') g.secrets.push({ salt: e.salt, commitment: e.commitment });
  }
  return games;
}

/** A table's record plus the seat of its one human player (the other three are bots). */
export type PracticeRecord = TableRecord & { human: Seat };

export function practiceRecord(saved: SavedPractice, game: number): PracticeRecord | null {
  const g = gamesOf(saved)[game];
  if (!g) return null;
  const rec = recordOf(g.state, (i) => ({ commitment: g.secrets[i]!.commitment, salt: g.secrets[i]!.salt }));
  const players = ([0, 1, 2, 3] as const).map((s) => (s === ME ? saved.settings.name || youName() : botName(s))) as TableRecord['players'];
  return { ...rec, table: saved.id, game, players, human: ME };
}

/** The file name of a downloaded practice record. */
export const recordFileName = (saved: SavedPractice, game: number): string => `belote-practice-${saved.id}-${game + 1}.json`;
