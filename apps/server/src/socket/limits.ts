/**
 * Abuse limits of the socket surface: sockets per address and per table (spectators: a seat's
 * player and the host are always let in), and event rates keyed by who sends rather than by
 * socket — a seat token for a player (all its tabs together), the address for everyone else,
 * plus a wider budget per address — so reconnecting never resets them.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Config } from '../config.js';
import { EventBudget } from '../event-budget.js';

/** Which proxies' X-Forwarded-For to believe (TRUST_PROXY; express's `trust proxy` gets the same list). */
export type ProxyTrust = ReturnType<typeof proxyaddr.compile>;
export const proxyTrust = (trusted: readonly string[]): ProxyTrust => proxyaddr.compile([...trusted]);

/** The client's address: X-Forwarded-For is believed only from a trusted proxy (by default, one on this host). */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  try {
    return proxyaddr(req, trust);
  } catch {
    return req.socket.remoteAddress ?? 'unknown';
  }
}

export type Limits = Pick<Config, 'rateLimitEvents' | 'rateLimitAddressEvents' | 'maxSocketsPerTable' | 'maxSocketsPerAddress' | 'trustProxy'>;

export class SocketLimits {
  private readonly perAddress = new Map<string, number>();
  private readonly perTable = new Map<string, number>();
  private readonly sender: EventBudget;
  private readonly address: EventBudget;
  readonly trust: ProxyTrust;

  constructor(private readonly config: Limits) {
    this.sender = new EventBudget(config.rateLimitEvents, 1000);
    this.address = new EventBudget(config.rateLimitAddressEvents, 1000);
    this.trust = proxyTrust(config.trustProxy);
  }

  /**
   * Take a place for a socket from this address, or say why not. Counted at once, before the
   * handshake awaits its table, so that handshakes waiting on the store together cannot all
   * pass the limit; given back by `release`.
   */
  takeAddress(address: string): string | null {
    if ((this.perAddress.get(address) ?? 0) >= this.config.maxSocketsPerAddress)
      return `too many connections from your address (at most ${this.config.maxSocketsPerAddress})`;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    return null;
  }

  /** Take a place at the table, or say why not. `privileged` (a seat token or the host key): always let in, and counted. */
  takeTable(tableId: string, privileged: boolean): string | null {
    if (!privileged && (this.perTable.get(tableId) ?? 0) >= this.config.maxSocketsPerTable)
      return `this table has too many connections (at most ${this.config.maxSocketsPerTable}): try again later`;
    this.perTable.set(tableId, (this.perTable.get(tableId) ?? 0) + 1);
    return null;
  }

  /** Give back what `takeAddress` (and `takeTable` when `table`) took. */
  release(address: string, tableId: string, table: boolean): void {
    decrement(this.perAddress, address);
    if (table) decrement(this.perTable, tableId);
  }

  /** Take one event from the sender's budget, then the address's; false when either is spent (the address is not charged then). */
  take(senderKey: string, address: string): boolean {
    const now = Date.now();
    return this.sender.take(senderKey, now) && this.address.take(address, now);
  }
}

function decrement(m: Map<string, number>, key: string): void {
  const n = (m.get(key) ?? 0) - 1;
  if (n > 0) m.set(key, n);
  else m.delete(key);
}
