/**
 * The table's automatic steps and their timers: the next deal (after a redeal's short pause, or
 * once every player has continued from the deal summary or its countdown ran out), bot moves
 * (bot seats, bots playing for absent players, expired turn timers) and the reconnection grace
 * before a bot takes over. `replan()` is called by the room after every change (one place:
 * `TableRoom.afterChange`); it keeps at most one step timer per table, keyed by the state
 * version so unrelated changes (connections) never reset it; a table with nobody connected
 * pauses. A step that fires commits through the room's single commit path.
 * `strong` bots think in a worker thread (bots/pool.ts) outside the table's queue: the result
 * is applied only if the table still expects that very step, else it is dropped and re-planned.
 * The cheap levels (microseconds) decide inline.
 */
import { decide, type SearchBudget } from '@belote/bots';
import { ActionSchemas, type BotLevel, type NextDeal, type ProtocolError } from '@belote/protocol';
import type { Clocks } from './presence.js';
import { actionOf, currentDeal, justCompleted, nextDealer, seededRng, viewFor, type Action, type GameView, type Move, type Rng, type Seat, SEATS, variantOf } from '@belote/rules';
import type { Logger } from 'pino';
import type { BotRunner } from '../bots/pool.js';
import { acquireBotPool, type PoolLease } from '../bots/shared.js';
import type { Config } from '../config.js';
import type { LogEntry } from '../store/types.js';
import { newDealSecrets, newSecret, randomSeat } from './secrets.js';
import { currentGame, statusOf, type TableState } from './table-state.js';

/** After a redeal (no summary to read) the next deal comes after this pause, at most DEAL_PAUSE_MS. */
export const REDEAL_PAUSE_MS = 3000;
/** When no connected human has to continue (bots, or absent players), watchers still see the result this long. */
export const UNATTENDED_PAUSE_MS = 3000;
/**
 * A bot's first move of a deal waits this many times BOT_DELAY_MS (1.54 s by default): the web
 * client shows a deal — the cards landing, the retourne turning — in 1.2 s, and a bot that spoke
 * sooner bid on a retourne still face down (or took it before it had turned). Proportional, so a
 * test's short delay stays short.
 */
export const DEAL_FIRST_MOVE_PACES = 2.2;
/**
 * Classic's first lead, a bot's, waits this many times BOT_DELAY_MS (1.19 s by default): after
 * the taking the rest of the deal lands within 850 ms on the web client, and a lead at
 * BOT_DELAY_MS left while those cards were still flying in. (Both factors cover the motion from a
 * BOT_DELAY_MS of about 550 ms, the first move's, and 500 ms, the lead's: tests run faster.)
 */
export const FIRST_LEAD_PACES = 1.7;
/** An automatic step that could not be saved (the database unreachable) is tried again after this long. */
export const RETRY_MS = 1000;

/** What the automatic steps need from their room. */
export interface AutoStepsHost {
  state(): TableState;
  /** At least one socket is connected (players or spectators). */
  hasAudience(): boolean;
  seatConnected(seat: Seat): boolean;
  /** Changes whenever a socket joins, leaves or changes seat. */
  attendance(): number;
  /** Queue a task on the room's serial queue. */
  run(task: () => Promise<void> | void): void;
  /** Validate, persist and broadcast entries (the room's single commit path). */
  commit(entries: LogEntry[]): Promise<ProtocolError | null>;
  /** Something clients see changed without a state change (a takeover, a clock): send presence. */
  presenceChanged(): void;
}

interface Step {
  key: string;
  delay: number;
  /** Set when this step is a human's turn timer (published as the turn clock). */
  timer: boolean;
  run: () => Promise<void>;
}

/** Between a scored deal and the next one (keyed by the version at which the deal ended). */
interface Pause {
  version: number;
  startedAt: number;
  /** Per seat: the player sent `ready`. */
  continued: boolean[];
}

export class AutoSteps {
  /** Per seat: a bot plays for the absent human. */
  readonly takeover: boolean[] = [false, false, false, false];
  private turnDeadline: number | null = null;
  /** Turns whose clock started so far: a new turn is a new clock even at the same deadline (PROTOCOL.md §5.4). */
  private turns = 0;
  private pending: { key: string; handle: NodeJS.Timeout } | null = null;
  private readonly grace: (NodeJS.Timeout | null)[] = [null, null, null, null];
  private readonly rng: Rng = seededRng(newSecret());
  private disposed = false;
  /** The key of the step a worker is deciding (no timer is set for it meanwhile). */
  private thinking: string | null = null;
  private readonly lease: PoolLease | null;
  private readonly runner: BotRunner | null;
  private pause: Pause | null = null;
  private lastClocks = '';
  /** What the grace timers were last planned from (they depend on nothing else). */
  private graceFrom: { seats: TableState['seats']; playing: boolean; attendance: number } | null = null;

