/**
 * The leak audit: every frame a socket received, replayed against the truth that the game
 * records reveal once the deals are over (deck, dealer, actions). PROTOCOL.md: "a seat's cards
 * reach only that seat's sockets (and everyone once played); spectators see no hand". A card may
 * appear in a frame only if it is public by then (played, the classic retourne, or in the
 * winning team's shown combinations) or dealt to the seat this socket held. Along the way the
 * stream is checked against the record: the same calls and cards in the same order, the dealt
 * hands in `private` and in snapshots, and each deal's commitment (§10).
 */
import { createHash } from 'node:crypto';
import { classicComplete, classicFirst, coincheHands } from './deal.js';
import type { Frame } from './client.js';
import { CARD_RE, type Card, type GameRecord, type RecordAction, type Seat, type Snapshot, type Step, type StepEvent } from './wire.js';

/** Every card string anywhere in a value. */
export function cardsIn(value: unknown, out: Card[] = []): Card[] {
  if (typeof value === 'string') {
    if (CARD_RE.test(value)) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) cardsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cardsIn(v, out);
  return out;
}

const sorted = (cards: Iterable<Card>) => [...cards].sort().join(' ');

interface Tracker {
  game: number;
  deal: number;
  /** Cards everyone may know in this deal by now. */
  pub: Set<Card>;
  taker: Seat | null;
  /** Classic: the deal was completed after the take. */
  completed: boolean;
  /** The next record action expected. */
  action: number;
}

export class LeakAudit {
  readonly problems: string[] = [];
  readonly checked = { frames: 0, cards: 0 };

  constructor(
    readonly variant: 'classic' | 'coinche',
    /** The records of the table's games, by game index. */
    readonly records: GameRecord[],
  ) {
    for (const [g, r] of records.entries())
      for (const [i, d] of r.deals.entries()) {
        const hash = createHash('sha256').update(`${d.deck.join(' ')} ${d.salt}`).digest('hex');
        if (hash !== d.commitment) this.problems.push(`game ${g} deal ${i}: the record's commitment is not sha256(deck + ' ' + salt)`);
      }
  }

  /** Audits one socket's frames, in arrival order. */
  socket(label: string, frames: readonly Frame[]): void {
    const t: Tracker = { game: -1, deal: -1, pub: new Set(), taker: null, completed: false, action: 0 };
    for (const [n, f] of frames.entries()) {
      const where = `${label} frame #${n} (${f.name})`;
      if (f.name === 'chat' || f.name === 'reaction') continue;
      this.checked.frames += 1;
      if (f.name === 'presence') this.allowed(where, cardsIn(f.frame), new Set(), t, f.seat);
      else if (f.name === 'step') this.step(where, f.frame as Step, t, f.seat);
      else this.snapshot(where, f.frame as Snapshot, t, f.seat);
    }
  }

  private deal(t: Tracker) {
    return this.records[t.game]?.deals[t.deal];
  }

  /** The cards dealt to `seat` so far in the current deal. */
  private held(t: Tracker, seat: Seat | null): Set<Card> {
    const d = this.deal(t);
    if (seat === null || !d) return new Set();
    const hands =
      this.variant === 'coinche'
        ? coincheHands(d.dealer, d.deck)
        : t.completed && t.taker !== null
          ? classicComplete(d.dealer, d.deck, t.taker)
          : classicFirst(d.dealer, d.deck);
    return new Set(hands[seat]);
  }

  private allowed(where: string, cards: Card[], extra: Set<Card>, t: Tracker, seat: Seat | null): void {
    const own = this.held(t, seat);
    for (const c of cards) {
      this.checked.cards += 1;
      if (!t.pub.has(c) && !own.has(c) && !extra.has(c))
        this.problems.push(`LEAK ${where}: ${c} reached ${seat === null ? 'a spectator' : `seat ${seat}`} (game ${t.game} deal ${t.deal}) while neither public nor its own`);
    }
  }

  private expectAction(where: string, t: Tracker, got: RecordAction): void {
    const d = this.deal(t);
    if (!d) return void this.problems.push(`${where}: no record of game ${t.game} deal ${t.deal} to check against`);
    const want = d.actions[t.action];
    t.action += 1;
    if (JSON.stringify(want) !== JSON.stringify(got))
      this.problems.push(`${where}: the stream's action ${JSON.stringify(got)} is not the record's ${JSON.stringify(want)} (game ${t.game} deal ${t.deal} action ${t.action - 1})`);
  }

  private combinations(where: string, t: Tracker, combos: { seat: Seat; combination: { cards: Card[] } }[]): void {
    const d = this.deal(t);
    if (!d) return;
    const hands = this.variant === 'coinche' ? coincheHands(d.dealer, d.deck) : classicComplete(d.dealer, d.deck, t.taker ?? 0);
    for (const c of combos) {
      for (const card of c.combination.cards) {
        if (!hands[c.seat]!.includes(card)) this.problems.push(`${where}: a shown combination of seat ${c.seat} holds ${card}, not in its hand`);
        t.pub.add(card);
      }
    }
  }

