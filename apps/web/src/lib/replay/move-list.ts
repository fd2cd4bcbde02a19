/**
 * The move list of a deal, as the replay shows it beside the board: every bid or call, then
 * every card grouped by trick with the trick's winner and points, each entry pointing at the
 * frame it leads to. Pure: built from the replay timeline's frames alone (the analysis adds
 * marks to it on the page).
 */
import type { Action, ReplayDeal, Seat } from '@belote/rules';

export interface MoveEntry {
  /** The frame this action leads to (`deal.frames[step]`); the action is the deal's `step − 1`-th. */
  step: number;
  seat: Seat;
  action: Action;
  /** Grid column of the seat, 0 for the eldest (bids and cards line up under the seats). */
  column: number;
}

export type MoveGroup =
  | { kind: 'bidding'; entries: MoveEntry[] }
  | { kind: 'trick'; number: number; leader: Seat; entries: MoveEntry[]; winner: Seat | null; points: number | null };

/** The eldest first: the column order of the list (who speaks first and leads the first trick). */
export function seatOrder(deal: ReplayDeal): [Seat, Seat, Seat, Seat] {
  const eldest = deal.frames[0]!.view.deal!.eldest;
  return [0, 1, 2, 3].map((i) => ((eldest + i) & 3) as Seat) as [Seat, Seat, Seat, Seat];
}

/** The deal's actions grouped: the bidding (rows of four from the eldest), then each trick. */
export function moveListOf(deal: ReplayDeal): MoveGroup[] {
  const order = seatOrder(deal);
  const column = (s: Seat): number => order.indexOf(s);
  const groups: MoveGroup[] = [];
  let bidding: MoveEntry[] | null = null;
  let trick: Extract<MoveGroup, { kind: 'trick' }> | null = null;
  deal.frames.forEach((f, step) => {
    const a = f.action;
    if (!a) return;
    const entry: MoveEntry = { step, seat: a.seat, action: a, column: column(a.seat) };
    if (a.type !== 'play') {
      if (!bidding) groups.push({ kind: 'bidding', entries: (bidding = []) });
      bidding.push(entry);
      return;
    }
    if (!trick) {
      const number = groups.filter((g) => g.kind === 'trick').length + 1;
      trick = { kind: 'trick', number, leader: a.seat, entries: [], winner: null, points: null };
      groups.push(trick);
    }
    trick.entries.push(entry);
    const won = f.events.find((e) => e.type === 'trickWon');
    if (won) {
      trick.winner = won.winner;
      trick.points = won.points;
      trick = null;
    }
  });
  return groups;
}

/** Every action of the list in order (what the list shows; equal to the deal's actions). */
export const listedActions = (groups: readonly MoveGroup[]): Action[] => groups.flatMap((g) => g.entries.map((e) => e.action));

/**
 * A coinche call's short form, for a move list too narrow for the word (a desktop's side column):
 * the multiplier it puts on the contract, as the header writes it ("130 ×2"). Null for any other
 * option, which is short enough as it is.
 */
export function shortCallText(option: string): string | null {
  return option === 'coinche' ? '×2' : option === 'surcoinche' ? '×4' : null;
}
