// connectTable's reconnection on the network's or the page's return, over a stand-in for
// socket.io-client (the real one is exercised in e2e/tests/presence.test.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;
interface FakeSocket {
  handlers: Map<string, Handler>;
  /** As Socket.IO keeps it: false once the server refused the handshake or dropped the socket for good. */
  active: boolean;
  connected: boolean;
  connect: ReturnType<typeof vi.fn>;
  disconnect: ReturnType<typeof vi.fn>;
  close: ReturnType<typeof vi.fn>;
}
const fake = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('socket.io-client', () => ({
  io: () => {
    const handlers = new Map<string, Handler>();
    const socket = { handlers, active: true, connected: false, connect: vi.fn(), disconnect: vi.fn(), close: vi.fn(), on: (e: string, h: Handler) => void handlers.set(e, h), io: { engine: null } };
    fake.socket = socket;
    return socket;
  },
}));

const { connectTable } = await import('./socket.js');

function open() {
  const status = vi.fn();
  const refused = vi.fn();
  const t = connectTable(() => ({ tableId: 'T1' }), { status, refused } as never);
  const s = fake.socket!;
  const emit = (e: string, ...args: unknown[]): void => {
    if (e === 'connect') s.active = s.connected = true;
    if (e === 'disconnect') [s.connected, s.active] = [false, args[0] !== 'io server disconnect'];
    if (e === 'connect_error') s.active = !(args[0] as { data?: unknown }).data;
    s.handlers.get(e)!(...args);
  };
  return { t, s, emit, refused };
}
const online = (): boolean => dispatchEvent(new Event('online'));
const shown = (): boolean => document.dispatchEvent(new Event('visibilitychange'));

describe('connectTable: reconnecting at once', () => {
  let close: (() => void) | null = null;
  afterEach(() => close?.());

  it('not while the first handshake runs, nor after the server refused it', () => {
    const { t, s, emit, refused } = open();
    close = () => t.close();
    online();
    shown();
    expect(s.connect).not.toHaveBeenCalled(); // the handshake under way is not cut short
    emit('connect_error', Object.assign(new Error('refused'), { data: { code: 'NO_SUCH_TABLE', message: 'no such table' } }));
    expect(refused).toHaveBeenCalledOnce();
    online();
    shown();
    expect(s.connect).not.toHaveBeenCalled(); // a refusal is not asked again at every tab switch
  });

  it('a lost connection, and one the server dropped for good (its table gone), when the network or the page comes back', () => {
    const { t, s, emit } = open();
    close = () => t.close();
    emit('connect');
    emit('disconnect', 'transport close');
    online();
    expect(s.disconnect).toHaveBeenCalledOnce();
    expect(s.connect).toHaveBeenCalledOnce();
    emit('connect');
    shown();
    expect(s.connect).toHaveBeenCalledOnce(); // connected: nothing to do
    emit('disconnect', 'io server disconnect'); // Socket.IO will not try again by itself
    shown();
    expect(s.connect).toHaveBeenCalledTimes(2);
    emit('connect_error', new Error('xhr poll error')); // the network still out
    online();
    expect(s.connect).toHaveBeenCalledTimes(3);
  });

  it('listens no more once closed', () => {
    const { t, s, emit } = open();
    emit('disconnect', 'transport close');
    t.close();
    online();
    shown();
    expect(s.connect).not.toHaveBeenCalled();
  });
});
