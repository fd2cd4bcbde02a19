/**
 * Seeded generators of hostile socket payloads for the fuzz tests: wrong types, missing and
 * extra fields, huge strings, deep nesting, binary, prototype-pollution keys, wrong versions,
 * and near-valid payloads with one field broken. Deterministic for a given seed.
 */
import { CLIENT_EVENTS, type ClientEventName } from '@belote/protocol';
import type { Rng } from '@belote/rules';

const KEYS = ['seat', 'name', 'version', 'action', 'type', 'card', 'suit', 'value', 'level', 'token', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'then', ''];
const STRINGS = ['', ' ', 'pass', 'take', 'play', 'bid', 'coinche', 'surcoinche', 'capot', 'classic', 'JH', '10D', 'ZZ', 'H', 'X', 'easy', 'strong', '__proto__', 'constructor', '<script>alert(1)</script>', '\u0000', '\ud800', '🂡', 'null', '-1'];
const NUMBERS = [0, 1, -1, 3, 4, 0.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 32, NaN, Infinity];

export class PayloadGen {
  constructor(private readonly rng: Rng) {}

  int(n: number): number {
    return Math.floor(this.rng() * n);
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }

  /** A string: short, from the list, unicode, or huge (up to `max` characters). */
  string(max = 12_000): string {
    switch (this.int(4)) {
      case 0:
        return this.pick(STRINGS);
      case 1:
        return 'é'.repeat(this.int(40));
      case 2:
        return 'x'.repeat(this.int(max));
      default:
        return String.fromCharCode(...Array.from({ length: this.int(30) }, () => this.int(0x10000)));
    }
  }

  /** Any JSON-ish value, binary included. */
  value(depth = 0): unknown {
    const k = this.int(depth > 3 ? 6 : 10);
    switch (k) {
      case 0:
        return null;
      case 1:
        return this.rng() < 0.5;
      case 2:
        return this.pick(NUMBERS);
      case 3:
        return this.string(depth > 0 ? 2_000 : 12_000);
      case 4:
        return Buffer.from(Array.from({ length: this.int(64) }, () => this.int(256)));
      case 5:
        return undefined;
      case 6:
      case 7:
        return this.object(depth + 1);
      case 8:
        return Array.from({ length: this.int(5) }, () => this.value(depth + 1));
      default:
        return this.deep(50 + this.int(1500));
    }
  }

  /** An object with keys from the dangerous list; `__proto__` made an own key via JSON.parse. */
  object(depth = 0): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    // defineProperty: `__proto__` becomes an own key (sent as such), never the object's prototype
    for (let i = this.int(5); i > 0; i--) Object.defineProperty(o, this.pick(KEYS), { value: this.value(depth), enumerable: true, writable: true, configurable: true });
    if (this.rng() < 0.3) return Object.assign(JSON.parse(`{"__proto__": {"polluted": true, "ok": true, "seat": 0}}`) as Record<string, unknown>, o);
    return o;
  }

  /** `{a:{a:…}}` or `[[…]]` nested `levels` deep. */
  deep(levels: number): unknown {
    let v: unknown = this.rng() < 0.5 ? 1 : {};
    const arrays = this.rng() < 0.5;
    for (let i = 0; i < levels; i++) v = arrays ? [v] : { a: v };
    return v;
  }

  /** A valid-looking payload for `event`, then one field broken (or an extra field added). */
  nearValid(event: ClientEventName, version: number): unknown {
    const base: Record<ClientEventName, Record<string, unknown>> = {
      sit: { seat: this.int(4), name: 'Zed' },
      stand: {},
      start: {},
      addBot: { seat: this.int(4), level: 'easy' },
      removeBot: { seat: this.int(4) },
      unseat: { seat: this.int(4) },
      action: { version: version + this.pick([-2, -1, 1, 2, 1000]), action: this.pick([{ type: 'pass' }, { type: 'take' }, { type: 'take', suit: 'H' }, { type: 'play', card: 'JH' }, { type: 'bid', value: 90, suit: 'S' }, { type: 'bid', value: 'capot', suit: 'C' }, { type: 'coinche' }, { type: 'surcoinche' }]) },
      ready: {},
      rematch: {},
      settings: { rules: { target: this.pick([501, 2000, 301]), tie: 'dedans' }, options: { turnTimerSeconds: this.pick([null, 30]), fillWithBots: true } },
      sync: {},
      chat: { text: this.pick(['hi', '<script>alert(1)</script>', '\u0000\u202e x', 'x'.repeat(201)]) },
      react: { reaction: this.pick(['oops', 'clap', 'Oups']) },
      chatHistory: { after: this.int(3) },
      chatMute: { target: this.pick([{ seat: this.int(4) }, { spectator: 'abcdefghijk' }]), muted: true },
      spectatorChat: { on: false },
    };
    const p = structuredClone(base[event]);
    const keys = Object.keys(p);
    switch (this.int(5)) {
      case 0:
        if (keys.length) delete p[this.pick(keys)];
        else p.extra = this.value(1);
        break;
      case 1:
        Object.defineProperty(p, this.pick(KEYS), { value: this.value(1), enumerable: true, writable: true, configurable: true });
        break;
      case 2:
        if (keys.length) p[this.pick(keys)] = this.value(1);
        else p.extra = 1;
        break;
      case 3:
        if (p.action && typeof p.action === 'object') (p.action as Record<string, unknown>)[this.pick(['seat', 'type', 'card', 'suit', 'value', 'x'])] = this.value(2);
        else p.seat = this.pick([-1, 4, 1.5, '0', null]);
        break;
      default:
        // an action quoting a wrong version, otherwise well-formed (STALE_VERSION or NOT_YOUR_TURN)
        return { version: version + this.pick([-1, 1]), action: { type: 'play', card: this.pick(['JH', '7S', 'AC']) } };
    }
    return p;
  }

  /** An event name and its payload. */
  event(version: number): { event: ClientEventName; payload: unknown } {
    const event = this.pick(CLIENT_EVENTS);
    return { event, payload: this.rng() < 0.5 ? this.nearValid(event, version) : this.value() };
  }
}
