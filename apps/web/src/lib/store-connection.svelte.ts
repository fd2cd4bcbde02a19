/**
 * The connection to one table: its status, a fatal refusal (unknown table, another protocol
 * version), dropping a seat token or host key the server no longer accepts, and asking for a
 * snapshot (`sync`) when the frames have a gap or a sleeping phone wakes up. Frames go to the
 * handlers given; the transport is injected so tests need no network.
 */
import type { ConnectErrorData } from '@belote/protocol/client';
import type { ConnectionStatus, Credentials, FrameHandlers, Transport, TransportHandlers } from './socket.js';
import { loadSecrets, saveSecrets } from './storage.js';
import type { Cues } from './store-cues.svelte.js';

/** Seat tokens this page gave up (a `stand` sent): refused later, they are no news to the player. */
const givenUp: string[] = [];
export const givingUp = (token: string | undefined): void => void (token && givenUp.push(token));

export type Fatal = 'NO_SUCH_TABLE' | 'PROTOCOL_MISMATCH' | 'BAD_REQUEST' | 'TOO_MANY_SOCKETS' | 'INTERNAL';

export type TransportFactory = (credentials: () => Credentials, on: TransportHandlers) => Transport;

export class TableConnection {
  status = $state<ConnectionStatus>('connecting');
  fatal = $state<Fatal | null>(null);
  #transport: Transport | null = null;
  #syncing = false;

  constructor(
    private readonly tableId: string,
    private readonly frames: FrameHandlers,
  ) {}

  get transport(): Transport | null {
    return this.#transport;
  }

  /** `cues` says a refused seat token: the seat is no longer this player's. */
  open(factory: TransportFactory, cues: Pick<Cues, 'notify'>): void {
    // A sit whose ack never came: its token is tried first (the seat is ours if the sit landed).
    let triedPending = false;
    let presented: string | undefined; // the seat token the handshake presents
    this.#transport = factory(
      () => {
        const { token, hostKey, pendingToken } = loadSecrets(this.tableId);
        triedPending = pendingToken !== undefined;
        presented = pendingToken ?? token;
        return { tableId: this.tableId, ...(presented ? { token: presented } : {}), ...(hostKey ? { hostKey } : {}) };
      },
      {
        ...this.frames,
        status: (s) => {
          // accepted with it: the sit had landed, the token is the seat's now
          if (s === 'connected' && triedPending) {
            const { pendingToken } = loadSecrets(this.tableId);
            if (pendingToken) saveSecrets(this.tableId, { token: pendingToken, pendingToken: null });
            triedPending = false;
          }
          this.status = s;
        },
        refused: (d) => this.refused(d, cues, triedPending, presented),
      },
    );
  }

  close(): void {
    this.#transport?.close();
    this.#transport = null;
  }

  /** Ask for a snapshot now (a gap in the frames, or the page became visible again). */
  async resync(): Promise<void> {
    const t = this.#transport;
    if (!t || this.status !== 'connected' || this.#syncing) return;
    this.#syncing = true;
    try {
      const ack = await t.send('sync', {});
      if (ack.ok) this.frames.snapshot(ack.snapshot);
    } finally {
      this.#syncing = false;
    }
  }

  private refused(d: ConnectErrorData, cues: Pick<Cues, 'notify'>, triedPending: boolean, presented?: string): void {
    if (d.code === 'BAD_TOKEN') {
      // The token of a sit whose ack was lost: the sit never landed, back with the seat (or none)
      // held before. Otherwise the stored seat token (or host key) is no longer valid: come back
      // as a spectator, told why (given up on another device, or freed by the host) rather than
      // finding the seat gone or someone else in it.
      // Not when this page gave the seat up itself (a stand whose ack was lost), nor when only the
      // host key was refused (the token, checked first, still holds the seat: kept).
      const keyOnly = d.message.includes('host key');
      if (presented && !triedPending && !keyOnly && !givenUp.includes(presented)) cues.notify(d);
      saveSecrets(this.tableId, triedPending ? { pendingToken: null } : keyOnly ? { hostKey: null } : { token: null, hostKey: null });
      this.#transport?.reconnect();
      return;
    }
    // Another protocol: the server was upgraded. The service worker would answer the reload
    // asked for with this version once more: have it fetch the new one now.
    if (d.code === 'PROTOCOL_MISMATCH') void navigator.serviceWorker?.ready.then((r) => r.update()).catch(() => {});
    this.fatal = d.code;
  }
}
