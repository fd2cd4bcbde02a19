/**
 * What the doc-client checks on the stream besides the shapes: the snapshot's own invariants
 * (§5.3), the fold against fresh snapshots (§6, with its presence exception), the presence rule
 * of §5.5, the display order of hands and the order of a step's events (§5.4).
 */
import { combinationProblems, eventOrderProblems, historyProblems, sameSnapshot, variantProblems, withPresenceOf } from './compare.js';
import { foldPresence } from './fold.js';
import { displayOrder } from './rules.js';
import type { Presence, Snapshot, Step } from './wire.js';

export class FrameChecks {
  /** A snapshot showed presence values ahead of its seq: the presence frame seq + 1 must bring them. */
  private expectPresence: Snapshot | null = null;
  /** The last presence frame's connections (null: after a snapshot, or it had a clock running). */
  private lastPresence: string | null = null;

  /** Any snapshot taken (connect, seat change, sync ack). */
  snapshot(s: Snapshot): string[] {
    this.lastPresence = null;
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

  /** A step or presence frame that is `next`, before it is folded. */
  next(name: 'step' | 'presence', frame: Step | Presence): string[] {
    const out = name === 'step' ? eventOrderProblems((frame as Step).events.map((e) => e.type)) : [];
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
    if (name === 'presence') {
      // §5.5: a presence frame differs from the previous one (the clocks, counting down, always do)
      const p = frame as Presence;
      const quiet = p.turnMsLeft === null && p.nextDeal === null;
      const key = JSON.stringify([p.seats, p.spectators]);
      if (quiet && this.lastPresence === key) out.push(`presence ${p.seq} repeats the previous one (§5.5)`);
      this.lastPresence = quiet ? key : null;
    }
    return out;
  }
}
