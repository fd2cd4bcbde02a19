/**
 * A practice table: what the server's table room does for one human and three bots, run on the
 * device (in the practice Web Worker). The player's commands arrive as the protocol's client
 * events and are answered with the protocol's acks; every change goes out as the protocol's
 * frames for seat 0 only (`snapshot`, `step` with the player's own cards in `private` and the
 * clocks it changes in `timers`, `presence` when the player continues from a deal summary), so
 * the web client folds them exactly as it folds a server's (protocol 3).
 * The rules are `@belote/rules` and the bots `@belote/bots` (injected as `decide`), the same
 * packages the server runs. The game is a log (the server's kinds of entries), saved after every
 * change before its frame is sent; a take-back drops the tail of the log from the player's last
 * card and the table is rebuilt by replaying it. Deals are sealed as online (practice/fairness).
 */
import type { Ack, BotLevel, ClientEventName, ClientEventPayload, NextDeal, ProtocolError, ServerFrames, Snapshot, StepEvent, TableEvent, TableSummary, Timers } from '@belote/protocol/client';
import {
  actionOf,
  apply,
  currentDeal,
  dealsCards,
  justCompleted,
  newGame,
  nextDealer,
  ownCardsAfter,
  startDeal,
  viewFor,
  type GameEvent,
  type DealState,
  type GameState,
  type GameView,
  type Move,
  type Rules,
  type Seat,
} from '@belote/rules/core';
import { COMPLETE_WITHIN_MS, DEAL_WITHIN_MS } from '../lib/deal-motion.js';
import { randomToken, sealedDeal } from './fairness.js';
import { ME, type PracticeEntry, type PracticeSettings, type SavedPractice } from './types.js';

/** After a redeal the next deal comes after this pause (as online). */
export const REDEAL_PAUSE_MS = 3000;
/** The longest wait for the player to continue after a scored deal (the server's DEAL_PAUSE_MS default). */
export const DEAL_PAUSE_MS = 20_000;
/**
 * A bot's move is shown this long after its turn began at the earliest, or once decided if that
 * takes longer: the strong bot's p95 budget (≤ 300 ms), so a move appears within it and the
 * player still sees the cards come one by one. (Online, BOT_DELAY_MS — 700 ms by default — comes
 * before the bot starts thinking.)
 */
export const BOT_PACE_MS = 300;

/**
 * A bot's move waits for the table's motion to be seen, then the pace: a deal's first move for the
 * deal (the cards landing, the retourne turning: sooner, it bid on a retourne still face down);
 * classic's first lead for the rest of the deal after the taking (sooner, its card left while
 * the others' cards were still flying in). No pace, no wait: tests.
 */
export function paceAfter(deal: DealState, paceMs: number): number {
  if (paceMs === 0) return 0;
  if (deal.actions.length === 0) return DEAL_WITHIN_MS + paceMs;
  return justCompleted(deal) ? COMPLETE_WITHIN_MS + paceMs : paceMs;
}

export interface Timing {
  botPaceMs: number;
  dealPauseMs: number;
  redealPauseMs: number;
  /** The length of one turn-timer second (tests shorten it, as the server's TURN_SECOND_MS). */
  turnSecondMs: number;
  /** The longest a bot waits for the page to report the table drawn before it thinks (a hidden page draws nothing). */
  drawnWaitMs: number;
}

/**
 * A bot starts thinking once the page reports the change before its turn drawn, at most this
 * long after its turn began: its search then leaves the phone's cores to the page's rendering
 * (the frames of a change, not the worker, were the page's long tasks), and the pace absorbs it.
 */
export const DRAWN_WAIT_MS = 250;

/** A strong bot's time cap after waiting `waitedMs` for the page: what is left of `capMs`, at least a third of it. */
export const thinkMs = (capMs: number, waitedMs: number): number => Math.max(Math.round(capMs / 3), capMs - Math.max(0, waitedMs));

