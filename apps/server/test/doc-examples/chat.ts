/**
 * PROTOCOL.md §15.4's chat example, compiled by `pnpm typecheck`: the declarations are the
 * context the document leaves out; doc-tables.test.ts checks that the document shows exactly
 * the lines below the marker.
 */
import { applyChatEntry, chatEntryOrder, type ChatEntry, type ChatState, type ClientToServerEvents, type ServerToClientEvents } from '@belote/protocol/client';
import type { Socket } from 'socket.io-client';

declare const socket: Socket<ServerToClientEvents, ClientToServerEvents>;
declare let chat: ChatState;
declare const lines: ChatEntry[];
declare function catchUp(): Promise<void>;
// ---- PROTOCOL.md §15.4 ----
socket.on('chat', (e) => {
  const order = chatEntryOrder(chat, e);
  if (order === 'next') { chat = applyChatEntry(chat, e); lines.push(e); }
  else if (order === 'gap') void catchUp();      // chatHistory { after: lines.at(-1)?.id ?? 0 }
});
await socket.emitWithAck('chat', { text: 'Bien joué partenaire !' });   // { ok: true, id: 7 }
