/**
 * Client commands → log entries. `planCommand` checks who may do what (a seat, the host) and
 * what the command means (start and rematch the next game, settings the rules and options of
 * the next one, removeBot removes a bot, unseat frees an absent player's seat), and turns a
 * validated payload into the entries to
 * append (none: nothing to change). Whether the table allows them — seats only between games,
 * a free seat, the rules of the game — is checked once, when the room reduces those entries
 * (table-state.ts). Pure: no I/O, no clock.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Ack, ChatEventName, ClientEventName, ClientEventPayload, ProtocolError } from '@belote/protocol';
import { UNSEAT_AFTER_MS } from '@belote/protocol';
import { actionOf, assertNever, SEATS, type Seat } from '@belote/rules';
import type { LogEntry } from '../store/types.js';
import { hashMatches, newSecret, sha256Hex } from './secrets.js';
import { statusOf, type TableState } from './table-state.js';

/** A command that may change the table: the event name with its parsed payload (`sync`, `ready` and the chat are the room's). */
export type CommandName = Exclude<ClientEventName, 'sync' | 'ready' | ChatEventName>;
export type Command = { [E in CommandName]: { name: E; payload: ClientEventPayload<E> } }[CommandName];

/** Who sends it. */
export interface Actor {
  seat: Seat | null;
  isHost: boolean;
}

/** Per seat: how long no socket has held it, in ms, or null while one does (the room's attendance; the log does not know it). */
export type AwayFor = (seat: Seat) => number | null;

export interface Plan {
  entries: LogEntry[];
  /** Extra fields of the success ack (sit: seat and token; action: version). */
  reply: Record<string, unknown>;
  /** The sender's new seat binding after a sit or stand. */
  bind?: { seat: Seat; tokenHash: string } | { seat: null; tokenHash: null };
}

export type PlanResult = { ok: true; plan: Plan } | { ok: false; error: ProtocolError };

const no = (code: ProtocolError['code'], message: string): PlanResult => ({ ok: false, error: { code, message } });
const yes = (entries: LogEntry[], extra: Partial<Plan> = {}): PlanResult => ({ ok: true, plan: { entries, reply: {}, ...extra } });

export const botName = (seat: Seat): string => `Bot ${seat + 1}`;

