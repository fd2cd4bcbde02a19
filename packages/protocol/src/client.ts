/**
 * `@belote/protocol/client` — the zod-free entry point for clients (the web app, a third-party
 * client): the constants, the fold of the protocol and every wire type. The zod schemas stay in
 * the main entry (`@belote/protocol`) for servers and tests that validate frames; importing
 * this one never loads zod (only `import type` reaches the schema files).
 */
export { PROTOCOL_VERSION } from './version.js';
export { BOT_LEVELS, TABLE_STATUSES, UNSEAT_AFTER_MS, type BotLevel, type TableStatus } from './constants.js';
export { ERROR_CODES, type ErrorCode, type ProtocolError } from './errors.js';
export { applyPresence, applyStep, frameOrder } from './fold.js';
export { CHAT_KEPT, CHAT_LINE_LIMIT, CHAT_MAX_CHARS, REACTIONS, REACTION_LIMIT, type ReactionId } from './chat-constants.js';
export { chatLength, chatTextProblem, cleanChatText } from './chat-text.js';
export { NAME_MAX_CHARS, cleanDisplayName, displayNameIssue, displayNameProblem, type NameProblem } from './display-name.js';
export { DEFAULT_CHAT_SETTINGS, applyChatEntry, applyChatSettings, chatEntryOrder, chatRefusal, type ChatWriter } from './chat-fold.js';
export type { ChatAck, ChatEventName, ChatEntry, ChatHistoryAck, ChatSender, ChatSettings, ChatState, ChatTarget, ReactionFrame } from './chat.js';
export type {
  Ack,
  ActionAck,
  ClientEventName,
  ClientEventPayload,
  ClientToServerEvents,
  ConnectErrorData,
  GameAction,
  Handshake,
  NextDeal,
  Presence,
  ServerFrameName,
  ServerFrames,
  ServerToClientEvents,
  SitAck,
  Snapshot,
  Step,
  StepEvent,
  SyncAck,
  TableEvent,
  Timers,
  You,
} from './socket.js';
export type { CreateTableRequest, CreateTableResponse, HttpErrorBody, SeatInfo, TableOptions, TableRecord, TableSummary } from './http.js';
