/** The chat state's fold (PROTOCOL.md §15.1), written from the document. */
import type { ChatEntry, ChatState } from './wire.js';

/** `last = id`; a `muted` entry adds or removes its target; a `spectatorChat` entry sets the switch. */
export function foldChat(state: ChatState, e: ChatEntry): ChatState {
  const s: ChatState = { ...state, last: e.id, mutedSeats: [...state.mutedSeats], mutedSpectators: [...state.mutedSpectators] };
  if (e.type === 'spectatorChat') s.spectatorChat = e.on;
  if (e.type === 'muted') {
    if ('seat' in e.target) {
      const seat = e.target.seat;
      s.mutedSeats = s.mutedSeats.filter((x) => x !== seat);
      if (e.muted) s.mutedSeats = [...s.mutedSeats, seat].sort((a, b) => a - b);
    } else {
      const tag = e.target.spectator;
      s.mutedSpectators = s.mutedSpectators.filter((x) => x !== tag);
      if (e.muted) s.mutedSpectators.push(tag);
    }
  }
  return s;
}