export function planCommand(t: TableState, actor: Actor, cmd: Command, awayFor: AwayFor): PlanResult {
  switch (cmd.name) {
    case 'sit': {
      const { seat, name } = cmd.payload;
      const token = cmd.payload.token ?? newSecret(); // the client's own, when it chose one
      const tokenHash = sha256Hex(token);
      // A chosen token must not be another seat's: the handshake would take it back to the first
      // seat holding it, and the two seats would share its budgets. (The sender's own seat may keep
      // it; the seat asked for, if it holds it, is taken: a sit retried after a lost ack gets SEAT_TAKEN.)
      if (cmd.payload.token !== undefined && SEATS.some((s) => s !== actor.seat && s !== seat && hashMatches(tokenHash, t.seats[s]?.tokenHash ?? null)))
        return no('BAD_REQUEST', 'sit.token: this token already holds another seat at this table: draw a new one');
      const entries: LogEntry[] = actor.seat !== null ? [{ type: 'unseat', seat: actor.seat }] : [];
      entries.push({ type: 'seat', seat, name, tokenHash, bot: null });
      return yes(entries, { reply: { seat, token }, bind: { seat, tokenHash } });
    }
    case 'stand': {
      if (actor.seat === null) return no('NOT_SEATED', 'you hold no seat');
      return yes([{ type: 'unseat', seat: actor.seat }], { bind: { seat: null, tokenHash: null } });
    }
    case 'addBot': {
      if (!actor.isHost) return no('NOT_HOST', 'only the host may add a bot');
      const { seat, level } = cmd.payload;
      return yes([{ type: 'seat', seat, name: botName(seat), tokenHash: null, bot: level ?? t.settings.options.botLevel }]);
    }
    case 'removeBot': {
      if (!actor.isHost) return no('NOT_HOST', 'only the host may remove a bot');
      const { seat } = cmd.payload;
      if (!t.seats[seat]?.bot) return no('BAD_REQUEST', `no bot on seat ${seat}`);
      return yes([{ type: 'unseat', seat }]);
    }
    case 'unseat': {
      // the same entry as a stand: the seat's token stops working, every client folds `unseated`
      if (!actor.isHost) return no('NOT_HOST', 'only the host may free a seat');
      if (statusOf(t) === 'playing') return no('GAME_IN_PROGRESS', 'seats can change only between games');
      const { seat } = cmd.payload;
      const holder = t.seats[seat];
      if (!holder || holder.bot !== null) return no('BAD_REQUEST', `no player on seat ${seat}`);
      // the sender's own seat is always here (their socket holds it): they have `stand`
      const away = awayFor(seat);
      if (away === null) return no('BAD_REQUEST', `the player on seat ${seat} is here: only an absent player's seat can be freed`);
      // a player reloading, or reconnecting after a restart or the table's move, is not gone yet
      if (away < UNSEAT_AFTER_MS) return no('BAD_REQUEST', `the player on seat ${seat} left less than ${UNSEAT_AFTER_MS / 1000} s ago: their seat is held that long in case they come back`);
      return yes([{ type: 'unseat', seat }]);
    }
    case 'start':
      if (!actor.isHost) return no('NOT_HOST', 'only the host may start the game');
      return nextGame(t);
    case 'rematch':
      if (!actor.isHost) return no('NOT_HOST', 'only the host may start a rematch');
      if (statusOf(t) === 'lobby') return no('GAME_NOT_STARTED', 'no game was played yet: use start');
      return nextGame(t);
    case 'settings': {
      if (!actor.isHost) return no('NOT_HOST', 'only the host may change the settings');
      if (statusOf(t) === 'playing') return no('GAME_IN_PROGRESS', 'settings can change only between games');
      const rules = { ...t.settings.rules, ...cmd.payload.rules };
      const { hints, ...options0 } = { ...t.settings.options, ...cmd.payload.options };
      // as at creation: `hints` present only when on (`hints: false` removes it)
      const options = { ...options0, ...(hints ? { hints: true as const } : {}) };
      // the settings the table already has: acknowledged, nothing written
      if (isDeepStrictEqual(rules, t.settings.rules) && isDeepStrictEqual(options, t.settings.options)) return yes([]);
      return yes([{ type: 'settings', rules, options }]);
    }
    case 'action': {
      if (actor.seat === null) return no('NOT_SEATED', 'spectators cannot play: take a seat first');
      if (statusOf(t) === 'lobby') return no('GAME_NOT_STARTED', 'the game has not started');
      if (cmd.payload.version !== t.version)
        return no('STALE_VERSION', `version ${cmd.payload.version} is not the current version ${t.version}`);
      return yes([{ type: 'action', action: actionOf(cmd.payload.action, actor.seat), by: 'player' }], { reply: { version: t.version + 1 } });
    }
    default:
      return assertNever(cmd);
  }
}

/** `start` (and `rematch` after a game): empty seats get bots with `fillWithBots`, then the next game starts. */
function nextGame(t: TableState): PlanResult {
  if (statusOf(t) === 'playing') return no('GAME_IN_PROGRESS', 'a game is in progress: start the next one once it is over');
  const entries: LogEntry[] = [];
  if (t.settings.options.fillWithBots)
    t.seats.forEach((h, i) => {
      const seat = i as Seat;
      if (!h) entries.push({ type: 'seat', seat, name: botName(seat), tokenHash: null, bot: t.settings.options.botLevel });
    });
  entries.push({ type: 'gameStart' });
  return yes(entries);
}

/** The success ack for a plan. */
export function ackOf(plan: Plan): Ack<Record<string, unknown>> {
  return { ok: true, ...plan.reply };
}
