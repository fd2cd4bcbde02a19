/**
 * Where each seat sits on screen. The viewer is always at the bottom and the partner
 * across; the direction of play decides whether the next seat is on the right
 * (counterclockwise, seen from above) or on the left (clockwise).
 */
import type { Rules, Seat } from '@belote/rules';

export type Position = 'bottom' | 'right' | 'top' | 'left';

/** Screen position of `seat` for a viewer sitting at `me` (spectators view from seat 0). */
export function positionOf(seat: Seat, me: Seat, direction: Rules['direction']): Position {
  const offset = (seat - me + 4) % 4;
  switch (offset) {
    case 0:
      return 'bottom';
    case 2:
      return 'top';
    case 1:
      return direction === 'counterclockwise' ? 'right' : 'left';
    default:
      return direction === 'counterclockwise' ? 'left' : 'right';
  }
}

/** The seat shown at each position. */
export function seatsByPosition(me: Seat, direction: Rules['direction']): Record<Position, Seat> {
  const out = {} as Record<Position, Seat>;
  for (const s of [0, 1, 2, 3] as const) out[positionOf(s, me, direction)] = s;
  return out;
}
