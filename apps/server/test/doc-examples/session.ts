/**
 * PROTOCOL.md §1 ("A session in twenty lines"), compiled by `pnpm typecheck` under the
 * workspace's strict settings: doc-tables.test.ts checks that the document shows exactly the
 * lines below the marker, so the example a reader copies always compiles against the protocol.
 */
declare function render(state: unknown): void;
// ---- PROTOCOL.md §1 ----
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, applyPresence, applyStep, frameOrder, type ClientToServerEvents, type CreateTableResponse, type ServerToClientEvents, type Snapshot } from '@belote/protocol/client';
const { id, hostKey } = (await (await fetch('/api/tables', { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ rules: { target: 501 } }) })).json()) as CreateTableResponse;
const socket: Socket<ServerToClientEvents, ClientToServerEvents> =
  io({ query: { table: id }, auth: { protocolVersion: PROTOCOL_VERSION, tableId: id, hostKey } });  // §3
let state: Snapshot | null = null;
const resync = () => socket.emit('sync', {}, (a) => a.ok && render((state = a.snapshot)));   // §6: in the callback
socket.on('snapshot', (s) => render((state = s)));                 // on connect and when my seat changes
function fold<F extends { seq: number }>(f: F, apply: (s: Snapshot, f: F) => Snapshot) {
  if (!state) return;
  const order = frameOrder(state, f);                              // 'next' | 'stale' | 'gap'
  if (order === 'next') render((state = apply(state, f)));
  else if (order === 'gap') resync();                              // missed a frame: start over
}
socket.on('step', (f) => fold(f, applyStep));
socket.on('presence', (f) => fold(f, applyPresence));
const sat = await socket.emitWithAck('sit', { seat: 0, name: 'Alice' }); // { ok: true, seat: 0, token }
if (sat.ok) localStorage.setItem(`belote:${id}`, sat.token);         // keep it to come back later
await socket.emitWithAck('action', { version: state!.version, action: { type: 'play', card: 'JH' } });
