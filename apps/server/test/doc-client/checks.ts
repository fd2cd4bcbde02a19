/**
 * What the doc-client checks on the stream besides the shapes: the snapshot's own invariants
 * (§5.3), the fold against fresh snapshots (§6, with its presence exception), the presence rule
 * of §5.5 (a frame only when a value changed; a new turn's clock in its step), the display order
 * of hands and the order of a step's events (§5.4).
 */
import { combinationProblems, eventOrderProblems, historyProblems, sameSnapshot, variantProblems, withPresenceOf } from './compare.js';
import { foldPresence } from './fold.js';
import { displayOrder } from './rules.js';
import type { Presence, Snapshot, Step } from './wire.js';

export class FrameChecks {
  /** A snapshot showed presence values ahead of its seq: the presence frame seq + 1 must bring them. */
  private expectPresence: Snapshot | null = null;
  /** §5.5: the first presence frame after a snapshot may bring nothing new (the snapshot showed its values). */
  private afterSnapshot = true;

  /** Any snapshot taken (connect, seat change, sync ack). */
  snapshot(s: Snapshot): string[] {
    this.afterSnapshot = true;
    const out = [...variantProblems(s), ...combinationProblems(s), ...historyProblems(s)].map((p) => `snapshot at seq ${s.seq}: ${p}`);
    const d = s.view?.deal;
    if (d?.hand && d.hand.join(' ') !== displayOrder(d.hand, d.trump).join(' ')) out.push(`snapshot hand ${d.hand.join(' ')} is not in display order (§5.3)`);
    return out;
  }

  /** A sync ack's snapshot against the fold at the moment it arrived (§6). */
  syncAck(folded: Snapshot, snap: Snapshot): string[] {
    const out: string[] = [];
    if (snap.seq < folded.seq) out.push(`the sync ack's snapshot (seq ${snap.seq}) is older than the frames that arrived before it (seq ${folded.seq})`);
    const diff = sameSnapshot(folded, snap);
    // a snapshot's presence values may be those of the presence frame still to come (seq + 1)
    if (diff && sameSnapshot(withPresenceOf(folded, snap), snap) === null) this.expectPresence = snap;
    else if (diff) out.push(`fold at seq ${folded.seq} differs from the sync snapshot at seq ${snap.seq}: ${diff}`);
    return out;
  }

  /** A step or presence frame that is `next`, before it is folded into `before`. */
  next(name: 'step' | 'presence', frame: Step | Presence, before: Snapshot): string[] {
    const out = name === 'step' ? eventOrderProblems((frame as Step).events.map((e) => e.type)) : [];
    if (name === 'presence') {
      if (!this.afterSnapshot && !presenceChanges(before, frame as Presence)) out.push(`presence ${frame.seq} changes no value this client holds (§5.5): ${JSON.stringify(frame)}`);
      this.afterSnapshot = false;
    }
    const want = this.expectPresence;
    if (!want) return out;
    this.expectPresence = null;
    const brought = name === 'presence' ? foldPresence(want, frame as Presence) : null;
    if (!brought || sameSnapshot({ ...brought, seq: want.seq }, want) !== null)
      out.push(`the snapshot at seq ${want.seq} showed presence values that the next frame (${name} ${frame.seq}) did not bring`);
    return out;
  }

  /** After a frame was folded into `state`. */
  folded(name: 'step' | 'presence', frame: Step | Presence, state: Snapshot): string[] {
    const out: string[] = [];
    const hand = name === 'step' ? (frame as Step).private?.hand : undefined;
    if (hand && hand.join(' ') !== displayOrder(hand, state.view?.deal?.trump ?? null).join(' ')) out.push(`private.hand ${hand.join(' ')} is not in display order (§5.3)`);
    if (name === 'step') {
      // §5.4/§8: at a table with a turn timer, the step that gives a human the turn carries its clock
      const d = state.view?.deal;
      const seat = d && d.phase !== 'over' && state.view?.winner === null ? d.turn : null;
      const timed = state.table.options.turnTimerSeconds !== null;
      if (timed && seat !== null && state.table.seats[seat]!.bot === null && !state.table.seats[seat]!.botPlaying && (frame as Step).timers?.turnMsLeft == null)
        out.push(`step ${frame.seq} gives seat ${seat} the turn at a table with a turn timer but carries no turn clock (§5.4)`);
    }
    return out;
  }
}

/** §5.5: what a presence frame changes in the state it is folded into: a connection, a takeover, the spectators, readiness, a clock started, stopped or restarted (time left that grew). */
function presenceChanges(s: Snapshot, p: Presence): boolean {
  if (p.spectators !== s.table.spectators) return true;
  if (p.seats.some((x, i) => x.connected !== s.table.seats[i]!.connected || x.botPlaying !== s.table.seats[i]!.botPlaying)) return true;
  const t = s.timers;
  if ((p.turnMsLeft === null) !== (t.turnMsLeft === null) || (p.turnMsLeft !== null && p.turnMsLeft > t.turnMsLeft!)) return true;
  if ((p.nextDeal === null) !== (t.nextDeal === null)) return true;
  return p.nextDeal !== null && (p.nextDeal.msLeft > t.nextDeal!.msLeft || p.nextDeal.ready.some((r, i) => r !== t.nextDeal!.ready[i]));
}
