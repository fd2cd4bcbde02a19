/**
 * What happens at a table without anyone clicking: the next deal after a pause, bot moves
 * (bot seats, bots playing for absent players, expired turn timers) and the reconnection
 * grace before a bot takes over. At most one step timer per table, keyed by the state version
 * so unrelated updates (connections) never reset it; a table with nobody connected pauses.
 */
import { decide } from '@belote/bots';
import { GameActionSchema, type BotLevel, type ProtocolError } from '@belote/protocol';
import { currentDeal, nextDealer, seededRng, viewFor, type Action, type Rng, type Seat, SEATS } from '@belote/rules';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { LogEntry } from '../store/types.js';
import { newDealSecrets, newSecret, randomSeat } from './secrets.js';
import { currentGame, statusOf, type TableState } from './table-state.js';

/** What the autoplay needs from its room. */
export interface AutoplayHost {
  state(): TableState;
  /** At least one socket is connected (players or spectators). */
  hasAudience(): boolean;
  seatConnected(seat: Seat): boolean;
  /** Queue a task on the room's serial queue. */
  run(task: () => Promise<void> | void): void;
  /** Validate, persist and broadcast entries (the room's single commit path). */
  commit(entries: LogEntry[]): Promise<ProtocolError | null>;
  /** Presence changed (a takeover started): broadcast without a state change. */
  presenceChanged(): void;
}

interface Step {
  key: string;
  delay: number;
  /** Set when this step is a human's turn timer (published as turnDeadline). */
  timer: boolean;
  run: () => Promise<void>;
}

export class Autoplay {
  /** Per seat: a bot plays for the absent human. */
  readonly takeover: boolean[] = [false, false, false, false];
  turnDeadline: number | null = null;
  private pending: { key: string; handle: NodeJS.Timeout } | null = null;
  private readonly grace: (NodeJS.Timeout | null)[] = [null, null, null, null];
  private readonly rng: Rng = seededRng(newSecret());
  private disposed = false;

  constructor(
    private readonly host: AutoplayHost,
    private readonly config: Config,
    private readonly log: Logger,
  ) {}

  /** Recompute timers after any change; call inside the room's queue. */
  schedule(): void {
    if (this.disposed) return;
    this.updateGrace();
    const step = this.nextStep();
    if (step && step.key === this.pending?.key) return;
    if (this.pending) clearTimeout(this.pending.handle);
    this.pending = null;
    this.turnDeadline = null;
    if (!step) return;
    const key = step.key;
    const handle = setTimeout(() => {
      this.host.run(async () => {
        if (this.pending?.key !== key) return;
        this.pending = null;
        this.turnDeadline = null;
        await step.run();
      });
    }, step.delay);
    handle.unref?.();
    this.pending = { key, handle };
    if (step.timer) this.turnDeadline = Date.now() + step.delay;
  }

  dispose(): void {
    this.disposed = true;
    if (this.pending) clearTimeout(this.pending.handle);
    for (const g of this.grace) if (g) clearTimeout(g);
  }

  private nextStep(): Step | null {
    const t = this.host.state();
    if (!this.host.hasAudience() || statusOf(t) !== 'playing') return null;
    const game = currentGame(t)!.state;
    const deal = currentDeal(game);
    if (!deal || deal.phase === 'over')
      return { key: `deal:${t.version}`, delay: deal ? this.config.dealPauseMs : 0, timer: false, run: () => this.startDeal() };
    const seat = deal.turn as Seat;
    const holder = t.seats[seat]!;
    const options = t.settings.options;
    if (holder.bot !== null || this.takeover[seat])
      return { key: `bot:${t.version}`, delay: this.config.botDelayMs, timer: false, run: () => this.botMove(seat, holder.bot ?? options.botLevel) };
    if (options.turnTimerSeconds !== null)
      return {
        key: `timer:${t.version}`,
        delay: options.turnTimerSeconds * this.config.turnSecondMs,
        timer: true,
        run: () => this.botMove(seat, options.botLevel),
      };
    return null;
  }

  private updateGrace(): void {
    const t = this.host.state();
    const playing = statusOf(t) === 'playing';
    for (const seat of SEATS) {
      const human = t.seats[seat] !== null && t.seats[seat]!.bot === null;
      if (!human || !playing || this.host.seatConnected(seat)) {
        if (this.grace[seat]) clearTimeout(this.grace[seat]!);
        this.grace[seat] = null;
        this.takeover[seat] = false;
      } else if (!this.takeover[seat] && !this.grace[seat]) {
        const handle = setTimeout(() => {
          this.host.run(() => {
            this.grace[seat] = null;
            if (this.disposed || this.host.seatConnected(seat) || statusOf(this.host.state()) !== 'playing') return;
            this.takeover[seat] = true;
            this.log.info({ table: t.settings.id, seat }, 'bot takes over an absent player');
            this.host.presenceChanged();
          });
        }, this.config.graceMs);
        handle.unref?.();
        this.grace[seat] = handle;
      }
    }
  }

  private async startDeal(): Promise<void> {
    const game = currentGame(this.host.state())!.state;
    const dealer = nextDealer(game) ?? randomSeat();
    const err = await this.host.commit([{ type: 'dealStart', dealer, ...newDealSecrets() }]);
    if (err) this.log.error({ table: this.host.state().settings.id, err }, 'could not start a deal');
  }

  /** One bot move for `seat`, decided from that seat's view only. */
  private async botMove(seat: Seat, level: BotLevel): Promise<void> {
    const game = currentGame(this.host.state())!.state;
    let action: Action;
    try {
      const decided = GameActionSchema.parse(decide(viewFor(game, seat), { level, rng: this.rng }));
      action = { ...decided, seat } as Action;
    } catch (e) {
      this.log.error({ table: this.host.state().settings.id, seat, err: e }, 'bot failed to decide');
      action = this.fallback(seat);
    }
    let err = await this.host.commit([{ type: 'action', action, by: 'bot' }]);
    if (err) {
      this.log.error({ table: this.host.state().settings.id, seat, action, err }, 'bot action refused; playing a fallback');
      err = await this.host.commit([{ type: 'action', action: this.fallback(seat), by: 'bot' }]);
      if (err) this.log.error({ table: this.host.state().settings.id, seat, err }, 'fallback refused');
    }
  }

  /** Always legal: pass while bidding, else the first legal card. */
  private fallback(seat: Seat): Action {
    const view = viewFor(currentGame(this.host.state())!.state, seat);
    const deal = view.deal!;
    return deal.phase === 'bidding' ? { type: 'pass', seat } : { type: 'play', seat, card: deal.legal[0]! };
  }
}