  private step(where: string, step: Step, t: Tracker, seat: Seat | null): void {
    for (const e of step.events) {
      this.event(where, e, t);
      this.allowed(`${where} ${e.type}`, cardsIn(e), new Set(), t, seat);
    }
    if (step.private) {
      const own = this.held(t, seat);
      if (seat === null) this.problems.push(`LEAK ${where}: a private part reached a socket holding no seat`);
      else if (sorted(step.private.hand) !== sorted(own))
        this.problems.push(`${where}: private.hand ${step.private.hand.join(' ')} is not seat ${seat}'s dealt hand ${sorted(own)}`);
      this.allowed(`${where} private`, step.private.hand, new Set(), t, seat);
    }
  }

  private event(where: string, e: StepEvent, t: Tracker): void {
    switch (e.type) {
      case 'gameStarted':
        Object.assign(t, { game: e.game, deal: -1, pub: new Set(), taker: null, completed: false, action: 0 });
        return;
      case 'dealCommitted': {
        const d = this.records[t.game]?.deals[e.deal];
        if (d && d.commitment !== e.hash) this.problems.push(`${where}: dealCommitted hash is not the record's commitment of deal ${e.deal}`);
        return;
      }
      case 'dealStarted': {
        Object.assign(t, { deal: e.deal, pub: new Set(), taker: null, completed: this.variant === 'coinche', action: 0 });
        const d = this.deal(t);
        if (!d) return void this.problems.push(`${where}: deal ${e.deal} of game ${t.game} is missing from the record`);
        if (d.dealer !== e.dealer) this.problems.push(`${where}: dealer ${e.dealer}, the record says ${d.dealer}`);
        if (this.variant === 'classic') {
          if (e.retourne !== d.deck[20]) this.problems.push(`${where}: retourne ${e.retourne} is not deck[20] ${d.deck[20]}`);
          if (e.retourne) t.pub.add(e.retourne);
        }
        return;
      }
      case 'bid':
        return this.expectAction(where, t, e.bid === 'pass' ? { seat: e.seat, type: 'pass' } : e.round === 2 ? { seat: e.seat, type: 'take', suit: e.suit! } : { seat: e.seat, type: 'take' });
      case 'call':
        return this.expectAction(where, t, { seat: e.seat, ...e.call } as RecordAction);
      case 'trumpChosen':
        t.taker = e.taker;
        t.completed = true;
        return;
      case 'contractSet':
        t.taker = e.taker;
        return;
      case 'cardPlayed':
        this.expectAction(where, t, { seat: e.seat, type: 'play', card: e.card });
        t.pub.add(e.card);
        return;
      case 'announcementsShown':
        return this.combinations(where, t, e.combinations as never);
      case 'redeal':
      case 'dealScored': {
        const d = this.deal(t);
        if (d && t.action !== d.actions.length) this.problems.push(`${where}: ${e.type} after ${t.action} actions, the record has ${d.actions.length}`);
        return;
      }
      default:
    }
  }

  private snapshot(where: string, s: Snapshot, t: Tracker, seat: Seat | null): void {
    const d = s.view?.deal ?? null;
    Object.assign(t, { game: s.table.games - 1, deal: d ? d.number : -1, pub: new Set(), taker: d?.taker ?? null, completed: this.variant === 'coinche' || (d?.trump ?? null) !== null, action: 0 });
    if (d) {
      const rec = this.deal(t);
      if (!rec) return void this.problems.push(`${where}: game ${t.game} deal ${t.deal} is missing from the records`);
      const played = [...d.tricks.flatMap((x) => x.cards), ...d.trick.cards];
      const plays = rec.actions.filter((a): a is Extract<RecordAction, { type: 'play' }> => a.type === 'play').map((a) => a.card);
      if (played.join(' ') !== plays.slice(0, played.length).join(' ')) this.problems.push(`${where}: the snapshot's tricks ${played.join(' ')} are not the record's first plays`);
      played.forEach((c) => t.pub.add(c));
      t.action = this.actionsBefore(s, rec.actions);
      if (this.variant === 'classic' && d.retourne) {
        if (d.retourne !== rec.deck[20]) this.problems.push(`${where}: retourne ${d.retourne} is not deck[20]`);
        t.pub.add(d.retourne);
      }
      if (d.shown) this.combinations(where, t, d.shown.combinations as never);
      const own = this.held(t, seat);
      if (seat === null && d.hand !== null) this.problems.push(`LEAK ${where}: a spectator's snapshot has a hand`);
      if (seat !== null) {
        const left = [...own].filter((c) => !played.includes(c));
        if (sorted(d.hand ?? []) !== sorted(left)) this.problems.push(`${where}: hand ${d.hand?.join(' ')} is not seat ${seat}'s cards left ${sorted(left)}`);
      }
    }
    this.allowed(where, cardsIn(s), new Set(), t, seat);
  }

  /** How many of the record's actions the snapshot's deal already shows (calls and cards). */
  private actionsBefore(s: Snapshot, actions: readonly RecordAction[]): number {
    const d = s.view!.deal!;
    const calls = d.auction ? d.auction.calls.length : d.bids.length;
    const cards = d.tricks.length * 4 + d.trick.cards.length;
    return Math.min(actions.length, calls + cards);
  }
}