export const DEFAULT_TIMING: Timing = { botPaceMs: BOT_PACE_MS, dealPauseMs: DEAL_PAUSE_MS, redealPauseMs: REDEAL_PAUSE_MS, turnSecondMs: 1000, drawnWaitMs: DRAWN_WAIT_MS };

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TableDeps {
  clock: Clock;
  /** Cryptographic random bytes (crypto.getRandomValues). */
  random(bytes: number): Uint8Array;
  /**
   * A bot's move for the seat whose view this is (`decide` of @belote/bots). `waitedMs`: how long
   * its turn lasted before it started thinking (the page drawing), which comes off a strong bot's
   * time cap (`thinkMs`) so its move is not later for it (for waits up to two thirds of the cap).
   */
  decide(view: GameView, level: BotLevel, seed: number, waitedMs: number): Move;
  /** Keep the table (IndexedDB); the frames of a change go out once it resolves. */
  save(saved: SavedPractice): Promise<void>;
  send<E extends 'snapshot' | 'step' | 'presence'>(event: E, frame: ServerFrames[E]): void;
  /** A bot decided (seat, its thinking time in ms): for measurements. */
  thought?(seat: Seat, ms: number): void;
  timing?: Partial<Timing>;
}

interface Game {
  state: GameState;
  secrets: { salt: string; commitment: string }[];
}

type Replay = { ok: true; games: Game[] } | { ok: false; index: number; error: ProtocolError };

const fail = (code: ProtocolError['code'], message: string): { ok: false; error: ProtocolError } => ({ ok: false, error: { code, message } });

export const botName = (seat: Seat): string => `Bot ${seat + 1}`;

/** Apply one entry to the games; the game events it makes, or the rules' error. */
function reduce(games: Game[], e: PracticeEntry, rules: Rules): { ok: true; games: Game[]; events: GameEvent[] } | { ok: false; error: ProtocolError } {
  const last = games[games.length - 1];
  switch (e.type) {
    case 'gameStart':
      return { ok: true, games: [...games, { state: newGame(rules), secrets: [] }], events: [] };
    case 'dealStart': {
      if (!last) return fail('GAME_NOT_STARTED', 'no game in progress');
      const r = startDeal(last.state, e.dealer, e.deck);
      if (!r.ok) return r;
      return { ok: true, games: [...games.slice(0, -1), { state: r.state, secrets: [...last.secrets, { salt: e.salt, commitment: e.commitment }] }], events: r.events };
    }
    case 'action': {
      if (!last) return fail('GAME_NOT_STARTED', 'the game has not started');
      const r = apply(last.state, e.action);
      if (!r.ok) return r;
      return { ok: true, games: [...games.slice(0, -1), { ...last, state: r.state }], events: r.events };
    }
  }
}

/** The games of a log (a new game's rules come from the settings). */
function replay(settings: PracticeSettings, entries: readonly PracticeEntry[]): Replay {
  let games: Game[] = [];
  for (let i = 0; i < entries.length; i++) {
    const r = reduce(games, entries[i]!, settings.rules);
    if (!r.ok) return { ok: false, index: i, error: r.error };
    games = r.games;
  }
  return { ok: true, games };
}


/** An automatic step: run after `delay` ms (and once the page drew version `drawn`, if set). */
interface Step {
  key: string;
  delay: number;
  timer: boolean;
  drawn?: number;
  run: () => Promise<void>;
}

export class PracticeTable {
  private saved: SavedPractice;
  private games: Game[];
  private seq = 0;
  private readonly timing: Timing;
  /** The pending automatic step (a deal, a bot's move, the turn timer). */
  private step: { key: string; handle: unknown } | null = null;
  private turnDeadline: number | null = null;
  private pause: { version: number; startedAt: number; continued: boolean } | null = null;
  private lastClocks = '';
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The latest version the page reported drawn, and who waits for a later one. */
  private drawnVersion = 0;
  private drawnWaits: { version: number; done: () => void }[] = [];

  private constructor(
    saved: SavedPractice,
    games: Game[],
    private readonly deps: TableDeps,
  ) {
    this.saved = saved;
    this.games = games;
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
  }

