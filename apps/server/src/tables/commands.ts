/**
 * Client commands → log entries. `planCommand` checks who may do what (seat, host, phase)
 * and turns a validated payload into the entries to append; the rules themselves are checked
 * when the room reduces those entries (table-state.ts). Pure: no I/O, no clock.
 */
import type { Ack, ClientEventName, ClientEventPayload, ProtocolError } from '@belote/protocol';
import { assertNever, type Seat } from '@belote/rules';
import type { LogEntry } from '../store/types.js';
import { newSecret, sha256Hex } from './secrets.js';
import { statusOf, type TableState } from './table-state.js';

/** A command that may change the table: the event name with its parsed payload (`sync` is the room's). */
export type CommandName = Exclude<ClientEventName, 'sync'>;
export type Command = { [E in CommandName]: { name: E; payload: ClientEventPayload<E> } }[CommandName];

/** Who sends it. */
export interface Actor {
  seat: Seat | null;
  isHost: boolean;
}

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

function hostOnly(t: TableState, actor: Actor, what: string): PlanResult | null {
  if (!actor.isHost) return no('NOT_HOST', `only the host may ${what}`);
  if (statusOf(t) !== 'lobby') return no('GAME_IN_PROGRESS', `${what}: only before the game starts`);
  return null;
}

export function planCommand(t: TableState, actor: Actor, cmd: Command): PlanResult {
  switch (cmd.name) {
    case 'sit': {
      const { seat, name } = cmd.payload;
      if (statusOf(t) !== 'lobby') return no('GAME_IN_PROGRESS', 'seats can change only before the game starts');
      if (t.seats[seat] && actor.seat !== seat) return no('SEAT_TAKEN', `seat ${seat} is taken`);
      const token = newSecret();
      const tokenHash = sha256Hex(token);
      const entries: LogEntry[] = actor.seat !== null ? [{ type: 'unseat', seat: actor.seat }] : [];
      entries.push({ type: 'seat', seat, name, tokenHash, bot: null });
      return yes(entries, { reply: { seat, token }, bind: { seat, tokenHash } });
    }
    case 'stand': {
      if (actor.seat === null) return no('NOT_SEATED', 'you hold no seat');
      return yes([{ type: 'unseat', seat: actor.seat }], { bind: { seat: null, tokenHash: null } });
    }
    case 'addBot': {
      const denied = hostOnly(t, actor, 'add a bot');
      if (denied) return denied;
      const { seat, level } = cmd.payload;
      if (t.seats[seat]) return no('SEAT_TAKEN', `seat ${seat} is taken`);
      return yes([{ type: 'seat', seat, name: botName(seat), tokenHash: null, bot: level ?? t.settings.options.botLevel }]);
    }
    case 'removeBot': {
      const denied = hostOnly(t, actor, 'remove a bot');
      if (denied) return denied;
      const { seat } = cmd.payload;
      if (!t.seats[seat]?.bot) return no('BAD_REQUEST', `no bot on seat ${seat}`);
      return yes([{ type: 'unseat', seat }]);
    }
    case 'start': {
      const denied = hostOnly(t, actor, 'start the game');
      if (denied) return denied;
      const entries: LogEntry[] = [];
      if (t.settings.options.fillWithBots)
        t.seats.forEach((h, i) => {
          const seat = i as Seat;
          if (!h) entries.push({ type: 'seat', seat, name: botName(seat), tokenHash: null, bot: t.settings.options.botLevel });
        });
      entries.push({ type: 'gameStart' });
      return yes(entries);
    }
    case 'rematch': {
      if (!actor.isHost) return no('NOT_HOST', 'only the host may start a rematch');
      const status = statusOf(t);
      if (status === 'lobby') return no('GAME_NOT_STARTED', 'no game was played yet: use start');
      if (status === 'playing') return no('GAME_IN_PROGRESS', 'the game is not over');
      return yes([{ type: 'gameStart' }]);
    }
    case 'action': {
      if (actor.seat === null) return no('NOT_SEATED', 'spectators cannot play: take a seat first');
      if (statusOf(t) === 'lobby') return no('GAME_NOT_STARTED', 'the game has not started');
      if (cmd.payload.version !== t.version)
        return no('STALE_VERSION', `version ${cmd.payload.version} is not the current version ${t.version}`);
      const a = cmd.payload.action;
      const seat = actor.seat;
      const action = a.type === 'play' ? { type: a.type, seat, card: a.card } : a.type === 'take' ? { type: a.type, seat, ...(a.suit ? { suit: a.suit } : {}) } : { type: a.type, seat };
      return yes([{ type: 'action', action, by: 'player' }], { reply: { version: t.version + 1 } });
    }
    default:
      return assertNever(cmd);
  }
}

/** The success ack for a plan. */
export function ackOf(plan: Plan): Ack<Record<string, unknown>> {
  return { ok: true, ...plan.reply };
}
