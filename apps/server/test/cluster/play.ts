/**
 * Test support: four seated clients play on through failures, like players whose browsers
 * reconnect by themselves. Each seat acts from its own folded state when it is its turn; an
 * action refused or left without an ack is decided again from the next state the seat gets (a
 * lost ack: only once a new snapshot came, which says whether it landed). Every send is kept
 * with its outcome, so a test can hold them against the stored log: every acknowledged action
 * is there at its version, and no refused one is (unless an earlier send of it lost its ack).
 */
import type { GameAction } from '@belote/protocol';
import { seededRng, type Rng, type Seat } from '@belote/rules';
import { sleep, type TestClient, type TestUpdate } from '../clients.js';
import { sql } from '../pg/databases.js';

export interface Sent {
  seat: Seat;
  version: number;
  action: GameAction;
  /** `ok`, the refusal's code, or NO_ACK (the connection dropped first). */
  outcome: string;
  /** performance.now() when the action was sent. */
  sentAt: number;
  /** performance.now() when the answer came. */
  at: number;
}

const actionKey = (seat: number, a: { type: string; card?: string; suit?: string }) => `${seat}:${a.type}:${a.card ?? a.suit ?? ''}`;

export class Players {
  readonly sent: Sent[] = [];
  private readonly rng: Rng;
  /** Per seat: the client's frame count when its last action lost its ack (it waits for a newer snapshot). */
  private readonly waitSnapshot: (number | null)[] = [null, null, null, null];

  constructor(
    readonly clients: TestClient[],
    seed: string,
    /** Given: when the game ends, the host starts a rematch and play goes on. */
    private readonly host?: TestClient,
  ) {
    this.rng = seededRng(seed);
  }

  /** The times of acknowledged actions, in order. */
  get acked(): Sent[] {
    return this.sent.filter((s) => s.outcome === 'ok');
  }

  /** Play until `stop` says so (checked between actions) or the game ends. */
  async play(stop: () => boolean = () => false, pauseMs = 0): Promise<void> {
    while (!stop()) {
      const turn = this.turn();
      if (turn === 'over') {
        if (!this.host) return;
        await this.host.emit('rematch', {}).catch(() => undefined);
        await this.clients[0]!.next((u) => u.table.status !== 'finished', 30_000).catch(() => undefined);
        continue;
      }
      if (!turn) {
        await sleep(10);
        continue;
      }
      await this.send(turn.seat, turn.update);
      if (pauseMs) await sleep(pauseMs);
    }
  }

  /** The seat whose turn it is in its own latest state (and the newest version any seat knows), or the game's end. */
  private turn(): { seat: Seat; update: TestUpdate } | null | 'over' {
    const states = this.clients.map((c) => (c.frames.length ? c.last : null));
    const newest = Math.max(...states.map((u) => u?.version ?? 0));
    for (const [seat, u] of states.entries()) {
      if (!u || u.version !== newest || !u.view) continue;
      if (u.view.winner !== null) return 'over';
      const d = u.view.deal;
      if (!d || d.phase === 'over' || d.turn !== seat || u.you.seat !== seat) continue;
      const waiting = this.waitSnapshot[seat];
      if (waiting !== null) {
        if (!this.clients[seat]!.frames.slice(waiting).some((f) => f.kind === 'snapshot')) continue;
        this.waitSnapshot[seat] = null;
      }
      return { seat: seat as Seat, update: u };
    }
    return null;
  }

  private choose(u: TestUpdate): GameAction {
    const d = u.view!.deal!;
    if (d.phase === 'bidding') {
      if (this.rng() >= 0.4) return { type: 'pass' };
      if (d.round === 1) return { type: 'take' };
      const suits = (['S', 'H', 'D', 'C'] as const).filter((s) => !d.retourne!.endsWith(s));
      return { type: 'take', suit: suits[Math.floor(this.rng() * suits.length)]! };
    }
    return { type: 'play', card: d.legal[Math.floor(this.rng() * d.legal.length)]! };
  }

  private async send(seat: Seat, u: TestUpdate): Promise<void> {
    const client = this.clients[seat]!;
    const action = this.choose(u);
    const frames = client.frames.length;
    const sentAt = performance.now();
    const outcome = await client.emit('action', { version: u.version, action }).then(
      (a) => (a.ok ? 'ok' : a.error.code),
      () => 'NO_ACK',
    );
    this.sent.push({ seat, version: u.version, action, outcome, sentAt, at: performance.now() });
    if (outcome === 'NO_ACK') this.waitSnapshot[seat] = frames;
    else if (outcome !== 'ok') await sleep(50); // refused: nothing changed; decide again from the next state
    else await client.next((f) => f.version > u.version, 30_000).catch(() => undefined);
  }

  /**
   * Hold the sends against the table's stored log: acknowledged actions not at their version
   * (lost), and refused ones that are (refused but applied) — unless another send of the same
   * action at the same version was acknowledged, or lost its ack before (that send put it
   * there: two sends at one version cannot both land).
   */
  async audit(databaseUrl: string, tableId: string): Promise<{ lost: Sent[]; refusedButApplied: Sent[]; noAck: number }> {
    const r = await sql<{ seq: number; entry: { type: string; action?: { seat: number; type: string; card?: string; suit?: string } } }>(
      databaseUrl,
      'SELECT seq, entry FROM belote_entries WHERE table_id = $1 ORDER BY seq',
      [tableId],
    );
    const at = new Map(r.rows.map((row) => [row.seq, row.entry.type === 'action' && row.entry.action ? actionKey(row.entry.action.seat, row.entry.action) : row.entry.type]));
    const key = (s: Sent) => actionKey(s.seat, s.action);
    const lost = this.sent.filter((s) => s.outcome === 'ok' && at.get(s.version) !== key(s));
    // the same action sent again at that version and acknowledged (or left without an ack) is what put it there
    const same = (a: Sent, b: Sent) => a !== b && a.version === b.version && key(a) === key(b);
    const refusedButApplied = this.sent.filter(
      (s, i) => s.outcome !== 'ok' && s.outcome !== 'NO_ACK' && at.get(s.version) === key(s) && !this.sent.some((e, j) => same(e, s) && (e.outcome === 'ok' || (e.outcome === 'NO_ACK' && j < i))),
    );
    return { lost, refusedButApplied, noAck: this.sent.filter((s) => s.outcome === 'NO_ACK').length };
  }
}