  /** A new table with its first game started (saved before it is returned). */
  static async create(settings: PracticeSettings, deps: TableDeps): Promise<PracticeTable> {
    const now = deps.clock.now();
    const saved: SavedPractice = { id: randomToken(deps.random), settings, entries: [{ type: 'gameStart' }], version: 1, createdAt: now, updatedAt: now, finished: false, hints: 0, takeBacks: 0 };
    const t = new PracticeTable(saved, [{ state: newGame(settings.rules), secrets: [] }], deps);
    await deps.save(saved);
    return t;
  }

  /** A table kept on the device, rebuilt from its log; null when the log does not replay. */
  static restore(saved: SavedPractice, deps: TableDeps): PracticeTable | null {
    const r = replay(saved.settings, saved.entries);
    return r.ok ? new PracticeTable(saved, r.games, deps) : null;
  }

  get id(): string {
    return this.saved.id;
  }

  get version(): number {
    return this.saved.version;
  }

  /** A copy of what is kept on the device. */
  get record(): SavedPractice {
    return this.saved;
  }

  /** Start: send the snapshot and plan the first automatic step. */
  open(): void {
    this.replan();
    this.sendSnapshot();
  }

  close(): void {
    this.closed = true;
    this.setStep(null);
  }

  /** The page drew the table at `version` (messages.ts `drawn`). */
  drawn(version: number): void {
    if (version <= this.drawnVersion) return;
    this.drawnVersion = version;
    const ready = this.drawnWaits.filter((w) => w.version <= version);
    this.drawnWaits = this.drawnWaits.filter((w) => w.version > version);
    for (const w of ready) w.done();
  }

