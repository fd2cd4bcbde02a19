/**
 * Test support: a transport that records what is sent and answers with scripted acks (a value,
 * or a function of the payload), and a TableClient connected through it. Test-only.
 */
import type { ClientEventName, Snapshot } from '@belote/protocol/client';
import { vi } from 'vitest';
import { TABLE_ID } from './fixtures.js';
import type { Credentials, Transport, TransportHandlers } from '../src/lib/socket.js';
import { TableClient } from '../src/lib/store.svelte.js';

export type Acks = Partial<Record<ClientEventName, unknown>>;

export function fakeTransport(acks: Acks = {}) {
  const sent: { event: ClientEventName; payload: unknown }[] = [];
  let handlers!: TransportHandlers;
  let credentials!: () => Credentials;
  const reconnect = vi.fn();
  const factory = (creds: () => Credentials, on: TransportHandlers): Transport => {
    handlers = on;
    credentials = creds;
    return {
      send: (event, payload) => {
        sent.push({ event, payload });
        const ack = acks[event];
        return Promise.resolve((typeof ack === 'function' ? (ack as (p: unknown) => unknown)(payload) : (ack ?? { ok: true })) as never);
      },
      reconnect,
      close: () => {},
    };
  };
  return { factory, sent, reconnect, on: () => handlers, creds: () => credentials() };
}

/** A connected client that has received `first`. */
export function connected(first: Snapshot, acks: Acks = {}) {
  const t = fakeTransport(acks);
  const client = new TableClient(TABLE_ID);
  client.connect(t.factory);
  t.on().status('connected');
  t.on().snapshot(first);
  return { client, t };
}