  /** `strong` decisions run in the shared worker pool, or inline with BOT_WORKERS=0. */
  constructor(
    private readonly host: AutoStepsHost,
    private readonly config: Config,
    private readonly log: Logger,
  ) {
    this.lease = config.botWorkers === 0 ? null : acquireBotPool(config.botWorkers, log);
    this.runner = this.lease?.runner ?? null;
  }

  /**
   * Plan the next automatic step and the grace timers after any change; call inside the room's
   * queue. True when the clocks clients see (turn timer, countdown to the next deal, readiness)
   * changed, so presence must be sent.
   */
  replan(): boolean {
    if (this.disposed) return false;
    this.updateGrace();
    const step = this.nextStep();
    if (!(step && (step.key === this.pending?.key || step.key === this.thinking))) this.setStep(step);
    const key = this.clocksKey();
    const changed = key !== this.lastClocks;
    this.lastClocks = key;
    return changed;
  }

  /** The automatic step waiting on its timer or being decided, or null when nothing will happen by itself (tests). */
  get planned(): string | null {
    return this.pending?.key ?? this.thinking;
  }

  private setStep(step: Step | null): void {
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
        const version = this.host.state().version;
        await step.run();
        // nothing was saved (a failed write): nothing will re-plan, so try again later
        if (!this.disposed && this.host.state().version === version && this.pending === null && this.thinking === null) this.retryLater();
      });
    }, step.delay);
    handle.unref?.();
    this.pending = { key, handle };
    if (step.timer) {
      this.turnDeadline = Date.now() + step.delay;
      this.turns += 1;
    }
  }

  private retryLater(): void {
    const handle = setTimeout(() => this.host.run(() => void (this.replan() && this.host.presenceChanged())), RETRY_MS);
    handle.unref?.();
  }

  /** What the clocks show, as a string (empty in the common case: no timer, no pause). */
  private clocksKey(): string {
    const p = this.currentPause();
    if (this.turnDeadline === null && !p) return '';
    return `${this.turns}:${this.turnDeadline}|${p ? `${p.version}:${this.readySeats(p).join()}` : ''}`;
  }

  /**
   * A player continues from the deal summary. Null when taken (the next deal may start at
   * once: the room re-plans), else why not.
   */
  continueFrom(seat: Seat): ProtocolError | null {
    const status = statusOf(this.host.state());
    if (status === 'lobby') return { code: 'GAME_NOT_STARTED', message: 'the game has not started' };
    if (status === 'finished') return { code: 'GAME_OVER', message: 'the game is over' };
    const p = this.currentPause();
    if (!p)
      return currentDeal(currentGame(this.host.state())!.state)?.phase === 'over'
        ? { code: 'WRONG_PHASE', message: 'a redeal has no summary to continue from: the next deal starts by itself' }
        : { code: 'WRONG_PHASE', message: 'no deal summary to continue from: the deal is not over' };
    p.continued[seat] = true;
    return null;
  }

  /** The turn timer, and the countdown to the next deal with who is ready while the table waits between deals. */
  clocks(): Clocks {
    const p = this.currentPause();
    return {
      turnDeadline: this.turnDeadline,
      turn: this.turns,
      nextDeal: p && { deadline: this.pauseEnd(p), ready: this.readySeats(p) as NextDeal['ready'] },
    };
  }

  /**
   * When the next deal starts: at once when every seat is ready and a player pressed ready, after
   * min(3 s, dealPauseMs) when every seat was ready without anyone pressing it, else after dealPauseMs.
   */
  private pauseEnd(p: Pause): number {
    const all = this.readySeats(p).every(Boolean);
    const attended = p.continued.some(Boolean);
    return p.startedAt + (all ? (attended ? 0 : Math.min(UNATTENDED_PAUSE_MS, this.config.dealPauseMs)) : this.config.dealPauseMs);
  }

  /** The pause after the current game's last deal, if it was scored and the game goes on. */
  private currentPause(): Pause | null {
    const t = this.host.state();
    if (statusOf(t) !== 'playing') return null;
    const deal = currentDeal(currentGame(t)!.state);
    if (!deal || deal.phase !== 'over' || deal.result?.outcome === 'redeal') return null;
    if (this.pause?.version !== t.version) this.pause = { version: t.version, startedAt: Date.now(), continued: [false, false, false, false] };
    return this.pause;
  }

  /** Bots (and bots playing for absent players) are ready at once; so is a seat nobody holds now. */
  private readySeats(p: Pause): boolean[] {
    const t = this.host.state();
    return SEATS.map((s) => p.continued[s] === true || t.seats[s]?.bot != null || this.takeover[s] === true || !this.host.seatConnected(s));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.lease?.release();
    if (this.pending) clearTimeout(this.pending.handle);
    for (const g of this.grace) if (g) clearTimeout(g);
  }

  private nextStep(): Step | null {
    const t = this.host.state();
    if (!this.host.hasAudience() || statusOf(t) !== 'playing') return null;
    const game = currentGame(t)!.state;
    const deal = currentDeal(game);
    if (!deal) return { key: `deal:${t.version}`, delay: 0, timer: false, run: () => this.startDeal() };
    if (deal.phase === 'over') {
      const pause = this.currentPause();
      if (!pause) return { key: `deal:${t.version}`, delay: Math.min(REDEAL_PAUSE_MS, this.config.dealPauseMs), timer: false, run: () => this.startDeal() };
      const all = this.readySeats(pause).every(Boolean);
      return { key: `deal:${t.version}:${all}`, delay: Math.max(0, this.pauseEnd(pause) - Date.now()), timer: false, run: () => this.startDeal() };
    }
    const seat = deal.turn as Seat;
    const holder = t.seats[seat]!;
    const options = t.settings.options;
    if (holder.bot !== null || this.takeover[seat]) {
      const paces = deal.actions.length === 0 ? DEAL_FIRST_MOVE_PACES : justCompleted(deal) ? FIRST_LEAD_PACES : 1;
      const delay = Math.round(this.config.botDelayMs * paces);
      return { key: `bot:${t.version}`, delay, timer: false, run: () => this.botMove(`bot:${t.version}`, seat, holder.bot ?? options.botLevel) };
    }
    if (options.turnTimerSeconds !== null)
      return {
        key: `timer:${t.version}`,
        delay: options.turnTimerSeconds * this.config.turnSecondMs,
        timer: true,
        run: () => this.botMove(`timer:${t.version}`, seat, options.botLevel),
      };
    return null;
  }

  private updateGrace(): void {
    const t = this.host.state();
    const playing = statusOf(t) === 'playing';
    // most changes are moves: no seat, connection or game status changed, nothing to re-plan
    const attendance = this.host.attendance();
    const from = this.graceFrom;
    if (from !== null && from.seats === t.seats && from.playing === playing && from.attendance === attendance) return;
    this.graceFrom = { seats: t.seats, playing, attendance };
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
            this.replan();
            this.host.presenceChanged(); // botPlaying, and perhaps the clocks
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

  /** One bot move for `seat` (step `key`), decided from that seat's view only. */
  private async botMove(key: string, seat: Seat, level: BotLevel): Promise<void> {
    const view = viewFor(currentGame(this.host.state())!.state, seat);
    if (level === 'strong' && this.runner) return this.think(key, seat, view, this.runner);
    let action: Action;
    try {
      action = this.actionOf(seat, decide(view, { level, rng: this.rng, ...this.budget() }));
    } catch (e) {
      this.log.error({ table: this.host.state().settings.id, seat, err: e }, 'bot failed to decide');
      action = this.fallback(seat);
    }
    await this.play(seat, action);
  }

  /**
   * Ask the worker pool and return at once (the table's queue stays free). The answer is queued
   * back and applied only if the table still expects this step; otherwise it is stale: dropped,
   * and the autoplay re-plans from the current state.
   */
  private think(key: string, seat: Seat, view: GameView, runner: BotRunner): void {
    this.thinking = key;
    const table = this.host.state().settings.id;
    const seed = Math.floor(this.rng() * 2 ** 32);
    const landed = (decided: Move | null, err?: unknown) =>
      this.host.run(async () => {
        if (this.thinking === key) this.thinking = null;
        if (this.disposed) return;
        if (this.nextStep()?.key !== key) {
          this.log.debug({ table, seat, key }, 'stale bot decision dropped');
          if (this.replan()) this.host.presenceChanged();
          return;
        }
        let action: Action;
        try {
          if (!decided) throw err;
          action = this.actionOf(seat, decided);
        } catch (e) {
          this.log.error({ table, seat, err: e }, 'bot failed to decide');
          action = this.fallback(seat);
        }
        await this.play(seat, action);
      });
    runner.decide(view, 'strong', seed, this.config.botStrongBudget).then(
      (a) => landed(a),
      (e: unknown) => landed(null, e),
    );
  }

  private budget(): { budget?: Partial<SearchBudget> } {
    return this.config.botStrongBudget ? { budget: this.config.botStrongBudget } : {};
  }

  /** A bot's move for `seat`, checked against the table's wire schema like a player's (a bot bug is then a clear error). */
  private actionOf(seat: Seat, decided: Move): Action {
    return actionOf(ActionSchemas[variantOf(this.host.state().settings.rules)].parse(decided), seat);
  }

  /**
   * Commit a bot's action; if the rules refuse it (a bug), play the always-legal fallback
   * instead. A failed write or a conflict is not the bot's fault: the table re-plans.
   */
  private async play(seat: Seat, action: Action): Promise<void> {
    let err = await this.host.commit([{ type: 'action', action, by: 'bot' }]);
    if (err && (err.code === 'INTERNAL' || err.code === 'WRITE_CONFLICT')) this.log.warn({ table: this.host.state().settings.id, seat, err }, 'bot action not saved');
    else if (err) {
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