  /** Resolves once the page has drawn `version`, or after `ms` at the latest. */
  private whenDrawn(version: number, ms: number): Promise<void> {
    if (version <= this.drawnVersion || ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const w = { version, done: () => (this.deps.clock.clearTimeout(handle), resolve()) };
      const handle = this.deps.clock.setTimeout(() => {
        this.drawnWaits = this.drawnWaits.filter((x) => x !== w);
        resolve();
      }, ms);
      this.drawnWaits.push(w);
    });
  }

  /** One client event, answered with its ack (commands run one at a time, like a room's queue). */
  command<E extends ClientEventName>(event: E, payload: ClientEventPayload<E>): Promise<Ack<Record<string, unknown>>> {
    return this.run(() => this.handle(event, payload));
  }

  /**
   * Take back the player's last card of the deal being played: the log loses that card and
   * everything after it, and the player is to play again (a fresh snapshot).
   */
  takeBack(): Promise<Ack<Record<string, unknown>>> {
    return this.run(async () => {
      const at = this.takeBackPoint();
      if (at === null) return fail('WRONG_PHASE', 'no card of yours to take back in this deal');
      const entries = this.saved.entries.slice(0, at);
      const r = replay(this.saved.settings, entries);
      if (!r.ok) return fail('INTERNAL', 'the game could not be rebuilt');
      this.games = r.games;
      await this.persist({ entries, version: this.saved.version + 1, takeBacks: this.saved.takeBacks + 1 });
      this.pause = null;
      this.setStep(null);
      this.replan();
      this.sendSnapshot();
      return { ok: true };
    });
  }

  /** The player can take a card back now. */
  canTakeBack(): boolean {
    return this.takeBackPoint() !== null;
  }

  /** The player asked for a hint (counted with the game). */
  countHint(): Promise<void> {
    return this.run(() => this.persist({ hints: this.saved.hints + 1 }));
  }

  /** The player's view now (hints are computed from it alone). */
  view(): GameView | null {
    const g = this.current();
    return g ? viewFor(g.state, ME) : null;
  }

  /** Every game with its deals' seals, for the record. */
  gamesForRecord(): readonly Game[] {
    return this.games;
  }

  // ── commands ──

  private async handle<E extends ClientEventName>(event: E, payload: ClientEventPayload<E>): Promise<Ack<Record<string, unknown>>> {
    switch (event) {
      case 'sync':
        return { ok: true, snapshot: this.snapshot() };
      case 'action': {
        const p = payload as ClientEventPayload<'action'>;
        if (p.version !== this.saved.version) return fail('STALE_VERSION', `version ${p.version} is not the current version ${this.saved.version}`);
        const err = await this.commit([{ type: 'action', action: actionOf(p.action, ME), by: 'player' }]);
        return err ? { ok: false, error: err } : { ok: true, version: this.saved.version };
      }
      case 'ready': {
        const status = this.status();
        if (status === 'finished') return fail('GAME_OVER', 'the game is over');
        const p = this.currentPause();
        if (!p)
          return currentDeal(this.current()!.state)?.result?.outcome === 'redeal'
            ? fail('WRONG_PHASE', 'a redeal has no summary to continue from: the next deal starts by itself')
            : fail('WRONG_PHASE', 'no deal summary to continue from: the deal is not over');
        p.continued = true;
        this.replan();
        this.presenceIfChanged();
        return { ok: true };
      }
      // after a game, `start` is the same as `rematch` (PROTOCOL.md §8.1): the same seats play on
      case 'start':
      case 'rematch': {
        if (this.status() !== 'finished') return fail('GAME_IN_PROGRESS', 'a game is in progress: start the next one once it is over');
        const err = await this.commit([{ type: 'gameStart' }]);
        return err ? { ok: false, error: err } : { ok: true };
      }
      // the seats (you and three bots) and the settings are chosen when the practice game is created
      case 'sit':
      case 'stand':
      case 'addBot':
      case 'removeBot':
      case 'unseat':
      case 'settings':
        return fail('GAME_IN_PROGRESS', 'a practice table keeps its seats and settings: start a new practice game to change them');
      case 'chatHistory':
        return { ok: true, entries: [], chat: this.chatState() };
      case 'chat':
      case 'react':
        return fail('CHAT_OFF', 'nobody to chat with at a practice table');
      case 'chatMute':
      case 'spectatorChat':
        return fail('NOT_HOST', 'there is no chat at a practice table');
      default:
        return fail('BAD_REQUEST', `unknown event ${String(event)}`);
    }
  }

  /** Reduce entries (all or nothing), save, then send one step frame and re-plan. */
  private async commit(entries: PracticeEntry[]): Promise<ProtocolError | null> {
    let games = this.games;
    const events: StepEvent[] = [];
    const gameEvents: GameEvent[] = [];
    for (const e of entries) {
      const r = reduce(games, e, this.saved.settings.rules);
      if (!r.ok) return r.error;
      games = r.games;
      const tableEvent = this.tableEventOf(e, games);
      if (tableEvent) events.push(tableEvent);
      events.push(...r.events);
      gameEvents.push(...r.events);
    }
    const finished = (games[games.length - 1]?.state.winner ?? null) !== null;
    await this.persist({ entries: [...this.saved.entries, ...entries], version: this.saved.version + 1, finished });
    this.games = games;
    if (this.closed) return null;
    this.replan();
    // the clocks this step changes come with it (a new turn's, the pause's), not in a presence frame
    const clocks = this.clocksKey();
    const frame: ServerFrames['step'] = { seq: ++this.seq, version: this.saved.version, events, ...(clocks === this.lastClocks ? {} : { timers: this.timers() }) };
    this.lastClocks = clocks;
    const own = dealsCards(gameEvents) ? ownCardsAfter(games[games.length - 1]!.state, ME, gameEvents) : null;
    this.deps.send('step', own ? { ...frame, private: own } : frame);
    return null;
  }

  private tableEventOf(e: PracticeEntry, games: Game[]): TableEvent | null {
    if (e.type === 'gameStart') return { type: 'gameStarted', game: games.length - 1 };
    if (e.type === 'dealStart') return { type: 'dealCommitted', deal: games[games.length - 1]!.state.deals.length - 1, hash: e.commitment };
    return null;
  }

  private async persist(patch: Partial<SavedPractice>): Promise<void> {
    this.saved = { ...this.saved, ...patch, updatedAt: this.deps.clock.now() };
    await this.deps.save(this.saved);
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => {});
    return next;
  }

  // ── automatic steps ──

  /** Plan the next automatic step after any change (at most one pending). */
  private replan(): void {
    if (this.closed) return;
    const next = this.nextStep();
    if (next?.key !== this.step?.key) this.setStep(next);
  }

  /** A snapshot replaces everything the client holds: the clocks it shows are current. */
  private sendSnapshot(): void {
    this.lastClocks = this.clocksKey();
    this.deps.send('snapshot', this.snapshot());
  }

  private setStep(next: Step | null): void {
    if (this.step) this.deps.clock.clearTimeout(this.step.handle);
    this.step = null;
    this.turnDeadline = null;
    if (!next) return;
    const key = next.key;
    const handle = this.deps.clock.setTimeout(() => {
      const go = (): void =>
        void this.run(async () => {
          if (this.step?.key !== key || this.closed) return;
          this.step = null;
          this.turnDeadline = null;
          await next.run();
        });
      // outside the queue: the player's commands are answered meanwhile
      if (next.drawn !== undefined) void this.whenDrawn(next.drawn, this.timing.drawnWaitMs).then(go);
      else go();
    }, next.delay);
    this.step = { key, handle };
    if (next.timer) this.turnDeadline = this.deps.clock.now() + next.delay;
  }

  private nextStep(): Step | null {
    const v = this.saved.version;
    if (this.status() !== 'playing') return null;
    const g = this.current()!;
    const deal = currentDeal(g.state);
    if (!deal) return { key: `deal:${v}`, delay: 0, timer: false, run: () => this.startDeal() };
    if (deal.phase === 'over') {
      const pause = this.currentPause();
      if (!pause) return { key: `deal:${v}`, delay: this.timing.redealPauseMs, timer: false, run: () => this.startDeal() };
      const until = pause.continued ? pause.startedAt : pause.startedAt + this.timing.dealPauseMs;
      return { key: `deal:${v}:${pause.continued}`, delay: Math.max(0, until - this.deps.clock.now()), timer: false, run: () => this.startDeal() };
    }
    const seat = deal.turn as Seat;
    if (seat !== ME) {
      const level = seat === 2 ? this.saved.settings.partner : this.saved.settings.opponents;
      const began = this.deps.clock.now();
      const pace = paceAfter(deal, this.timing.botPaceMs);
      return { key: `bot:${v}`, delay: 0, timer: false, drawn: v, run: () => this.botMove(seat, level, began, pace) };
    }
    const timer = this.saved.settings.turnTimerSeconds;
    if (timer !== null) return { key: `timer:${v}`, delay: timer * this.timing.turnSecondMs, timer: true, run: () => this.botMove(ME, this.saved.settings.partner, null) };
    return null;
  }

  private async startDeal(): Promise<void> {
    const g = this.current()!;
    const dealer = nextDealer(g.state) ?? ((this.deps.random(1)[0]! & 3) as Seat);
    await this.commit([{ type: 'dealStart', dealer, ...sealedDeal(this.deps.random) }]);
  }

  /**
   * A bot's move for `seat`, decided from that seat's view only, shown no sooner than `pace`
   * after its turn `began` (waiting for the page and thinking count towards it). `began: null`
   * for a turn that ran out (shown at once).
   */
  private async botMove(seat: Seat, level: BotLevel, began: number | null, pace = this.timing.botPaceMs): Promise<void> {
    const start = this.deps.clock.now();
    const view = viewFor(this.current()!.state, seat);
    const seed = new Uint32Array(this.deps.random(4).buffer)[0]!;
    let move: Move;
    try {
      move = this.deps.decide(view, level, seed, began === null ? 0 : start - began);
    } catch {
      move = fallback(view);
    }
    const now = this.deps.clock.now();
    this.deps.thought?.(seat, now - start);
    const wait = began === null ? 0 : pace - (now - began);
    if (wait > 0) await new Promise<void>((r) => this.deps.clock.setTimeout(r, wait));
    if (this.closed) return;
    const err = await this.commit([{ type: 'action', action: actionOf(move, seat), by: 'bot' }]);
    if (err) await this.commit([{ type: 'action', action: actionOf(fallback(view), seat), by: 'bot' }]);
  }

  // ── state ──

  private current(): Game | null {
    return this.games[this.games.length - 1] ?? null;
  }

  private status(): TableSummary['status'] {
    const g = this.current();
    if (!g) return 'lobby';
    return g.state.winner === null ? 'playing' : 'finished';
  }

  /** The pause after a scored deal while the game goes on (keyed by the version the deal ended at). */
  private currentPause(): { version: number; startedAt: number; continued: boolean } | null {
    if (this.status() !== 'playing') return null;
    const deal = currentDeal(this.current()!.state);
    if (!deal || deal.phase !== 'over' || deal.result?.outcome === 'redeal') return null;
    if (this.pause?.version !== this.saved.version) this.pause = { version: this.saved.version, startedAt: this.deps.clock.now(), continued: false };
    return this.pause;
  }

  /** The log index of the player's last card in the deal being played, or null. */
  private takeBackPoint(): number | null {
    if (this.status() !== 'playing') return null;
    const deal = currentDeal(this.current()!.state);
    if (!deal || deal.phase !== 'play') return null;
    const entries = this.saved.entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!;
      if (e.type !== 'action') return null;
      if (e.action.type === 'play' && e.action.seat === ME) return i;
    }
    return null;
  }

  private timers(): Timers {
    const now = this.deps.clock.now();
    const p = this.currentPause();
    const left = (at: number): number => Math.max(0, Math.round(at - now));
    const nextDeal: NextDeal | null = p && { msLeft: left(p.startedAt + this.timing.dealPauseMs), ready: [p.continued, true, true, true] };
    return { turnMsLeft: this.turnDeadline === null ? null : left(this.turnDeadline), nextDeal };
  }

  /** What the clocks are: each turn's clock is new (its version), even when the same deadline comes round. */
  private clocksKey(): string {
    const p = this.currentPause();
    return `${this.turnDeadline === null ? '' : `${this.saved.version}@${this.turnDeadline}`}|${p ? `${p.version}:${p.continued}` : ''}`;
  }

  /** A presence frame when the clocks changed without a step (the player continued from a deal summary). */
  private presenceIfChanged(): void {
    const key = this.clocksKey();
    if (key === this.lastClocks) return;
    this.lastClocks = key;
    this.deps.send('presence', { seq: ++this.seq, seats: [0, 1, 2, 3].map(() => ({ connected: true, botPlaying: false })) as ServerFrames['presence']['seats'], spectators: 0, ...this.timers() });
  }

  private chatState(): Snapshot['chat'] {
    return { last: 0, spectatorChat: false, mutedSeats: [], mutedSpectators: [], tag: null };
  }

  private summary(): TableSummary {
    const s = this.saved.settings;
    const g = this.current();
    const dealIndex = g ? g.state.deals.length - 1 : -1;
    const secret = g && dealIndex >= 0 ? g.secrets[dealIndex] : undefined;
    return {
      id: this.saved.id,
      rules: { ...s.rules },
      options: { turnTimerSeconds: s.turnTimerSeconds, fillWithBots: false, botLevel: s.opponents },
      status: this.status(),
      seats: ([0, 1, 2, 3] as Seat[]).map((seat) => ({
        seat,
        name: seat === ME ? s.name : botName(seat),
        connected: true,
        bot: seat === ME ? null : seat === 2 ? s.partner : s.opponents,
        botPlaying: false,
      })) as TableSummary['seats'],
      spectators: 0,
      games: this.games.length,
      commitment: secret ? { deal: dealIndex, hash: secret.commitment } : null,
      createdAt: this.saved.createdAt,
    };
  }

  snapshot(): Snapshot {
    const g = this.current();
    return {
      seq: this.seq,
      version: this.saved.version,
      table: this.summary(),
      you: { role: 'player', seat: ME, isHost: true },
      view: g ? viewFor(g.state, ME) : null,
      timers: this.timers(),
      chat: this.chatState(),
    };
  }
}

/** Always legal: pass while bidding, else the first legal card. */
function fallback(view: GameView): Move {
  const deal = view.deal!;
  return deal.phase === 'bidding' ? { type: 'pass' } : { type: 'play', card: deal.legal[0]! };
}
